import { describe, expect, it } from "vitest";
import { AssertionFailedError, InvalidOptionError, VacuousAssertionError } from "../../src/core/errors.js";
import {
  assertSignificant,
  compareArms,
  compareCheck,
  significantlyBeats,
} from "../../src/core/stats/compare-arms.js";
import { UnknownArmError, UnknownMetricError } from "../../src/core/stats/errors.js";
import { welchTest } from "../../src/core/stats/welch.js";
import { bools, makeReport } from "./make-report.js";

const report = makeReport(
  {
    vanilla: { marked: bools(3, 10), cost: [0.5, 0.6, 0.55, 0.52, 0.58, 0.61, 0.49, 0.5, 0.57, 0.6] },
    gated: { marked: bools(10, 10), cost: [0.3, 0.31, 0.29, 0.33, 0.3, 0.28, 0.32, 0.3, 0.31, 0.29] },
    same: { marked: bools(3, 10), cost: [0.5, 0.6, 0.55, 0.52, 0.58, 0.61, 0.49, 0.5, 0.57, 0.6] },
    single: { marked: [true], cost: [0.1] },
  },
  { checks: { marked: { kind: "tool", name: "Bash" }, cost: { kind: "cost" } } },
);

describe("compareArms", () => {
  it("reads mean/se/n and returns the Welch verdict with arm - baseline", () => {
    const c = compareArms(report, "vanilla", "gated", "marked");
    expect(c.delta).toBeCloseTo(0.7, 12);
    expect(c.armMean).toBe(1);
    expect(c.baselineMean).toBeCloseTo(0.3, 12);
    // gated has zero variance: df collapses to the baseline's n - 1
    expect(c.df).toBeCloseTo(9, 9);
    expect(c.significant).toBe(true);
    expect(c.pValue).toBeGreaterThan(0.001);
    expect(c.pValue).toBeLessThan(0.002);
  });

  it("names a missing arm or metric and lists what exists", () => {
    expect(() => compareArms(report, "vanila", "gated", "marked")).toThrow(UnknownArmError);
    expect(() => compareArms(report, "vanila", "gated", "marked")).toThrow(/"vanilla", "gated"/);
    expect(() => compareArms(report, "vanilla", "gated", "mark")).toThrow(UnknownMetricError);
  });

  it("gives n < 2 a defined, insignificant answer (never NaN)", () => {
    const c = compareArms(report, "vanilla", "single", "marked");
    expect(c.degenerate).toBe("too-few-trials");
    expect(c.significant).toBe(false);
    expect(c.pValue).toBe(1);
    for (const v of [c.delta, c.seDelta, c.t, c.df, c.pValue]) expect(Number.isNaN(v)).toBe(false);
  });

  it("identical arms: t = 0, p = 1", () => {
    const c = compareArms(report, "vanilla", "same", "marked");
    expect(c.t).toBe(0);
    expect(c.pValue).toBe(1);
    expect(c.significant).toBe(false);
  });
});

describe("zero variance on both sides", () => {
  it("equal constant arms: no difference", () => {
    const r = welchTest({ mean: 1, se: 0, n: 5 }, { mean: 1, se: 0, n: 5 });
    expect(r).toMatchObject({ t: 0, pValue: 1, significant: false, degenerate: "no-variance" });
  });

  it("constant rates that differ fall back to the pooled two-proportion error", () => {
    const big = welchTest({ mean: 0, se: 0, n: 10, kind: "rate" }, { mean: 1, se: 0, n: 10, kind: "rate" });
    expect(big.degenerate).toBe("zero-variance-pooled");
    expect(big.seDelta).toBeCloseTo(Math.sqrt(0.25 * 0.2), 12);
    expect(big.significant).toBe(true);
    // 2/2 vs 0/2 is not evidence of anything
    const small = welchTest({ mean: 0, se: 0, n: 2, kind: "rate" }, { mean: 1, se: 0, n: 2, kind: "rate" });
    expect(small.significant).toBe(false);
    expect(small.pValue).toBeGreaterThan(0.05);
  });

  it("constant scores that differ: the gap is exact", () => {
    const r = welchTest({ mean: 2, se: 0, n: 3 }, { mean: 1, se: 0, n: 3 });
    expect(r).toMatchObject({ pValue: 0, significant: true, degenerate: "zero-variance", t: -Infinity });
    expect(
      welchTest({ mean: 2, se: 0, n: 3 }, { mean: 1, se: 0, n: 3 }, { alternative: "greater" }).pValue,
    ).toBe(1);
  });

  it("rejects non-finite inputs and bad alpha by name", () => {
    expect(() => welchTest({ mean: NaN, se: 0, n: 3 }, { mean: 1, se: 0, n: 3 })).toThrow(/baseline.mean/);
    expect(() => welchTest({ mean: 1, se: -1, n: 3 }, { mean: 1, se: 0, n: 3 })).toThrow(/baseline.se/);
    expect(() => welchTest({ mean: 1, se: 0, n: 3 }, { mean: 1, se: 0, n: 3 }, { alpha: 1 })).toThrow(
      /alpha/,
    );
  });
});

