/**
 * `vigiles merge-reports <files…>`: merges the shard reports of one eval (`vigiles eval --shard i/n`)
 * into one report, as Playwright merges blob reports.
 */
import { existsSync } from "node:fs";
import { readInputJson } from "../../runtime/read-input.js";
import { dirname, resolve } from "node:path";
import { defineCommand, type CliCommand } from "../command.js";
import { VigilesError } from "../../core/errors.js";
import { mergeReports, ReportMergeError } from "../../core/eval/merge.js";
import type { EvalReport, TrialRow } from "../../core/eval-report.js";
import { isTriggerRateReport, mergeTriggerRateReports } from "../../core/triggering/trigger-merge.js";
import type { TriggerRateReport } from "../../core/triggering/trigger-report.js";
import { writeFileAtomic } from "../../runtime/atomic-write.js";
import { readRowsFile } from "../../tiers/eval/rows-file.js";

const HELP = `Usage: vigiles merge-reports <report.json…> [--out merged.json]

Merges the shard reports of one eval run (vigiles eval --shard i/n) into one report: metrics are
combined exactly, rows concatenated (read from each report's rows file when it has one), costs summed.
Reports of different inputs, a repeated shard, or a newer report version are refused.

Trigger-rate shards (a measureTriggerRate eval) merge into the report the unsharded run gives:
every shard must be there, and every prompt x trial run in exactly one of them.

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
    // An unreadable file is bad input (exit 2, through run-cli's handler); reports that do not merge exit 1.
    const parsedReports = parsed.positionals.map((file) => readInputJson(file, "the report"));
    try {
      const triggers = parsedReports.filter(isTriggerRateReport);
      let report: EvalReport | TriggerRateReport;
      if (triggers.length > 0) {
        if (triggers.length !== parsedReports.length) {
          const other = parsed.positionals[parsedReports.findIndex((r) => !isTriggerRateReport(r))];
          throw new ReportMergeError(
            `${String(other)} is not a trigger-rate report, unlike the others: merge shards of one run only.`,
          );
        }
        report = mergeTriggerRateReports(triggers, parsed.positionals);
      } else {
        const reports = parsedReports.map((r, i) =>
          withRows(r as EvalReport, parsed.positionals[i] as string),
        );
        const merged = mergeReports(reports, parsed.positionals);
        report = merged.report;
        if (merged.missingShards.length > 0) {
          process.stderr.write(
            `vigiles merge-reports: warning: shards ${merged.missingShards.join(", ")} are missing; the merged report covers part of the grid.\n`,
          );
        }
      }
      const text = JSON.stringify(report, null, 2) + "\n";
      if (parsed.values.out !== undefined) {
        writeFileAtomic(parsed.values.out, text);
        process.stdout.write(`merged ${parsedReports.length} reports into ${parsed.values.out}\n`);
      } else {
        process.stdout.write(text);
      }
      return 0;
    } catch (error) {
      const code = error instanceof VigilesError ? ` [${error.code}]` : "";
      process.stderr.write(`vigiles merge-reports: ${(error as Error).message}${code}\n`);
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
