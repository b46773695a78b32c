import { describe, expect, it } from "vitest";
import { VacuousAssertionError } from "../../src/core/errors.js";
import { InvalidStatisticInputError } from "../../src/core/stats/errors.js";
import { comparePaired, mcnemarExact, pairedBootstrap, signTest } from "../../src/core/stats/paired.js";
import { passAtK, passHatK, taskCounts } from "../../src/core/stats/pass-k.js";
import { bools, makeReport } from "./make-report.js";

describe("pass^k and pass@k", () => {
  it("k = 1 is the mean rate for both; pass^n is 'passed every trial'", () => {
    const tasks = [
      { n: 4, c: 4 },
      { n: 4, c: 2 },
    ];
    expect(passHatK(tasks, 1)).toBe(0.75);
    expect(passAtK(tasks, 1)).toBe(0.75);
    expect(passHatK(tasks, 4)).toBe(0.5);
    expect(passAtK(tasks, 4)).toBe(1);
    expect(passHatK(tasks, 2)).toBeCloseTo((1 + 1 / 6) / 2, 12);
  });

  it("does not overflow where factorials would", () => {
    expect(passHatK([{ n: 500, c: 499 }], 200)).toBeCloseTo(300 / 500, 12);
  });

  it("refuses k above the trials run and an empty task list", () => {
    expect(() => passHatK([{ n: 3, c: 3 }], 5)).toThrow(InvalidStatisticInputError);
    expect(() => passHatK([{ n: 3, c: 3 }], 5)).toThrow(/k=5 exceeds the 3 trial/);
    expect(() => passAtK([], 1)).toThrow(VacuousAssertionError);
  });

  it("groups a report's rows by case", () => {
    const r = makeReport(
      { on: { ok: [true, false, true, true, true, false] } },
      { cases: ["fix the bug", "add a test"] },
    );
    const tasks = taskCounts(r, "on", "ok");
    expect(tasks).toEqual([
      { case: "fix the bug", n: 3, c: 3 },
      { case: "add a test", n: 3, c: 1 },
    ]);
    expect(passHatK(tasks, 3)).toBe(0.5);
  });

  it("a report without rows is vacuous for per-task estimates", () => {
    const r = { ...makeReport({ on: { ok: [true] } }), rows: undefined };
    expect(() => taskCounts(r, "on", "ok")).toThrow(VacuousAssertionError);
  });
});

describe("paired comparisons", () => {
  it("McNemar looks only at discordant pairs", () => {
    const m = mcnemarExact(9, 1, { pairs: 30 });
    expect(m.pValue).toBeCloseTo(0.021484375, 12); // 2 * 11/1024
    expect(m.significant).toBe(true);
    expect(m.delta).toBeCloseTo(8 / 30, 12);
    expect(mcnemarExact(0, 0).pValue).toBe(1);
  });

  it("the sign test drops ties", () => {
    const s = signTest([1, 2, 0.5, 0, 0, -1, 3, 2, 1, 4]);
    expect(s).toMatchObject({ positive: 7, negative: 1, ties: 2 });
    expect(s.pValue).toBeCloseTo((2 * 9) / 256, 12);
    expect(() => signTest([NaN])).toThrow(InvalidStatisticInputError);
  });

  it("the bootstrap is reproducible with its seed and brackets the observed delta", () => {
    const base = [3, 4, 5, 4, 3, 5, 4, 4, 3, 5];
    const arm = [4, 5, 6, 5, 5, 6, 4, 5, 4, 6];
    const a = pairedBootstrap(base, arm, { seed: 7 });
    const b = pairedBootstrap(base, arm, { seed: 7 });
    expect(a).toEqual(b);
    expect(a.delta).toBeCloseTo(1, 12);
    expect(a.ci[0]).toBeLessThan(1);
    expect(a.ci[1]).toBeGreaterThan(1);
    expect(a.ci[0]).toBeGreaterThan(0);
    expect(a.significant).toBe(true);
    const xs = [0.31, 1.7, -0.42, 0.93, 1.18, 0.05, 2.2, -0.8, 0.61, 1.37];
    const zeros = xs.map(() => 0);
    expect(pairedBootstrap(zeros, xs, { seed: 8 }).ci).not.toEqual(
      pairedBootstrap(zeros, xs, { seed: 7 }).ci,
    );
    const noise = pairedBootstrap([1, 2, 3, 4], [2, 1, 4, 3]);
    expect(noise.significant).toBe(false);
    expect(noise.pValue).toBeGreaterThan(0.5);
    expect(() => pairedBootstrap([1], [1, 2])).toThrow(/pair up/);
  });

  it("comparePaired picks McNemar for rates and the bootstrap for scores, pairing by case and trial", () => {
    const r = makeReport(
      {
        off: { ok: bools(2, 12), score: [1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2] },
        on: { ok: bools(11, 12), score: [2, 3, 2, 3, 2, 3, 2, 3, 2, 3, 2, 2] },
      },
      { cases: ["a", "b", "c"] },
    );
    const rate = comparePaired(r, "off", "on", "ok");
    expect(rate.method).toBe("mcnemar");
    if (rate.method !== "mcnemar") throw new Error("unreachable");
    expect(rate.armOnly).toBe(9);
    expect(rate.baselineOnly).toBe(0);
    expect(rate.pairs).toBe(12);
    expect(rate.significant).toBe(true);
    const score = comparePaired(r, "off", "on", "score");
    expect(score.method).toBe("bootstrap");
    expect(score.delta).toBeCloseTo(11 / 12, 12);
  });

  it("comparePaired with no shared cases is vacuous", () => {
    const r = makeReport({ off: { ok: bools(2, 3) }, on: { ok: [] } });
    expect(() => comparePaired(r, "off", "on", "ok")).toThrow(VacuousAssertionError);
  });
});
