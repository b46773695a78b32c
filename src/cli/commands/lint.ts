/** `vigiles lint [dir]`: instruction files compiled from specs must still resolve and be untouched. */
import { defineCommand, type CliCommand } from "../command.js";
import { LINT_OPTIONS } from "./lint-options.js";

const HELP = `Usage: vigiles lint [dir] [options]

Checks the instruction files (CLAUDE.md, AGENTS.md) compiled from *.md.spec.ts specs under dir
(default: the current directory): every file, directory, glob, command and symbol a spec names
must still exist, and a compiled file must be neither edited by hand nor older than its spec.

Options:
  --format <human|json|sarif>  output format (default: human)

Exit code: 1 when a check fails, 2 on bad usage, else 0.
`;

export const lintCommand: CliCommand = defineCommand({
  name: "lint",
  summary: "check instruction files (CLAUDE.md / AGENTS.md) against their specs: references, hand edits",
  help: HELP,
  options: LINT_OPTIONS,
  positionals: true,
  // The run's modules load only when it runs: `--help` stays a fast start.
  run: async (args) => (await import("./lint-run.js")).runLint(args),
});
