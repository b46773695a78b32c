/** The registry of `vigiles` subcommands. Each area adds its command module here. */
import { testCommand } from "./commands/test.js";
import { doctorCommand } from "./commands/doctor.js";
import { initCommand } from "./commands/init.js";
import { explainCommand } from "./commands/explain.js";
import { recordCommand } from "./commands/record.js";
import { auditCommand } from "./commands/audit.js";
import { lintCommand } from "./commands/lint.js";
import { compileCommand } from "./commands/compile.js";
import { reportCommand } from "./commands/report.js";
import { evalCommand } from "./commands/eval.js";
import { mergeReportsCommand } from "./commands/merge-reports.js";
import { mutateCommand } from "./commands/mutate.js";

export interface CliCommand {
  readonly name: string;
  readonly summary: string;
  /** Runs the command with its own arguments; resolves to the process exit code. */
  run(argv: readonly string[]): Promise<number>;
}

export const commands: CliCommand[] = [
  testCommand,
  doctorCommand,
  initCommand,
  explainCommand,
  recordCommand,
  auditCommand,
  lintCommand,
  compileCommand,
  reportCommand,
  evalCommand,
  mergeReportsCommand,
  mutateCommand,
  // --- one line per command module, e.g. testCommand (issue 12), evalCommand (issue 6) ---
];
