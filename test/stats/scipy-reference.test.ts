// Cross-checks the statistics against values computed with scipy (test/stats/reference/make_reference.py).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { binomialTestHalf } from "../../src/core/stats/binomial.js";
import { passAtK, passHatK } from "../../src/core/stats/pass-k.js";
import { studentTCdf, type Alternative } from "../../src/core/stats/t-distribution.js";
import { welchTest } from "../../src/core/stats/welch.js";
import { wilsonInterval } from "../../src/core/stats/wilson.js";

interface Stats {
  mean: number;
  se: number;
  n: number;
}
interface Reference {
  welch: {
    baseline: Stats;
    arm: Stats;
    alternative: Alternative;
    delta: number;
    seDelta: number;
    t: number;
    df: number;
    pValue: number;
  }[];
  tCdf: { t: number; df: number; cdf: number }[];
  wilson: { successes: number; n: number; z: number; low: number; high: number }[];
  binomialHalf: { k: number; n: number; alternative: Alternative; pValue: number }[];
  passK: { tasks: { n: number; c: number }[]; values: { k: number; passHatK: number; passAtK: number }[] };
}

const ref = JSON.parse(
  readFileSync(new URL("./reference/scipy-reference.json", import.meta.url), "utf8"),
) as Reference;
const close = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThan(1e-6);

describe("statistics match scipy to 1e-6", () => {
  it("has reference cases to compare against", () => {
    expect(ref.welch.length).toBeGreaterThanOrEqual(20);
    expect(ref.binomialHalf.length).toBeGreaterThanOrEqual(30);
  });

  it.each(ref.welch.map((c, i) => [i, c] as const))("Welch case %i", (_i, c) => {
    const r = welchTest(c.baseline, c.arm, { alternative: c.alternative });
    close(r.delta, c.delta);
    close(r.seDelta, c.seDelta);
    close(r.t, c.t);
    close(r.df, c.df);
    close(r.pValue, c.pValue);
    expect(r.significant).toBe(c.pValue < 0.05);
    expect(r.degenerate).toBeUndefined();
  });

  it.each(ref.tCdf.map((c) => [c.t, c.df, c.cdf] as const))("t cdf(%d, df=%d)", (t, df, cdf) => {
    close(studentTCdf(t, df), cdf);
  });

  it.each(ref.wilson.map((c) => [c.successes, c.n, c] as const))("Wilson %i/%i", (_k, _n, c) => {
    const [low, high] = wilsonInterval(c.successes, c.n, c.z);
    close(low, c.low);
    close(high, c.high);
  });

  it.each(ref.binomialHalf.map((c) => [c.k, c.n, c.alternative, c.pValue] as const))(
    "binomial test k=%i n=%i %s",
    (k, n, alternative, p) => {
      close(binomialTestHalf(k, n, alternative), p);
    },
  );

  it.each(ref.passK.values.map((v) => [v.k, v] as const))("pass^k and pass@k at k=%i", (k, v) => {
    close(passHatK(ref.passK.tasks, k), v.passHatK);
    close(passAtK(ref.passK.tasks, k), v.passAtK);
  });
});