describe("significantlyBeats / assertSignificant", () => {
  it("is true only when significant and pointing the right way", () => {
    expect(significantlyBeats(report, "vanilla", "gated", "marked")).toBe(true);
    expect(significantlyBeats(report, "gated", "vanilla", "marked")).toBe(false);
    expect(significantlyBeats(report, "vanilla", "same", "marked")).toBe(false);
    expect(significantlyBeats(report, "vanilla", "single", "marked")).toBe(false);
    expect(significantlyBeats(report, "vanilla", "gated", "cost")).toBe(false);
    expect(significantlyBeats(report, "vanilla", "gated", "cost", { lowerIsBetter: true })).toBe(true);
  });

  it("honours alpha", () => {
    const r = makeReport({ a: { m: bools(5, 10) }, b: { m: bools(8, 10) } });
    const p = compareArms(r, "a", "b", "m").pValue;
    expect(p).toBeGreaterThan(0.05);
    expect(p).toBeLessThan(0.2);
    expect(significantlyBeats(r, "a", "b", "m")).toBe(false);
    expect(significantlyBeats(r, "a", "b", "m", { alpha: 0.2 })).toBe(true);
  });

  it("one-sided is the more liberal test of the same direction", () => {
    const r = makeReport({ a: { m: bools(5, 12) }, b: { m: bools(9, 12) } });
    const two = compareArms(r, "a", "b", "m").pValue;
    const one = compareArms(r, "a", "b", "m", { alternative: "greater" }).pValue;
    expect(one).toBeCloseTo(two / 2, 12);
  });

  it("assertSignificant throws with the numbers and a hint, passes otherwise", () => {
    expect(
      assertSignificant(report, { baseline: "vanilla", arm: "gated", metric: "marked" }).significant,
    ).toBe(true);
    const r = makeReport({ a: { m: bools(5, 10) }, b: { m: bools(6, 10) } });
    let err: unknown;
    try {
      assertSignificant(r, { baseline: "a", arm: "b", metric: "m" });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(AssertionFailedError);
    expect(String(err)).toMatch(/"b" 0.6 \(n=10\) vs "a" 0.5 \(n=10\)/);
    expect(String(err)).toMatch(/raise trials/);
  });

  it("assertSignificant on an arm with zero trials is vacuous, not a pass or a plain failure", () => {
    const r = makeReport({ a: { m: bools(5, 10) }, b: { m: [] } });
    expect(() => assertSignificant(r, { baseline: "a", arm: "b", metric: "m" })).toThrow(
      VacuousAssertionError,
    );
  });
});

describe("compareCheck", () => {
  it("maps the i-th check to its metric and gives a verdict", () => {
    const c0 = compareCheck(report, "vanilla", "gated", 0);
    expect(c0.metric).toBe("marked");
    expect(c0.verdict).toBe("better");
    expect(c0.check).toEqual({ kind: "tool", name: "Bash" });
    const c1 = compareCheck(report, "vanilla", "gated", 1);
    expect(c1.metric).toBe("cost");
    expect(c1.verdict).toBe("worse");
    expect(compareCheck(report, "vanilla", "same", 0).verdict).toBe("no-difference");
  });

  it("an index past the checks is a named error listing them", () => {
    expect(() => compareCheck(report, "vanilla", "gated", 2)).toThrow(InvalidOptionError);
    expect(() => compareCheck(report, "vanilla", "gated", 2)).toThrow(/0: "marked", 1: "cost"/);
  });
});
