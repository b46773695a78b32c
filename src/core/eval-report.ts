/**
 * The eval report: plain JSON that other tools can read. Written by the eval tier, read by the
 * free statistics, gates and reporters.
 */

/** One metric of one arm across its trials. */
export interface MetricSummary {
  /** Mean for numbers, fraction true for booleans. */
  readonly mean: number;
  readonly std: number;
  readonly se: number;
  readonly n: number;
  /** True when the metric succeeded on every trial (booleans: all true; numbers: all > 0). */
  readonly passK: boolean;
  /** The metric was boolean (a rate) rather than a score. */
  readonly kind: "rate" | "score";
  /** 95% Wilson score interval, for rates. */
  readonly wilson?: readonly [number, number];
}

export interface ArmUsage {
  readonly costUsd: number;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly durationMs: number;
}

/** One trial's raw row. */
export interface TrialRow {
  readonly arm: string;
  readonly trial: number;
  /** The prompt or case the trial ran, when the eval has several. */
  readonly case?: string;
  readonly metrics: Readonly<Record<string, number | boolean>>;
  readonly usage: ArmUsage;
  /** The trial was replayed from the cache. */
  readonly cached?: boolean;
  /** Failure messages of checks, keyed by metric. */
  readonly messages?: Readonly<Record<string, string>>;
  readonly error?: string;
}

export interface ArmReport {
  readonly metrics: Readonly<Record<string, MetricSummary>>;
  readonly usage: ArmUsage;
  readonly trials: number;
}

export interface EvalReport {
  readonly version: 1;
  readonly name?: string;
  readonly arms: Readonly<Record<string, ArmReport>>;
  readonly totalCostUsd: number;
  /** Set when the budget stopped new trials from launching. */
  readonly aborted?: boolean;
  /** The raw per-trial rows, kept beside the summary. */
  readonly rows?: readonly TrialRow[];
  /** Serialised checks (check.toJSON()) behind metrics, keyed by metric name, when a report scored checks. */
  readonly checks?: Readonly<Record<string, unknown>>;
}
