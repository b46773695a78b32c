import { regularizedIncompleteBeta, standardNormalCdf } from "./incomplete-beta.js";

/** From this many degrees of freedom on, the t CDF is the normal's (to under 1e-9). */
const NORMAL_FROM_DF = 1e9;

/**
 * Cumulative distribution function of Student's t with `df` degrees of freedom: a regularised
 * incomplete beta (incomplete-beta.ts), not an approximation. `df = Infinity` is the
 * standard normal.
 */
export function studentTCdf(t: number, df: number): number {
  if (!(df > 0)) throw new RangeError(`studentTCdf needs df > 0, got ${df}`);
  if (Number.isNaN(t)) return NaN;
  if (t === Infinity) return 1;
  if (t === -Infinity) return 0;
  if (t === 0) return 0.5;
  // The continued fraction loses about df·1e-16 to rounding (x is within t²/df of 1), while Student's
  // t and the normal differ by under 1e-9 past a billion degrees of freedom: switch there.
  if (df >= NORMAL_FROM_DF) return standardNormalCdf(t);
  // P(T <= −|t|) = ½·I_x(df/2, ½) with x = df/(df + t²); 1 − x is computed as t²/(df + t²).
  const t2 = t * t;
  const lowerTail = 0.5 * regularizedIncompleteBeta(df / (df + t2), df / 2, 0.5, t2 / (df + t2));
  return t < 0 ? lowerTail : 1 - lowerTail;
}

/** Which way a test looks: is the arm different, greater, or less than the baseline. */
export type Alternative = "two-sided" | "greater" | "less";

/** p-value of an observed t under the given alternative. */
export function tPValue(t: number, df: number, alternative: Alternative): number {
  switch (alternative) {
    case "two-sided":
      return Math.min(1, 2 * studentTCdf(-Math.abs(t), df));
    case "greater":
      return studentTCdf(-t, df);
    case "less":
      return studentTCdf(t, df);
  }
}
