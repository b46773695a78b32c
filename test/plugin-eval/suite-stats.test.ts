/**
 * Pins the statistics vigiles adds to a plugin eval suite against scipy 1.x (python3):
 *   stats.ttest_ind([1,1,0.5],[0,0.5,0],equal_var=False) -> t 2.8284, p 0.047421,
 *     confidence_interval(0.95) = (0.012252, 1.321081)
 *   stats.ttest_rel([1,0.6,0.5,0.9],[0.5,0.2,0.4,0.1]) -> t 3.1177, p 0.052566,
 *     confidence_interval(0.95) = (-0.009347, 0.909347)
 *   stats.t.ppf(0.975, 3) = 3.182446
 */
import { describe, expect, test } from "vitest";
import type { MetricSummary } from "../../src/core/eval-report.js";
import { caseEffect, suiteEffect, tQuantile } from "../../src/core/plugin-eval/suite-stats.js";

function summary(values: readonly number[]): MetricSummary {
  const n = values.length;
  const mean = values.reduce((s, v) => s + v, 0) / n;
  const std = n < 2 ? 0 : Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / (n - 1));
  return { mean, std, se: std / Math.sqrt(n), n, passK: false, kind: "score" };
}

describe("plugin suite statistics", () => {
  test("the t quantile matches scipy", () => {
    expect(tQuantile(0.975, 3)).toBeCloseTo(3.182446, 5);
  });
  test("per case: Welch's test and its interval match scipy", () => {
    const e = caseEffect("greet", summary([1, 1, 0.5]), summary([0, 0.5, 0]));
    expect(e.delta).toBeCloseTo(2 / 3, 10);
    expect(e.pValue).toBeCloseTo(0.047421, 5);
    expect(e.interval?.[0]).toBeCloseTo(0.012252, 5);
    expect(e.interval?.[1]).toBeCloseTo(1.321081, 5);
    expect(e.significant).toBe(true);
  });
  test("per case: one run an arm has no interval and is never significant", () => {
    const e = caseEffect("c", summary([1]), summary([0]));
    expect(e.interval).toBeUndefined();
    expect(e.significant).toBe(false);
    expect(e.degenerate).toBe("too-few-trials");
  });
  test("per suite: the paired t over case means matches scipy", () => {
    const s = suiteEffect([
      { withMean: 1, withoutMean: 0.5 },
      { withMean: 0.6, withoutMean: 0.2 },
      { withMean: 0.5, withoutMean: 0.4 },
      { withMean: 0.9, withoutMean: 0.1 },
    ]);
    expect(s.meanDelta).toBeCloseTo(0.45, 10);
    expect(s.pValue).toBeCloseTo(0.052566, 5);
    expect(s.interval?.[0]).toBeCloseTo(-0.009347, 5);
    expect(s.interval?.[1]).toBeCloseTo(0.909347, 5);
    expect(s.significant).toBe(false);
  });
  test("per suite: one case is too few for a test", () => {
    expect(suiteEffect([{ withMean: 1, withoutMean: 0 }])).toMatchObject({
      significant: false,
      degenerate: "too-few-cases",
    });
  });
});
