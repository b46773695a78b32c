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
import { factsCommand } from "./commands/facts.js";
import { fetchHarnessCommand } from "./commands/fetch-harness.js";
import type { CliCommand } from "./command.js";

export type { CliCommand } from "./command.js";

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
  factsCommand,
  fetchHarnessCommand,
  // --- one line per command module, e.g. testCommand (issue 12), evalCommand (issue 6) ---
];
