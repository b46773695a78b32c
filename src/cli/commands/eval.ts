/**
 * `vigiles eval [files]`: runs `*.eval.mjs` / `*.eval.ts` files (arms x trials against a model),
 * with a live progress display, the JSON report written atomically, the file's gate, shards, and the
 * committed eval lock (`--check`, `--update`).
 */
import { defineCommand, type CliCommand } from "../command.js";
import { DEFAULT_LOCK_DIR } from "../../tiers/eval/lock.js";
import { EVAL_OPTIONS } from "./eval-options.js";

const HELP = `Usage: vigiles eval [files…] [options]
       vigiles eval <plugin dir> [options]

A plugin directory with an eval suite (evals/, the \`claude plugin eval\` format) runs every case
with and without the plugin x runs, prints each case's with-versus-without difference with a 95%
interval and a paired test over cases, and writes report.json and aggregate-result.json (the CLI's
schema) to --out (default .vigiles/eval-reports/<plugin>/). llm and baseline graders need --judge
unless the driver is paid. Exit 1 when a case's with-plugin score is below --threshold (default 1).
--check and --update use one eval lock per harness (plugin-suite:<plugin>@<harness>).

Runs eval files (*.eval.mjs, *.eval.ts; default: every one under the current directory). Each file
declares one runner (runEval, measure, measureArms, measureTriggerRate) with defineEval; the default
driver calls the real model, so this SPENDS MONEY unless --driver points elsewhere.

Options:
  --trials=N          override the trials of every eval
  --shard i/n         run only shard i of n of each grid (merge with \`vigiles merge-reports\`);
                      the file's gate is not run on a shard: it judges the whole grid
  --gate <report>     run nothing: apply the file's gate to this report, the shards merged by
                      \`vigiles merge-reports\` (checked to be this eval's whole grid); with
                      --update, write the lock from it. Pass the shard runs' --trials and --driver.
                      A measureTriggerRate eval shards its prompts x trials grid the same way
  --out <path>        where the JSON report goes (one file: that path; several: a directory)
                      default .vigiles/eval-reports/<name>.json; raw rows go beside it (.rows.jsonl)
  --check             run nothing: fail when a named eval's inputs changed since its lock
  --update            run, then rewrite the committed lock of each named eval
  --lock-dir <dir>    where locks live (default ${DEFAULT_LOCK_DIR})
  --driver <module>   a module exporting an eval driver (default: Claude Code against the real model)
  --harness-version <v>  run the default driver on another Claude Code release (e.g. 2.1.332, latest),
                      fetched into the harness cache first; the report and lock name the release
  --cache <mode>      override each eval's cache mode: readwrite, read (replay, record nothing),
                      write (run everything, record it) or off
  --judge <module>    (plugin suite) a module exporting a judge function for llm/baseline graders
  --threshold <x>     (plugin suite) the with-plugin score each case must reach (default 1)
  --require-effect    (plugin suite) also fail unless the suite-level test finds the plugin helps,
                      on every harness
  --harness <a,b>     (plugin suite) run it on each harness named (ids or aliases) and print them
                      side by side; each gets --out/<harness>/, and --out/summary.json holds the view.
                      The --driver module's default export is called with { harness } for each
                      (e.g. mockModelDriver: the real CLI against a scripted mock, free); without
                      --driver only Claude Code runs (paid), another harness is refused
  --baseline <file>   (plugin suite) fail when a harness's run regressed against its report there
  --update-baseline   (plugin suite) run, then write every harness's report to --baseline
  --scaffold          (plugin suite) run each case's scaffold_script (bash, confined) before the
                      agent; without it such a case runs unstaged and a warning names it

Ctrl-C once: stop launching, finish in-flight trials, write the report (marked aborted), exit 130.
Ctrl-C twice: kill the in-flight runs now, exit 130.
Exit code: 1 when a gate (the file's assert), a lock check or a run fails; 2 on bad usage.
`;

export const evalCommand: CliCommand = defineCommand({
  name: "eval",
  summary: "run *.eval.mjs / *.eval.ts files against a model (paid); --check/--update the eval lock",
  help: HELP,
  options: EVAL_OPTIONS,
  positionals: true,
  // The run's modules load only when it runs: `--help` stays a fast start.
  run: async (args) => (await import("./eval-run.js")).runEval(args),
});
