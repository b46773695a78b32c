// Builds EvalReports from raw per-trial values, the way the eval tier summarises them.
import type { ArmReport, EvalReport, MetricSummary, TrialRow } from "../../src/core/eval-report.js";
import { wilsonInterval } from "../../src/core/stats/wilson.js";

export type ArmValues = Record<string, readonly (number | boolean)[]>;

export function summarise(values: readonly (number | boolean)[]): MetricSummary {
  const n = values.length;
  const kind = values.every((v) => typeof v === "boolean") ? "rate" : "score";
  const xs = values.map(Number);
  const mean = n ? xs.reduce((s, x) => s + x, 0) / n : 0;
  const std = n > 1 ? Math.sqrt(xs.reduce((s, x) => s + (x - mean) ** 2, 0) / (n - 1)) : 0;
  const se = n ? std / Math.sqrt(n) : 0;
  const passK = n > 0 && values.every((v) => (typeof v === "boolean" ? v : v > 0));
  return {
    mean,
    std,
    se,
    n,
    passK,
    kind,
    ...(kind === "rate" ? { wilson: wilsonInterval(xs.filter((x) => x === 1).length, n) } : {}),
  };
}

const usage = { costUsd: 0.01, inputTokens: 100, outputTokens: 20, durationMs: 1500 };

/** arms: arm → metric → per-trial values (trial i of every metric is the same row). */
export function makeReport(
  arms: Record<string, ArmValues>,
  extra: {
    checks?: Record<string, unknown>;
    cases?: readonly string[];
    messages?: boolean;
    name?: string;
  } = {},
): EvalReport {
  const out: Record<string, ArmReport> = {};
  const rows: TrialRow[] = [];
  for (const [arm, metrics] of Object.entries(arms)) {
    const summaries: Record<string, MetricSummary> = {};
    for (const [m, vals] of Object.entries(metrics)) summaries[m] = summarise(vals);
    const trials = Math.max(0, ...Object.values(metrics).map((v) => v.length));
    out[arm] = {
      metrics: summaries,
      trials,
      usage: { ...usage, costUsd: usage.costUsd * trials, durationMs: usage.durationMs * trials },
    };
    for (let t = 0; t < trials; t++) {
      const rowMetrics: Record<string, number | boolean> = {};
      const messages: Record<string, string> = {};
      for (const [m, vals] of Object.entries(metrics)) {
        const v = vals[t];
        if (v === undefined) continue;
        rowMetrics[m] = v;
        if (v === false) messages[m] = `expected ${m} to hold on trial ${t}`;
      }
      const c = extra.cases?.[t % extra.cases.length];
      rows.push({
        arm,
        trial: extra.cases ? Math.floor(t / extra.cases.length) : t,
        ...(c === undefined ? {} : { case: c }),
        metrics: rowMetrics,
        usage,
        ...(extra.messages === false ? {} : { messages }),
      });
    }
  }
  return {
    version: 1,
    ...(extra.name === undefined ? {} : { name: extra.name }),
    arms: out,
    totalCostUsd: Object.values(out).reduce((s, a) => s + a.usage.costUsd, 0),
    rows,
    ...(extra.checks ? { checks: extra.checks } : {}),
  };
}

export const bools = (pass: number, total: number): boolean[] =>
  Array.from({ length: total }, (_, i) => i < pass);
