/** `vigiles mutate [paths]`: breaks the harness one way at a time in temp copies and reports what the tests missed. */
import { defineCommand, type CliCommand } from "../command.js";
import { HARNESSES } from "../../adapters/registry.js";
import { MUTATE_OPTIONS } from "./mutate-options.js";

const HELP = `Usage: vigiles mutate [test paths…] [options]

Breaks the harness (command hooks, hook programs, skills, agents) one way at a time, each in its own
temp copy of the repository, runs the tests that exercised the broken item, and reports every
breakage the tests did not notice. The repository itself is never written. Hooks are found in the
files each harness reads (${HARNESSES.map((h) => `${h.displayName}: ${h.hookFileAudit.files}`).join("; ")});
each mutant is written in that file's own fields and units.

A test reaches a hook through its registration (runHook({ registration }), a harness test) or by
its script (runHook("bash hooks/guard.sh"), assertBlocksDisasters, propertyHook, or any test that
runs the script as a process). Behaviour mutants (always allows, crashes, exit 2 -> 0, deny ->
block) stand at the script's path in the copy, so both kinds of test meet them; registration
mutants (removed, matcher misses, past its timeout) only count for tests through the registration.
Each mutant is killed, survived (with the tests that ran), not exercised (no test reaches it that
way: how to reach it is said), not applicable (it cannot change the hook), or an error; the score
is killed / (killed + survived).

A hook file that several harnesses read (a plugin's hooks/hooks.json that is also an extension's) is
one item per harness, its id ending in @<harness>: each reading's mutants follow that harness's
rules (what exit 2 does on the event, the timeout's unit, the variables it sets), and only a test
run by that harness's rules (runHook's harness option, a harness test of that CLI) reaches it. The
report names the harness of every line and scores each harness. A skill or agent is reached by a
run whose requests carry its description (the skill listing, a tool definition listing subagents),
that calls or starts it, or that runs a hook whose source names its file.

"Its source never exits 2" (and the other reasons a mutant is not applicable) are claimed only from
the whole text a hook runs: its script and every file the script sources. A script that sources or
execs a file named at run time ("$DIR/\${client}.sh") gets no such claim: the mutant runs instead.

When no test records what it reaches (a --command suite such as pytest that does not use vigiles'
runners), the suite runs once more with every registered hook command marked (the probe): a
registration mutant on a handler no test ran through its registration is then not exercised
rather than survived. If that run fails, the report says so and the probe is not used.

Options:
  --root <dir>          the repository to mutate (default: the current folder)
  --command "<cmd>"     run the project's own test command (sh -c, in the copy) instead of vigiles test
                        (pytest, vitest …; its vigiles runners still record what they reach)
  --concurrency <n>     mutants running at once (default: cores, plus one lane for the past-timeout
                        mutants, which mostly wait; a number given here is kept exactly)
  --since <rev>         mutate only items whose files changed since this git revision (when
                        none did, there is nothing to test and the run exits 0, saying so)
  --min-score <0-100>   exit 1 when the mutation score is below this
  --format <text|json|html>  output (default: text)
  --out <file>          write the report there (atomically) instead of stdout
  --timeout <seconds>   limit per test run (default: 5x the slowest baseline file, at least 60)
  --no-speculate        wait for the baseline run before the first mutant (by default mutants start
                        on the cores the baseline leaves idle: with one test file or a --command from
                        the start, with several files on the files already in; the results are the same)

Exit code: 0 when every mutant was tested (and the score meets --min-score), 1 when one could not be
tested, the score is below --min-score, or there was nothing to mutate (no hook, program, skill or
agent: nothing was tested), 2 for bad input (a --root that is not a folder, a bad flag).
`;

export const mutateCommand: CliCommand = defineCommand({
  name: "mutate",
  summary: "break the harness one way at a time and report what the tests did not notice",
  help: HELP,
  options: MUTATE_OPTIONS,
  positionals: true,
  // The run's modules load only when it runs: `--help` stays a fast start.
  run: async (args) => (await import("./mutate-run.js")).runMutate(args),
});
