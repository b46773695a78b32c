/** `vigiles init`: starter tests for the hooks and skills this repository already has. */
import { defineCommand, type CliCommand } from "../command.js";
import { INIT_OPTIONS } from "./init-options.js";

const HELP = `Usage: vigiles init [--out tests/vigiles] [--runner vigiles|vitest|jest] [--ci github] [--force]

Finds the command hooks (.claude/settings*.json, plugins' hooks/hooks.json) and skills of this
repository and writes a starter test for each: a test file per hook and a trigger-rate eval
skeleton per skill (run with \`vigiles eval\`; it calls a real model). Existing files are kept
unless --force.

Each hook's example events are derived from its event, matcher and script (a Read|Grep|Glob hook
gets a Read, a guard whose script greps \`git commit\` gets a \`git commit\`). Out of the box the
starters pass or skip: the contract tests run (no crash, no timeout, an answer the harness reads),
and the verdict tests (blocks this, allows that) are test.skip until you say what the hook is for.

Options:
  --out <dir>        where the starters go (default tests/vigiles)
  --runner <name>    vigiles: *.harness.mjs files for \`vigiles test\`; vitest or jest:
                     *.vigiles.test.mjs files for that runner. Default: vitest or jest when
                     package.json lists it (or its config file is here), else vigiles.
  --ci github        also write .github/workflows/vigiles.yml: the free tiers (audit, the hook
                     tests with a JUnit report and a job summary) on every push; with eval files,
                     the paid evals on the default branch and by hand, sharded over a job matrix
                     (--shard i/n), merged (merge-reports), gated once and rendered (report)
  --shards <n>       shards of the eval matrix (default 4)
  --force            replace existing files
`;

export const initCommand: CliCommand = defineCommand({
  name: "init",
  summary: "write starter tests for this repository's hooks and skills",
  help: HELP,
  options: INIT_OPTIONS,
  // The run's modules load only when it runs: `--help` stays a fast start.
  run: async (args) => (await import("./init-run.js")).runInit(args),
});
