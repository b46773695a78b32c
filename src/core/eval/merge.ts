/**
 * Merges shard reports (`vigiles eval --shard i/n`) into one report, as Playwright merges blob
 * reports: the summaries are combined exactly (counts, means and squared deviations), the rows are
 * concatenated, and reports of different evals, or of a newer format, are refused.
 */
import { VigilesError } from "../errors.js";
import type { ArmReport, EvalReport, MetricSummary, TrialRow } from "../eval-report.js";
import { addUsage, combine, stateOf, summarize, ZERO_USAGE } from "./aggregate.js";

export const REPORT_VERSION = 1;

export class ReportMergeError extends VigilesError {
  constructor(message: string) {
    super("VIGILES_REPORT_MERGE", message);
  }
}

export interface MergeResult {
  readonly report: EvalReport;
  /** Shards missing from 1..n (the merged report then covers part of the grid). */
  readonly missingShards: readonly number[];
}

/** Merges reports of one eval; `sources` name them in error messages. */
export function mergeReports(reports: readonly EvalReport[], sources: readonly string[] = []): MergeResult {
  if (reports.length === 0) throw new ReportMergeError("merge-reports needs at least one report.");
  const name = (i: number): string => sources[i] ?? `report #${i + 1}`;
  reports.forEach((r, i) => {
    if (typeof r !== "object" || r === null || typeof r.arms !== "object") {
      throw new ReportMergeError(`${name(i)} is not an eval report (no "arms").`);
    }
    if (typeof r.version !== "number" || r.version > REPORT_VERSION) {
      throw new ReportMergeError(
        `${name(i)} has report version ${String(r.version)}; this vigiles reads version ${REPORT_VERSION} and older. Upgrade vigiles.`,
      );
    }
  });
  const first = reports[0] as EvalReport;
  reports.forEach((r, i) => {
    if (r.inputsHash !== first.inputsHash) {
      throw new ReportMergeError(
        `${name(i)} comes from other inputs (${String(r.inputsHash).slice(0, 12)}) than ${name(0)} (${String(first.inputsHash).slice(0, 12)}); merge shards of one run only.`,
      );
    }
  });
  const totals = new Set(reports.map((r) => r.shard?.total));
  if (totals.size > 1)
    throw new ReportMergeError(`the reports disagree on the shard count: ${[...totals].join(", ")}.`);
  const seen = new Set<number>();
  reports.forEach((r, i) => {
    if (r.shard === undefined) return;
    if (seen.has(r.shard.index))
      throw new ReportMergeError(`${name(i)} repeats shard ${r.shard.index}/${r.shard.total}.`);
    seen.add(r.shard.index);
  });
  const total = first.shard?.total;
  const missingShards =
    total === undefined ? [] : Array.from({ length: total }, (_, k) => k + 1).filter((k) => !seen.has(k));

  const arms: Record<string, ArmReport> = {};
  for (const armName of [...new Set(reports.flatMap((r) => Object.keys(r.arms)))]) {
    const parts = reports.map((r) => r.arms[armName]).filter((a): a is ArmReport => a !== undefined);
    const metricNames = [...new Set(parts.flatMap((a) => Object.keys(a.metrics)))];
    const metrics: Record<string, MetricSummary> = {};
    for (const metric of metricNames) {
      const states = parts.map((a) => a.metrics[metric]).filter((m): m is MetricSummary => m !== undefined);
      metrics[metric] = summarize(states.map(stateOf).reduce(combine));
    }
    arms[armName] = {
      metrics,
      usage: parts.reduce((u, a) => addUsage(u, a.usage), ZERO_USAGE),
      trials: parts.reduce((n, a) => n + a.trials, 0),
      errors: parts.reduce((n, a) => n + (a.errors ?? 0), 0),
      cached: parts.reduce((n, a) => n + (a.cached ?? 0), 0),
    };
  }
  const withRows = reports.every((r) => r.rows !== undefined);
  const rows: TrialRow[] = withRows
    ? reports.flatMap((r) => r.rows ?? []).sort((a, b) => a.arm.localeCompare(b.arm) || a.trial - b.trial)
    : [];
  const checks = Object.assign({}, ...reports.map((r) => r.checks ?? {})) as Record<string, unknown>;
  const aborted = reports.some((r) => r.aborted === true);
  const reason = reports.find((r) => r.abortReason !== undefined)?.abortReason;
  const report: EvalReport = {
    version: REPORT_VERSION,
    ...(first.name !== undefined ? { name: first.name } : {}),
    arms,
    totalCostUsd: reports.reduce((c, r) => c + r.totalCostUsd, 0),
    // Mock figures only when every part is a mock run: one real shard makes the sum an estimate.
    costBasis: reports.every((r) => r.costBasis === "mock") ? "mock" : "estimate",
    ...(aborted ? { aborted: true } : {}),
    ...(reason !== undefined ? { abortReason: reason } : {}),
    ...(withRows ? { rows } : {}),
    ...(Object.keys(checks).length > 0 ? { checks } : {}),
    ...(first.inputsHash !== undefined ? { inputsHash: first.inputsHash } : {}),
  };
  return { report, missingShards };
}
