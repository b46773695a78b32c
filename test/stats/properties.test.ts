// Properties over many generated inputs (fast-check): the statistics never return NaN and keep
// their textbook invariants.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { binomialTestHalf } from "../../src/core/stats/binomial.js";
import { passAtK, passHatK } from "../../src/core/stats/pass-k.js";
import { welchTest } from "../../src/core/stats/welch.js";
import { wilsonInterval } from "../../src/core/stats/wilson.js";

const stats = fc.record({
  mean: fc.double({ min: -1e3, max: 1e3, noNaN: true }),
  se: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 100, noNaN: true })),
  n: fc.integer({ min: 0, max: 500 }),
  kind: fc.constantFrom("rate" as const, "score" as const),
});

describe("properties", () => {
  it("Welch never yields NaN, p stays in [0, 1], and the two one-sided p-values sum to 1", () => {
    fc.assert(
      fc.property(stats, stats, (a, b) => {
        const two = welchTest(a, b);
        for (const v of [two.delta, two.seDelta, two.t, two.df, two.pValue])
          expect(Number.isNaN(v)).toBe(false);
        expect(two.pValue).toBeGreaterThanOrEqual(0);
        expect(two.pValue).toBeLessThanOrEqual(1);
        const g = welchTest(a, b, { alternative: "greater" }).pValue;
        const l = welchTest(a, b, { alternative: "less" }).pValue;
        if (!two.degenerate && two.t !== 0) expect(g + l).toBeCloseTo(1, 9);
        expect(two.significant).toBe(two.pValue < 0.05);
      }),
      { numRuns: 2000 },
    );
  });

  it("swapping the arms flips delta and t and keeps the two-sided p", () => {
    fc.assert(
      fc.property(stats, stats, (a, b) => {
        const ab = welchTest(a, b);
        const ba = welchTest(b, a);
        expect(ba.delta + ab.delta).toBeCloseTo(0, 9);
        expect(ba.pValue).toBeCloseTo(ab.pValue, 12);
      }),
    );
  });

  it("the Wilson interval lies in [0, 1], contains the observed rate, and narrows with n", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2000 }), fc.double({ min: 0, max: 1, noNaN: true }), (n, f) => {
        const k = Math.round(f * n);
        const [lo, hi] = wilsonInterval(k, n);
        expect(lo).toBeGreaterThanOrEqual(0);
        expect(hi).toBeLessThanOrEqual(1);
        expect(lo).toBeLessThanOrEqual(k / n + 1e-12);
        expect(hi).toBeGreaterThanOrEqual(k / n - 1e-12);
        const [lo4, hi4] = wilsonInterval(4 * k, 4 * n);
        expect(hi4 - lo4).toBeLessThan(hi - lo);
      }),
    );
  });

  it("binomial p-values lie in [0, 1] and the two-sided one is symmetric", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), fc.double({ min: 0, max: 1, noNaN: true }), (n, f) => {
        const k = Math.round(f * n);
        const p = binomialTestHalf(k, n);
        expect(p).toBeGreaterThanOrEqual(0);
        expect(p).toBeLessThanOrEqual(1);
        expect(binomialTestHalf(n - k, n)).toBeCloseTo(p, 12);
      }),
    );
  });

  it("pass^k <= pass@k, pass^k falls and pass@k rises with k", () => {
    const task = fc
      .integer({ min: 3, max: 30 })
      .chain((n) => fc.record({ n: fc.constant(n), c: fc.integer({ min: 0, max: n }) }));
    fc.assert(
      fc.property(fc.array(task, { minLength: 1, maxLength: 8 }), (tasks) => {
        for (let k = 1; k < 3; k++) {
          expect(passHatK(tasks, k)).toBeLessThanOrEqual(passAtK(tasks, k) + 1e-12);
          expect(passHatK(tasks, k + 1)).toBeLessThanOrEqual(passHatK(tasks, k) + 1e-12);
          expect(passAtK(tasks, k + 1)).toBeGreaterThanOrEqual(passAtK(tasks, k) - 1e-12);
        }
      }),
    );
  });
});
