/**
 * Running aggregates of an eval: one accumulator per arm and metric, updated as each trial finishes,
 * so memory stays flat however many trials run. Also merges summaries (shards) without raw rows.
 */
import type { ArmReport, ArmUsage, MetricSummary } from "../eval-report.js";
import { wilsonInterval } from "../stats/wilson.js";

/** Welford's running mean and sum of squared deviations, plus what a rate and pass^k need. */
export interface MetricState {
  n: number;
  mean: number;
  m2: number;
  /** Count of true (booleans) or > 0 (numbers). */
  successes: number;
  kind: "rate" | "score";
}

export function emptyMetric(kind: "rate" | "score"): MetricState {
  return { n: 0, mean: 0, m2: 0, successes: 0, kind };
}

/** Adds one trial's value: a boolean counts as 1/0 and keeps the metric a rate. */
export function addValue(state: MetricState, value: number | boolean): void {
  if (typeof value !== "boolean") state.kind = "score";
  const x = typeof value === "boolean" ? (value ? 1 : 0) : value;
  state.n++;
  const delta = x - state.mean;
  state.mean += delta / state.n;
  state.m2 += delta * (x - state.mean);
  if (x > 0) state.successes++;
}

/** Chan et al.'s parallel combination of two running states. */
export function combine(a: MetricState, b: MetricState): MetricState {
  const n = a.n + b.n;
  if (n === 0) return emptyMetric(a.kind === "score" || b.kind === "score" ? "score" : "rate");
  const delta = b.mean - a.mean;
  return {
    n,
    mean: a.mean + (delta * b.n) / n,
    m2: a.m2 + b.m2 + (delta * delta * a.n * b.n) / n,
    successes: a.successes + b.successes,
    kind: a.kind === "score" || b.kind === "score" ? "score" : "rate",
  };
}

/**
 * The summary of a state: sample standard deviation (n - 1), se = std / sqrt(n). A rate is computed
 * from its counts, so the same trials give the same bits whatever order they finished in.
 */
export function summarize(state: MetricState): MetricSummary {
  const rate = state.kind === "rate";
  const p = state.n > 0 ? state.successes / state.n : 0;
  const m2 = rate ? state.n * p * (1 - p) : state.m2;
  const std = state.n > 1 ? Math.sqrt(Math.max(0, m2) / (state.n - 1)) : 0;
  const se = state.n > 0 ? std / Math.sqrt(state.n) : 0;
  const base = {
    mean: state.n > 0 ? (rate ? p : state.mean) : 0,
    std,
    se,
    n: state.n,
    passK: state.n > 0 && state.successes === state.n,
    kind: state.kind,
  };
  return state.kind === "rate" ? { ...base, wilson: wilsonInterval(state.successes, state.n) } : base;
}

/** The state behind a summary, for merging shard reports. */
export function stateOf(summary: MetricSummary): MetricState {
  const successes =
    summary.kind === "rate"
      ? Math.round(summary.mean * summary.n)
      : summary.passK
        ? summary.n
        : Math.min(summary.n - 1, Math.round(summary.mean * summary.n));
  return {
    n: summary.n,
    mean: summary.mean,
    m2: summary.std * summary.std * Math.max(0, summary.n - 1),
    successes: Math.max(0, successes),
    kind: summary.kind,
  };
}

export const ZERO_USAGE: ArmUsage = { costUsd: 0, inputTokens: 0, outputTokens: 0, durationMs: 0 };

export function addUsage(a: ArmUsage, b: ArmUsage): ArmUsage {
  return {
    costUsd: a.costUsd + b.costUsd,
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    durationMs: a.durationMs + b.durationMs,
  };
}

/** One arm's running totals. */
export class ArmAccumulator {
  readonly metrics = new Map<string, MetricState>();
  usage: ArmUsage = ZERO_USAGE;
  /** Trials scored (errors excluded). */
  trials = 0;
  /** Trials whose call failed (not scored). */
  errors = 0;
  /** Trials replayed from the cache. */
  cached = 0;

  addTrial(metrics: Readonly<Record<string, number | boolean>>, usage: ArmUsage, cached: boolean): void {
    this.trials++;
    if (cached) this.cached++;
    // A replay spent nothing: its recorded cost stays on its row, not in what the run spent, so the
    // arms' costs add up to the report's total.
    this.usage = addUsage(this.usage, cached ? { ...usage, costUsd: 0 } : usage);
    for (const [name, value] of Object.entries(metrics)) {
      let state = this.metrics.get(name);
      if (!state) {
        state = emptyMetric(typeof value === "boolean" ? "rate" : "score");
        this.metrics.set(name, state);
      }
      addValue(state, value);
    }
  }

  addError(usage: ArmUsage): void {
    this.errors++;
    this.usage = addUsage(this.usage, usage);
  }

  report(): ArmReport {
    const metrics: Record<string, MetricSummary> = {};
    for (const [name, state] of this.metrics) metrics[name] = summarize(state);
    return { metrics, usage: this.usage, trials: this.trials, errors: this.errors, cached: this.cached };
  }
}
