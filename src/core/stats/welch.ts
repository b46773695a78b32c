import { InvalidStatisticInputError } from "./errors.js";
import { tPValue, type Alternative } from "./t-distribution.js";

/** The summary statistics a Welch test reads: no raw rows needed. */
export interface SummaryStats {
  readonly mean: number;
  /** Standard error of the mean (std / sqrt(n)). */
  readonly se: number;
  readonly n: number;
  /** A rate (0/1 metric) lets a zero-variance comparison fall back to the pooled two-proportion error. */
  readonly kind?: "rate" | "score";
}

/**
 * Why the textbook Welch formula did not apply, and how the answer was reached instead:
 * - `too-few-trials`: an arm has n < 2, so its variance is unknown; never significant (p = 1).
 * - `no-variance`: both arms are constant and equal; no difference (t = 0, p = 1).
 * - `zero-variance-pooled`: both rate arms are constant but differ (e.g. 10/10 vs 0/10); the
 *   pooled two-proportion standard error replaces the zero Welch one (df = n1 + n2 - 2).
 * - `zero-variance`: both score arms are constant but differ; the gap is exact (t = ±Infinity, p = 0).
 */
export type DegenerateCase = "too-few-trials" | "no-variance" | "zero-variance-pooled" | "zero-variance";

/** Options of `welchTest`. */
export interface WelchOptions {
  /** Significance level; default 0.05. */
  readonly alpha?: number;
  /** Default "two-sided". "greater" asks whether `arm` is above `baseline`. */
  readonly alternative?: Alternative;
}

/** A Welch comparison of `arm` against `baseline`. `delta` is arm - baseline. */
export interface WelchResult {
  readonly delta: number;
  readonly seDelta: number;
  readonly t: number;
  /** Welch–Satterthwaite degrees of freedom. */
  readonly df: number;
  readonly pValue: number;
  /** pValue < alpha. */
  readonly significant: boolean;
  readonly alpha: number;
  readonly alternative: Alternative;
  /** Set when the inputs were degenerate; see {@link DegenerateCase}. */
  readonly degenerate?: DegenerateCase;
}

function checkStats(label: string, s: SummaryStats): void {
  if (!Number.isInteger(s.n) || s.n < 0) {
    throw new InvalidStatisticInputError(`${label}.n must be a non-negative integer, got ${String(s.n)}.`);
  }
  if (s.n === 0) return;
  if (!Number.isFinite(s.mean)) {
    throw new InvalidStatisticInputError(`${label}.mean must be a finite number, got ${String(s.mean)}.`);
  }
  if (!Number.isFinite(s.se) || s.se < 0) {
    throw new InvalidStatisticInputError(`${label}.se must be a finite number >= 0, got ${String(s.se)}.`);
  }
}

/** Checks alpha is a probability strictly between 0 and 1. */
export function checkAlpha(alpha: number): number {
  if (!(alpha > 0 && alpha < 1)) {
    throw new InvalidStatisticInputError(`alpha must be between 0 and 1 (exclusive), got ${String(alpha)}.`);
  }
  return alpha;
}

/**
 * Welch's unequal-variance t-test from two arms' summary statistics, with the Welch–Satterthwaite
 * degrees of freedom and the exact Student-t distribution. Never returns NaN: degenerate inputs
 * get a defined answer and a `degenerate` tag saying why.
 */
export function welchTest(
  baseline: SummaryStats,
  arm: SummaryStats,
  options: WelchOptions = {},
): WelchResult {
  checkStats("baseline", baseline);
  checkStats("arm", arm);
  const alpha = checkAlpha(options.alpha ?? 0.05);
  const alternative = options.alternative ?? "two-sided";
  const both = baseline.n > 0 && arm.n > 0;
  const delta = both ? arm.mean - baseline.mean : 0;
  const seDelta = both ? Math.hypot(baseline.se, arm.se) : 0;
  const base = { delta, seDelta, alpha, alternative } as const;

  if (baseline.n < 2 || arm.n < 2) {
    return { ...base, t: 0, df: 0, pValue: 1, significant: false, degenerate: "too-few-trials" };
  }
  if (seDelta === 0) {
    const df = baseline.n + arm.n - 2;
    if (delta === 0) return { ...base, t: 0, df, pValue: 1, significant: false, degenerate: "no-variance" };
    const p = (baseline.mean * baseline.n + arm.mean * arm.n) / (baseline.n + arm.n);
    const se = Math.sqrt(p * (1 - p) * (1 / baseline.n + 1 / arm.n));
    // A mean outside [0, 1] is no rate: it gets the score answer rather than a NaN error.
    if (baseline.kind === "rate" && arm.kind === "rate" && se > 0 && Number.isFinite(se)) {
      const t = delta / se;
      const pValue = tPValue(t, df, alternative);
      return {
        ...base,
        seDelta: se,
        t,
        df,
        pValue,
        significant: pValue < alpha,
        degenerate: "zero-variance-pooled",
      };
    }
    const t = delta > 0 ? Infinity : -Infinity;
    const pValue = tPValue(t, df, alternative);
    return { ...base, t, df, pValue, significant: pValue < alpha, degenerate: "zero-variance" };
  }

  const t = delta / seDelta;
  // Welch–Satterthwaite, on variances scaled by the larger one so tiny errors cannot underflow to
  // 0/0; a side with zero variance contributes nothing to either sum.
  const scale = Math.max(baseline.se, arm.se);
  const ra = (baseline.se / scale) ** 2;
  const rb = (arm.se / scale) ** 2;
  const df = (ra + rb) ** 2 / (ra ** 2 / (baseline.n - 1) + rb ** 2 / (arm.n - 1));
  const pValue = tPValue(t, df, alternative);
  return { ...base, t, df, pValue, significant: pValue < alpha };
}
