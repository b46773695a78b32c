import { describe, expect, it } from "vitest";
import { AssertionFailedError, VacuousAssertionError } from "../../src/core/errors.js";
import { assertNoRegression } from "../../src/core/regression/assert-no-regression.js";
import { makeBaseline } from "../../src/core/regression/baseline.js";
import { diffReports } from "../../src/core/regression/diff.js";
import { bools, makeReport } from "../stats/make-report.js";

const costs = (c: number) => Array.from({ length: 10 }, (_, i) => c + (i % 3) * 0.01);
const before = makeReport({
  gated: { marked: bools(9, 10), cost: costs(0.3), gone: bools(5, 10) },
  vanilla: { marked: bools(3, 10), cost: costs(0.5) },
  retired: { marked: bools(5, 10) },
});

describe("diffReports", () => {
  it("lists every arm × metric with a verdict", () => {
    const after = makeReport({
      gated: { marked: bools(2, 10), cost: costs(0.3), fresh: bools(5, 10) },
      vanilla: { marked: bools(10, 10), cost: costs(0.8) },
      added: { marked: bools(1, 10) },
    });
    const diff = diffReports(makeBaseline(before), [after], { lowerIsBetter: ["cost"] });
    const v = Object.fromEntries(diff.entries.map((e) => [`${e.arm}/${e.metric}`, e.verdict]));
    expect(v).toEqual({
      "gated/marked": "regressed",
      "gated/cost": "unchanged",
      "gated/fresh": "new",
      "gated/gone": "missing",
      "vanilla/marked": "improved",
      "vanilla/cost": "regressed",
      "added/marked": "new",
      "retired/marked": "missing",
    });
    expect(diff.counts).toEqual({ improved: 1, regressed: 2, unchanged: 1, new: 2, missing: 2 });
    const gm = diff.entries.find((e) => e.arm === "gated" && e.metric === "marked");
    expect(gm?.delta).toBeCloseTo(-0.7, 12);
    expect(gm?.comparison?.pValue).toBeLessThan(0.01);
  });

  it("without lowerIsBetter a rising cost reads as an improvement", () => {
    const after = makeReport({ vanilla: { cost: costs(0.8) } });
    const diff = diffReports(before, after);
    expect(diff.entries.find((e) => e.arm === "vanilla" && e.metric === "cost")?.verdict).toBe("improved");
  });

  it("pairs named reports by name", () => {
    const a = makeReport({ x: { m: bools(9, 10) } }, { name: "alpha" });
    const b = makeReport({ x: { m: bools(1, 10) } }, { name: "beta" });
    const diff = diffReports([a, b], [makeReport({ x: { m: bools(1, 10) } }, { name: "beta" })]);
    expect(diff.entries.map((e) => [e.report, e.verdict])).toEqual([
      ["beta", "unchanged"],
      ["alpha", "missing"],
    ]);
  });
});

describe("assertNoRegression", () => {
  it("fails only on a significant regression, naming it", () => {
    const noisy = makeReport({ gated: { marked: bools(7, 10), cost: costs(0.3) } });
    expect(() => assertNoRegression(noisy, before, { lowerIsBetter: ["cost"] })).not.toThrow();
    const worse = makeReport({ gated: { marked: bools(7, 10), cost: costs(0.6) } });
    expect(() => assertNoRegression(worse, before)).not.toThrow(); // cost up = better by default
    let err: unknown;
    try {
      assertNoRegression(worse, before, { lowerIsBetter: ["cost"] });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(AssertionFailedError);
    expect(String(err)).toMatch(/1 of 2 compared metric\(s\) regressed/);
    expect(String(err)).toMatch(
      /arm "gated", "cost": regressed, 0.309 \(n=10\) → 0.609 \(n=10\), delta \+0.3, p=4.33e-24 \[lower is better\]/,
    );
  });

  it("skips arms and metrics absent from the baseline", () => {
    const r = makeReport({
      gated: { marked: bools(9, 10), brandNew: bools(0, 10) },
      newArm: { marked: bools(0, 10) },
    });
    const diff = assertNoRegression(r, before);
    expect(diff.counts.new).toBe(2);
  });

  it("honours alpha", () => {
    const r = makeReport({ gated: { marked: bools(6, 10) } });
    expect(() => assertNoRegression(r, before)).not.toThrow();
    expect(() => assertNoRegression(r, before, { alpha: 0.2 })).toThrow(AssertionFailedError);
  });

  it("a run sharing nothing with the baseline compared nothing: vacuous", () => {
    const r = makeReport({ other: { x: bools(1, 10) } });
    expect(() => assertNoRegression(r, before)).toThrow(VacuousAssertionError);
  });
});
