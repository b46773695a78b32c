import type { EvalReport } from "../eval-report.js";
import { AssertionFailedError, InvalidOptionError, VacuousAssertionError } from "../errors.js";
import { fmt, metricOf } from "./lookup.js";
import type { Alternative } from "./t-distribution.js";
import { welchTest, type WelchResult } from "./welch.js";

/** Options of {@link compareArms}. */
export interface CompareOptions {
  /** Significance level; default 0.05. */
  readonly alpha?: number;
  /** Default "two-sided"; "greater"/"less" test one direction of arm - baseline. */
  readonly alternative?: Alternative;
}

/** A Welch verdict on one metric between two arms of a report. */
export interface ArmComparison extends WelchResult {
  readonly baseline: string;
  readonly arm: string;
  readonly metric: string;
  readonly baselineMean: number;
  readonly armMean: number;
  readonly baselineN: number;
  readonly armN: number;
}

/**
 * Welch's t-test of `arm` against `baseline` on `metric`, from the report's mean/se/n (no raw rows).
 * `delta` is arm - baseline. Throws {@link UnknownArmError}/{@link UnknownMetricError} on a bad name.
 */
export function compareArms(
  report: EvalReport,
  baseline: string,
  arm: string,
  metric: string,
  options: CompareOptions = {},
): ArmComparison {
  const b = metricOf(report, baseline, metric);
  const a = metricOf(report, arm, metric);
  const result = welchTest(b, a, options);
  return {
    ...result,
    baseline,
    arm,
    metric,
    baselineMean: b.n > 0 ? b.mean : 0,
    armMean: a.n > 0 ? a.mean : 0,
    baselineN: b.n,
    armN: a.n,
  };
}

/** Options of {@link significantlyBeats} and {@link assertSignificant}. */
export interface BeatOptions {
  /** Significance level; default 0.05. */
  readonly alpha?: number;
  /** The metric is a cost: beating means being significantly lower. */
  readonly lowerIsBetter?: boolean;
  /**
   * Default "two-sided": the gap must be significant at alpha in a two-sided test and point the
   * right way (conservative). "one-sided" tests only the direction that counts as beating.
   */
  readonly sided?: "two-sided" | "one-sided";
}

function beatComparison(
  report: EvalReport,
  baseline: string,
  arm: string,
  metric: string,
  options: BeatOptions,
): { comparison: ArmComparison; beats: boolean } {
  const lower = options.lowerIsBetter ?? false;
  const alternative: Alternative = options.sided === "one-sided" ? (lower ? "less" : "greater") : "two-sided";
  const comparison = compareArms(report, baseline, arm, metric, {
    alternative,
    ...(options.alpha === undefined ? {} : { alpha: options.alpha }),
  });
  const rightWay = lower ? comparison.delta < 0 : comparison.delta > 0;
  return { comparison, beats: comparison.significant && rightWay };
}

/**
 * True when `arm` significantly beats `baseline` on `metric` (Welch, alpha default 0.05, higher is
 * better unless `lowerIsBetter`). A bare predicate: false on a tie, an insignificant gap or n < 2.
 */
export function significantlyBeats(
  report: EvalReport,
  baseline: string,
  arm: string,
  metric: string,
  options: BeatOptions = {},
): boolean {
  return beatComparison(report, baseline, arm, metric, options).beats;
}

/** Explains a comparison in one line, for failure messages and reports. */
export function describeComparison(c: ArmComparison): string {
  const sign = c.delta > 0 ? "+" : "";
  const why =
    c.degenerate === "too-few-trials"
      ? ` (an arm has fewer than 2 trials, so its variance is unknown)`
      : c.degenerate
        ? ` (${c.degenerate})`
        : "";
  return (
    `"${c.arm}" ${fmt(c.armMean)} (n=${c.armN}) vs "${c.baseline}" ${fmt(c.baselineMean)} (n=${c.baselineN}) on "${c.metric}": ` +
    `delta ${sign}${fmt(c.delta)} ± ${fmt(c.seDelta)}, t=${fmt(c.t)}, df=${fmt(c.df)}, p=${fmt(c.pValue)}${why}`
  );
}

/** The options of {@link assertSignificant}. */
export interface AssertSignificantOptions extends BeatOptions {
  readonly baseline: string;
  readonly arm: string;
  readonly metric: string;
}

/**
 * Throws unless `arm` significantly beats `baseline` on `metric` at alpha (default 0.05). Throws
 * {@link VacuousAssertionError} when either arm recorded no trials for the metric.
 */
export function assertSignificant(report: EvalReport, options: AssertSignificantOptions): ArmComparison {
  const { baseline, arm, metric } = options;
  const { comparison, beats } = beatComparison(report, baseline, arm, metric, options);
  if (comparison.baselineN === 0 || comparison.armN === 0) {
    throw new VacuousAssertionError(
      `assertSignificant: "${comparison.armN === 0 ? arm : baseline}" recorded no trials of "${metric}"; nothing to compare.`,
    );
  }
  if (!beats) {
    const alpha = comparison.alpha;
    const direction = options.lowerIsBetter ? "lower" : "higher";
    const hint =
      comparison.significant ||
      comparison.delta === 0 ||
      (options.lowerIsBetter ? comparison.delta > 0 : comparison.delta < 0)
        ? ""
        : " The gap is inside the noise: raise trials until the standard error of the gap drops below it.";
    throw new AssertionFailedError(
      `expected "${arm}" to be significantly ${direction} than "${baseline}" at alpha ${alpha}, but ${describeComparison(comparison)}.${hint}`,
    );
  }
  return comparison;
}

/** A check-indexed comparison: which metric the i-th check is, plus the Welch verdict. */
export interface CheckComparison extends ArmComparison {
  readonly index: number;
  /** The serialised check behind the metric, when the report carries it. */
  readonly check?: unknown;
  /** "better"/"worse" when the gap is significant (higher is better), else "no-difference". */
  readonly verdict: "better" | "worse" | "no-difference";
}

/** The metric names of a report's checks, in the order the checks were given. */
export function checkMetrics(report: EvalReport): string[] {
  if (report.checks) return Object.keys(report.checks);
  const first = Object.values(report.arms)[0];
  return first ? Object.keys(first.metrics) : [];
}

/**
 * Welch verdict of `arm` against `baseline` on the i-th check of a `paid_measureArms` report
 * (metrics keyed by check label, in check order).
 */
export function compareCheck(
  report: EvalReport,
  baseline: string,
  arm: string,
  i: number,
  options: CompareOptions = {},
): CheckComparison {
  const metrics = checkMetrics(report);
  const metric = Number.isInteger(i) && i >= 0 ? metrics[i] : undefined;
  if (metric === undefined) {
    throw new InvalidOptionError(
      `compareCheck: no check at index ${String(i)}; the report scored ${metrics.length} check(s)` +
        (metrics.length ? ` (${metrics.map((m, k) => `${k}: "${m}"`).join(", ")})` : "") +
        ".",
    );
  }
  const c = compareArms(report, baseline, arm, metric, options);
  const verdict = !c.significant ? "no-difference" : c.delta > 0 ? "better" : "worse";
  const check = report.checks?.[metric];
  return { ...c, index: i, verdict, ...(check === undefined ? {} : { check }) };
}

// The rate gates read the same report; they live beside it and are re-exported here for one import.
export { assertRates, assertReliable } from "./rate-gates.js";
