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

/**
 * Where a report's dollar figures come from. "estimate": the harness CLI's own token-based
 * estimate (Claude Code's `total_cost_usd`), not a bill. "mock": the run's driver cannot spend money
 * (the local mock model, an injected driver); the figures are what the CLI estimated for the mock's
 * tokens, kept so a `maxCostUsd` budget still works, and readers show `$0 (mock)`.
 */
export type CostBasis = "estimate" | "mock";

/** What one arm's trials cost: dollars, tokens and time, summed. */
export interface ArmUsage {
  /** Dollars this run spent (see {@link CostBasis}); a trial replayed from the cache adds nothing. */
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
  /** What the agent did on this trial, kept so a report can show why a trial failed. */
  readonly trace?: TrialTrace;
}

/** A compact trace of one trial for reports: tool calls, hook fires and the final answer. */
export interface TrialTrace {
  readonly toolCalls: readonly {
    readonly name: string;
    readonly input: Readonly<Record<string, unknown>>;
    /** The tool's answer as text (possibly truncated). */
    readonly result?: string;
    readonly isError?: boolean;
  }[];
  /** Undefined when hook fires were not recorded. */
  readonly hooks?: readonly {
    readonly name: string;
    readonly event: string;
    readonly blocked: boolean;
    readonly exitCode: number | null;
    readonly output: string;
  }[];
  readonly output: string;
  readonly turns?: number;
}

/** One arm of an eval report: each metric's summary, its usage and its trial count. */
export interface ArmReport {
  readonly metrics: Readonly<Record<string, MetricSummary>>;
  readonly usage: ArmUsage;
  readonly trials: number;
  /** Trials whose call failed (after retries): not scored, never counted as failed trials. */
  readonly errors?: number;
  /** Trials replayed from the cache (no model call). */
  readonly cached?: number;
}

/** The result of an eval run: per-arm metric summaries, cost, and (when kept) the raw trial rows. */
export interface EvalReport {
  readonly version: 1;
  readonly name?: string;
  readonly arms: Readonly<Record<string, ArmReport>>;
  /** The sum of the arms' `usage.costUsd`: replays add nothing (see {@link CostBasis}). */
  readonly totalCostUsd: number;
  /** What the dollar figures are; absent (reports before it) means "estimate". */
  readonly costBasis?: CostBasis;
  /** Set when the budget stopped new trials from launching. */
  readonly aborted?: boolean;
  /** The raw per-trial rows, kept beside the summary. */
  readonly rows?: readonly TrialRow[];
  /** Serialised checks (check.toJSON()) behind metrics, keyed by metric name, when a report scored checks. */
  readonly checks?: Readonly<Record<string, unknown>>;
  /** Why the run stopped early: the budget (`maxCostUsd`) or an interrupt (Ctrl-C). */
  readonly abortReason?: "budget" | "interrupt";
  /** Hash of every model-affecting input (what the eval lock records). */
  readonly inputsHash?: string;
  /** The shard this report covers, when the run was split (`--shard i/n`). */
  readonly shard?: { readonly index: number; readonly total: number };
  /** Path of the JSONL file the raw rows were streamed to, when they were not kept in memory. */
  readonly rowsFile?: string;
}

/**
 * The report of a checks-scored run (`paid_measure`, `paid_measureArms`): an {@link EvalReport} whose
 * metrics are check rates, each check serialised under `checks`. The name the readers of such a report
 * (`assertRates`, `checkReportToJUnit`, `compareCheck`) are documented with.
 */
export type CheckReport = EvalReport;
