import { InvalidStatisticInputError } from "./errors.js";
import type { Alternative } from "./t-distribution.js";

/** P(X <= k) for X ~ Binomial(n, 1/2), summed in log space so large n does not underflow. */
export function binomialHalfCdf(k: number, n: number): number {
  if (k < 0) return 0;
  if (k >= n) return 1;
  const ln2n = n * Math.LN2;
  let logC = 0; // log C(n, 0)
  let sum = 0;
  for (let i = 0; i <= k; i++) {
    if (i > 0) logC += Math.log(n - i + 1) - Math.log(i);
    sum += Math.exp(logC - ln2n);
  }
  return Math.min(1, sum);
}

/**
 * Exact binomial test of `k` successes in `n` against p = 1/2 (the sign test and the exact McNemar
 * test are both this). Two-sided p sums the tails at least as extreme as k, like scipy's binomtest.
 */
export function binomialTestHalf(k: number, n: number, alternative: Alternative = "two-sided"): number {
  if (!Number.isInteger(n) || n < 0 || !Number.isInteger(k) || k < 0 || k > n) {
    throw new InvalidStatisticInputError(
      `binomial test needs integers 0 <= k <= n, got k=${String(k)}, n=${String(n)}.`,
    );
  }
  if (n === 0) return 1;
  switch (alternative) {
    case "greater":
      return upperTail(k, n);
    case "less":
      return binomialHalfCdf(k, n);
    case "two-sided":
      return Math.min(1, 2 * binomialHalfCdf(Math.min(k, n - k), n));
  }
}

function upperTail(k: number, n: number): number {
  // P(X >= k) = P(X <= n - k) by symmetry at p = 1/2; avoids 1 - (nearly 1) cancellation.
  return binomialHalfCdf(n - k, n);
}
