/** What `vigiles lint` does once its arguments are parsed (./lint.ts declares the command). */
import type { LintCommandArgs } from "./lint-options.js";
import { statSync } from "node:fs";
import { CliUsageError, oneOf } from "../command.js";
import { VigilesError } from "../../core/errors.js";
import { summarize } from "../../tools/audit/static-audit.js";
import { AUDIT_FORMATS, formatReport } from "../../tools/audit/format.js";
import { instructionRules, lintInstructionFiles } from "../../tools/lint/lint.js";

/** Runs `vigiles lint` with parsed arguments; resolves to the exit code. */
export async function runLint({ values, positionals }: LintCommandArgs): Promise<number> {
  const format = oneOf("format", values.format, AUDIT_FORMATS);
  if (positionals.length > 1) throw new CliUsageError(`give one directory, got ${positionals.length}.`);
  const dir = positionals[0] ?? ".";
  // A path that is not a folder would lint nothing and report "no problems": a green run that checked nothing.
  if (!isDirectory(dir))
    throw new CliUsageError(`Cannot lint "${dir}": it is not a folder. Pass the repository folder.`);
  try {
    const { root, findings } = await lintInstructionFiles(dir);
    const report = { root, findings, summary: summarize(findings) };
    process.stdout.write(formatReport(report, format, { command: "vigiles lint", rules: instructionRules }));
    return report.summary.errors > 0 ? 1 : 0;
  } catch (error) {
    if (error instanceof VigilesError) {
      process.stderr.write(`vigiles lint: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
