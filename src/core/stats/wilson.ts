import { InvalidStatisticInputError } from "./errors.js";

/**
 * The Wilson score interval for a binomial proportion: `successes` out of `n` at normal quantile
 * `z` (1.96 → 95%). Unlike the normal interval it stays inside [0, 1] and is honest at the 3–10
 * trials an agent eval can afford. With n = 0 nothing is known: [0, 1].
 */
export function wilsonInterval(successes: number, n: number, z = 1.96): [number, number] {
  if (!Number.isInteger(n) || n < 0) {
    throw new InvalidStatisticInputError(
      `wilsonInterval: n must be a non-negative integer, got ${String(n)}.`,
    );
  }
  if (!Number.isFinite(successes) || successes < 0 || successes > n) {
    throw new InvalidStatisticInputError(
      `wilsonInterval: successes must be between 0 and n (${n}), got ${String(successes)}.`,
    );
  }
  if (!(z > 0) || !Number.isFinite(z)) {
    throw new InvalidStatisticInputError(`wilsonInterval: z must be a positive number, got ${String(z)}.`);
  }
  if (n === 0) return [0, 1];
  const p = successes / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z / denom) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}
