/**
 * The statistics `claude plugin eval` does not report: per case, Welch's test of the with-arm run
 * scores against the without-arm's with a 95% interval on the difference; per suite, a paired t-test
 * of the case means (with against without) over cases. The tests are the eval tier's own
 * (`welchTest`, `tPValue`); only the interval and the paired t over case means are new here.
 */
import type { MetricSummary } from "../eval-report.js";
import { studentTCdf, tPValue } from "../stats/t-distribution.js";
import { welchTest, type WelchResult } from "../stats/welch.js";

/** The with-versus-without verdict on one case. */
export interface CaseEffect {
  readonly case: string;
  readonly withMean: number;
  readonly withoutMean: number;
  /** with - without. */
  readonly delta: number;
  /** 95% interval on `delta`; undefined when the test is degenerate (fewer than 2 runs an arm). */
  readonly interval?: readonly [number, number];
  readonly pValue: number;
  readonly significant: boolean;
  readonly degenerate?: WelchResult["degenerate"];
}

/** The suite-level paired verdict over cases. */
export interface SuiteEffect {
  readonly cases: number;
  /** Mean over cases of (with mean - without mean). */
  readonly meanDelta: number;
  readonly interval?: readonly [number, number];
  readonly pValue: number;
  readonly significant: boolean;
  /** Why no test could be made: fewer than 2 cases, or every case moved by the same amount. */
  readonly degenerate?: "too-few-cases" | "no-variance";
}

/** Student-t quantile by bisection on the CDF (|t| < 1e3 covers every df >= 1 at these levels). */
export function tQuantile(p: number, df: number): number {
  let lo = -1e3;
  let hi = 1e3;
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (studentTCdf(mid, df) < p) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** Welch's test of one case's with-arm score against its without-arm score. */
export function caseEffect(
  name: string,
  withScores: MetricSummary,
  withoutScores: MetricSummary,
  alpha = 0.05,
): CaseEffect {
  const test = welchTest(withoutScores, withScores, { alpha });
  const interval =
    test.degenerate === undefined || test.degenerate === "zero-variance-pooled"
      ? spread(test.delta, test.seDelta, tQuantile(1 - alpha / 2, test.df))
      : undefined;
  return {
    case: name,
    withMean: withScores.mean,
    withoutMean: withoutScores.mean,
    delta: test.delta,
    ...(interval !== undefined && { interval }),
    pValue: test.pValue,
    significant: test.significant,
    ...(test.degenerate !== undefined && { degenerate: test.degenerate }),
  };
}

/**
 * Paired t-test over cases of (with mean - without mean): does the plugin help across the suite?
 *
 * @example
 * suiteEffect([{ withMean: 1, withoutMean: 0.5 }, { withMean: 0.8, withoutMean: 0.2 }]).meanDelta; // 0.55
 */
export function suiteEffect(
  cases: readonly { readonly withMean: number; readonly withoutMean: number }[],
  alpha = 0.05,
): SuiteEffect {
  const deltas = cases.map((c) => c.withMean - c.withoutMean);
  const n = deltas.length;
  const meanDelta = n === 0 ? 0 : deltas.reduce((s, d) => s + d, 0) / n;
  if (n < 2) return { cases: n, meanDelta, pValue: 1, significant: false, degenerate: "too-few-cases" };
  const variance = deltas.reduce((s, d) => s + (d - meanDelta) ** 2, 0) / (n - 1);
  const se = Math.sqrt(variance / n);
  if (se === 0)
    return {
      cases: n,
      meanDelta,
      pValue: meanDelta === 0 ? 1 : 0,
      significant: meanDelta !== 0,
      degenerate: "no-variance",
    };
  const df = n - 1;
  const pValue = tPValue(meanDelta / se, df, "two-sided");
  return {
    cases: n,
    meanDelta,
    interval: spread(meanDelta, se, tQuantile(1 - alpha / 2, df)),
    pValue,
    significant: pValue < alpha,
  };
}

function spread(center: number, se: number, t: number): readonly [number, number] {
  return [center - t * se, center + t * se];
}
