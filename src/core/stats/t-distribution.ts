import tCdf from "@stdlib/stats-base-dists-t-cdf";

/**
 * Cumulative distribution function of Student's t with `df` degrees of freedom, from stdlib
 * (a regularised incomplete beta, not an approximation). `df = Infinity` is the standard normal.
 */
export function studentTCdf(t: number, df: number): number {
  if (!(df > 0)) throw new RangeError(`studentTCdf needs df > 0, got ${df}`);
  if (t === Infinity) return 1;
  if (t === -Infinity) return 0;
  return tCdf(t, df);
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
