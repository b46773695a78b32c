import type { EvalReport } from "../eval-report.js";
import { VacuousAssertionError } from "../errors.js";
import { binomialTestHalf } from "./binomial.js";
import { InvalidStatisticInputError } from "./errors.js";
import { metricOf } from "./lookup.js";
import { isSuccess } from "./pass-k.js";
import type { Alternative } from "./t-distribution.js";
import { checkAlpha } from "./welch.js";

/** Exact McNemar test on the discordant pairs of two pass/fail arms that ran the same cases. */
export interface McNemarResult {
  readonly method: "mcnemar";
  /** Pairs where only the arm passed. */
  readonly armOnly: number;
  /** Pairs where only the baseline passed. */
  readonly baselineOnly: number;
  readonly pairs: number;
  /** (armOnly - baselineOnly) / pairs: the paired difference in pass rate. */
  readonly delta: number;
  readonly pValue: number;
  readonly significant: boolean;
}

/**
 * Exact McNemar: under no difference each discordant pair is a fair coin, so the p-value is the
 * binomial test of `armOnly` out of `armOnly + baselineOnly` at 1/2.
 */
export function mcnemarExact(
  armOnly: number,
  baselineOnly: number,
  options: { alpha?: number; alternative?: Alternative; pairs?: number } = {},
): McNemarResult {
  const alpha = checkAlpha(options.alpha ?? 0.05);
  const discordant = armOnly + baselineOnly;
  const pairs = options.pairs ?? discordant;
  const pValue = binomialTestHalf(armOnly, discordant, options.alternative ?? "two-sided");
  return {
    method: "mcnemar",
    armOnly,
    baselineOnly,
    pairs,
    delta: pairs > 0 ? (armOnly - baselineOnly) / pairs : 0,
    pValue,
    significant: pValue < alpha,
  };
}

/** The sign test on paired differences (arm - baseline); ties are dropped. */
export interface SignTestResult {
  readonly method: "sign";
  readonly positive: number;
  readonly negative: number;
  readonly ties: number;
  readonly pValue: number;
  readonly significant: boolean;
}

/** Exact sign test of paired differences: how many pairs went the arm's way, against a fair coin. */
export function signTest(
  differences: readonly number[],
  options: { alpha?: number; alternative?: Alternative } = {},
): SignTestResult {
  const alpha = checkAlpha(options.alpha ?? 0.05);
  let positive = 0;
  let negative = 0;
  let ties = 0;
  for (const d of differences) {
    if (!Number.isFinite(d)) throw new InvalidStatisticInputError(`signTest: a difference is ${String(d)}.`);
    if (d > 0) positive++;
    else if (d < 0) negative++;
    else ties++;
  }
  const pValue = binomialTestHalf(positive, positive + negative, options.alternative ?? "two-sided");
  return { method: "sign", positive, negative, ties, pValue, significant: pValue < alpha };
}

/** A deterministic 32-bit PRNG (mulberry32): the same seed gives the same resamples everywhere. */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Result of a paired bootstrap of the mean difference (arm - baseline). */
export interface BootstrapResult {
  readonly method: "bootstrap";
  readonly pairs: number;
  readonly delta: number;
  /** Percentile confidence interval of the mean difference at 1 - alpha. */
  readonly ci: readonly [number, number];
  /** Two-sided bootstrap p-value: twice the smaller share of resampled means on either side of 0. */
  readonly pValue: number;
  /** The interval excludes 0. */
  readonly significant: boolean;
  readonly resamples: number;
  readonly seed: number;
}

/** Options of {@link pairedBootstrap}. */
export interface BootstrapOptions {
  readonly alpha?: number;
  /** Default 10,000. */
  readonly resamples?: number;
  /** Default 1: fixed so a report reproduces. */
  readonly seed?: number;
}

function quantile(sorted: readonly number[], q: number): number {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  const a = sorted[lo] ?? 0;
  const b = sorted[hi] ?? a;
  return a + (b - a) * (pos - lo);
}

/**
 * Paired bootstrap of the mean of (arm[i] - baseline[i]) with a fixed seed: resample the pairs with
 * replacement and read the percentile interval. Use it for scores when both arms ran the same cases.
 */
