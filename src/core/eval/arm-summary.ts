/**
 * The per-arm summary `vigiles eval` prints when a run ends: each arm's trials, each metric (a rate
 * with its 95% Wilson interval, a score with its standard error) and what the arm cost, so the
 * result reads in the terminal without opening the report.
 */
import type { ArmReport, EvalReport, MetricSummary } from "../eval-report.js";
import { costBasisOf, costText } from "./money.js";

/** Metrics shown per arm before the rest are counted ("… 3 more"): the report has them all. */
const MAX_METRICS = 6;

function metricText(name: string, m: MetricSummary): string {
  if (m.kind === "rate") {
    const interval = m.wilson ? ` [${pct(m.wilson[0])}, ${pct(m.wilson[1])}]` : "";
    return `${name} ${pct(m.mean)}${interval}`;
  }
  return `${name} ${n3(m.mean)} ± ${n3(m.se)}`;
}

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
const n3 = (x: number): string => (Number.isInteger(x) ? String(x) : x.toPrecision(3));

function trialsText(a: ArmReport): string {
  const extras = [
    a.cached ? `${a.cached} cached` : undefined,
    a.errors ? `${a.errors} failed calls` : undefined,
  ].filter((x) => x !== undefined);
  return `${a.trials} trial${a.trials === 1 ? "" : "s"}${extras.length ? ` (${extras.join(", ")})` : ""}`;
}

/** The summary's lines: a head line with the run's cost, then one line per arm, names aligned. */
export function armSummaryLines(label: string, report: EvalReport): string[] {
  const basis = costBasisOf(report);
  const arms = Object.entries(report.arms);
  const trials = arms.reduce((n, [, a]) => n + a.trials, 0);
  const cached = arms.reduce((n, [, a]) => n + (a.cached ?? 0), 0);
  const allCached = trials > 0 && cached === trials;
  const width = Math.max(0, ...arms.map(([name]) => name.length));
  const head =
    `${label}: ${arms.length} arm${arms.length === 1 ? "" : "s"}, ${trials} scored trial${trials === 1 ? "" : "s"}, ` +
    costText(report.totalCostUsd, basis, { allCached }) +
    (basis === "estimate" && !allCached ? " (the CLI's token-based estimate)" : "") +
    (report.aborted ? ", aborted: part of the grid" : "");
  const lines = arms.map(([name, a]) => {
    const metrics = Object.entries(a.metrics);
    const shown = metrics.slice(0, MAX_METRICS).map(([m, s]) => metricText(m, s));
    if (metrics.length > MAX_METRICS) shown.push(`… ${metrics.length - MAX_METRICS} more in the report`);
    const armAllCached = a.trials > 0 && (a.cached ?? 0) === a.trials;
    return [
      `  ${name.padEnd(width)}`,
      trialsText(a),
      ...shown,
      costText(a.usage.costUsd, basis, { allCached: armAllCached }),
    ].join(" · ");
  });
  return [head, ...lines];
}
