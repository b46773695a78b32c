/** `vigiles lint [dir]`: instruction files compiled from specs must still resolve and be untouched. */
import { statSync } from "node:fs";
import { CliUsageError, defineCommand, oneOf, type CliCommand } from "../command.js";
import { VigilesError } from "../../core/errors.js";
import { summarize } from "../../tools/audit/static-audit.js";
import { AUDIT_FORMATS, formatReport } from "../../tools/audit/format.js";
import { instructionRules, lintInstructionFiles } from "../../tools/lint/lint.js";

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
  options: { format: { type: "string", default: "human" } },
  positionals: true,
  async run({ values, positionals }) {
    const format = oneOf("format", values.format, AUDIT_FORMATS);
    if (positionals.length > 1) throw new CliUsageError(`give one directory, got ${positionals.length}.`);
    const dir = positionals[0] ?? ".";
    // A path that is not a folder would lint nothing and report "no problems": a green run that checked nothing.
    if (!isDirectory(dir))
      throw new CliUsageError(`Cannot lint "${dir}": it is not a folder. Pass the repository folder.`);
    try {
      const { root, findings } = await lintInstructionFiles(dir);
      const report = { root, findings, summary: summarize(findings) };
      process.stdout.write(
        formatReport(report, format, { command: "vigiles lint", rules: instructionRules }),
      );
      return report.summary.errors > 0 ? 1 : 0;
    } catch (error) {
      if (error instanceof VigilesError) {
        process.stderr.write(`vigiles lint: ${error.message}\n`);
        return 2;
      }
      throw error;
    }
  },
});

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