export function pairedBootstrap(
  baseline: readonly number[],
  arm: readonly number[],
  options: BootstrapOptions = {},
): BootstrapResult {
  const alpha = checkAlpha(options.alpha ?? 0.05);
  const resamples = options.resamples ?? 10_000;
  const seed = options.seed ?? 1;
  if (baseline.length !== arm.length) {
    throw new InvalidStatisticInputError(
      `pairedBootstrap: the arms must pair up, got ${baseline.length} baseline and ${arm.length} arm values.`,
    );
  }
  if (!Number.isInteger(resamples) || resamples < 1) {
    throw new InvalidStatisticInputError(
      `pairedBootstrap: resamples must be a positive integer, got ${resamples}.`,
    );
  }
  const n = arm.length;
  if (n === 0) throw new VacuousAssertionError("pairedBootstrap: no pairs to resample.");
  const diffs = arm.map((a, i) => a - (baseline[i] ?? 0));
  if (diffs.some((d) => !Number.isFinite(d))) {
    throw new InvalidStatisticInputError("pairedBootstrap: every value must be a finite number.");
  }
  const delta = diffs.reduce((s, d) => s + d, 0) / n;
  const rand = seededRandom(seed);
  const means = new Float64Array(resamples);
  for (let r = 0; r < resamples; r++) {
    let s = 0;
    for (let i = 0; i < n; i++) s += diffs[Math.floor(rand() * n)] ?? 0;
    means[r] = s / n;
  }
  means.sort();
  const sorted = Array.from(means);
  const ci: [number, number] = [quantile(sorted, alpha / 2), quantile(sorted, 1 - alpha / 2)];
  let below = 0;
  let above = 0;
  for (const m of sorted) {
    if (m <= 0) below++;
    if (m >= 0) above++;
  }
  const pValue = Math.min(1, (2 * Math.min(below, above)) / resamples);
  return {
    method: "bootstrap",
    pairs: n,
    delta,
    ci,
    pValue,
    significant: ci[0] > 0 || ci[1] < 0,
    resamples,
    seed,
  };
}

/** Options of {@link comparePaired}. */
export interface PairedOptions extends BootstrapOptions {
  readonly alternative?: Alternative;
}

/**
 * Paired comparison of two arms that ran the same cases, from the raw rows (paired by case and
 * trial number): exact McNemar for a rate, a seeded paired bootstrap for a score.
 */
export function comparePaired(
  report: EvalReport,
  baseline: string,
  arm: string,
  metric: string,
  options: PairedOptions = {},
): McNemarResult | BootstrapResult {
  const kind = metricOf(report, arm, metric).kind;
  metricOf(report, baseline, metric);
  const key = (c: string | undefined, t: number) => `${c ?? ""}\u0000${t}`;
  const base = new Map<string, number | boolean>();
  for (const row of report.rows ?? []) {
    const v = row.metrics[metric];
    if (row.arm === baseline && v !== undefined) base.set(key(row.case, row.trial), v);
  }
  const pairs: [number | boolean, number | boolean][] = [];
  for (const row of report.rows ?? []) {
    const v = row.metrics[metric];
    const b = base.get(key(row.case, row.trial));
    if (row.arm === arm && v !== undefined && b !== undefined) pairs.push([b, v]);
  }
  if (pairs.length === 0) {
    throw new VacuousAssertionError(
      `comparePaired: no rows of "${baseline}" and "${arm}" share a case and trial for "${metric}"; ` +
        "a paired test needs both arms run on the same cases with report.rows kept.",
    );
  }
  if (kind === "rate") {
    let armOnly = 0;
    let baselineOnly = 0;
    for (const [b, a] of pairs) {
      const bp = isSuccess(b);
      const ap = isSuccess(a);
      if (ap && !bp) armOnly++;
      if (bp && !ap) baselineOnly++;
    }
    return mcnemarExact(armOnly, baselineOnly, { ...options, pairs: pairs.length });
  }
  return pairedBootstrap(
    pairs.map(([b]) => Number(b)),
    pairs.map(([, a]) => Number(a)),
    options,
  );
}
