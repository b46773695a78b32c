/**
 * `vigiles merge-reports <files…>`: merges the shard reports of one eval (`vigiles eval --shard i/n`)
 * into one report, as Playwright merges blob reports.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { defineCommand, type CliCommand } from "../command.js";
import { mergeReports } from "../../core/eval/merge.js";
import type { EvalReport, TrialRow } from "../../core/eval-report.js";
import { writeFileAtomic } from "../../runtime/atomic-write.js";
import { readRowsFile } from "../../tiers/eval/rows-file.js";

const HELP = `Usage: vigiles merge-reports <report.json…> [--out merged.json]

Merges the shard reports of one eval run (vigiles eval --shard i/n) into one report: metrics are
combined exactly, rows concatenated (read from each report's rows file when it has one), costs summed.
Reports of different inputs, a repeated shard, or a newer report version are refused.

Options:
  --out <path>   where the merged report goes (default: print it on stdout)
`;

export const mergeReportsCommand: CliCommand = defineCommand({
  name: "merge-reports",
  summary: "merge the shard reports of one eval (vigiles eval --shard i/n) into one",
  help: HELP,
  options: { out: { type: "string" } },
  positionals: true,
  async run(parsed) {
    if (parsed.positionals.length === 0) {
      process.stderr.write(`vigiles merge-reports: name at least one report.\n\n${HELP}`);
      return 2;
    }
    try {
      const reports = parsed.positionals.map((file) =>
        withRows(JSON.parse(readFileSync(file, "utf8")) as EvalReport, file),
      );
      const { report, missingShards } = mergeReports(reports, parsed.positionals);
      if (missingShards.length > 0) {
        process.stderr.write(
          `vigiles merge-reports: warning: shards ${missingShards.join(", ")} are missing; the merged report covers part of the grid.\n`,
        );
      }
      const text = JSON.stringify(report, null, 2) + "\n";
      if (parsed.values.out !== undefined) {
        writeFileAtomic(parsed.values.out, text);
        process.stdout.write(`merged ${reports.length} reports into ${parsed.values.out}\n`);
      } else {
        process.stdout.write(text);
      }
      return 0;
    } catch (error) {
      process.stderr.write(`vigiles merge-reports: ${(error as Error).message}\n`);
      return 1;
    }
  },
});

/** A report whose rows were streamed to a file gets them back, so the merged report keeps every row. */
function withRows(report: EvalReport, reportPath: string): EvalReport {
  if (report.rows !== undefined || report.rowsFile === undefined) return report;
  // `vigiles eval` records the rows file relative to the report; older reports, relative to their cwd.
  const besideReport = resolve(dirname(reportPath), report.rowsFile);
  try {
    const rows: TrialRow[] = readRowsFile(existsSync(besideReport) ? besideReport : report.rowsFile);
    const { rowsFile: _file, ...rest } = report;
    return { ...rest, rows };
  } catch {
    return report;
  }
}
