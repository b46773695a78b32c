// Pins vigiles' own Student-t CDF (a regularised incomplete beta, src/core/stats/incomplete-beta.ts)
// against scipy over a grid of t and df, tails included: the p-value of a Welch test is the
// smaller tail, so it is checked to a relative error, not only an absolute one.
// Reference: test/stats/reference/make_t_cdf_grid.py (scipy 1.17.1).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { logBeta, logGamma } from "../../src/core/stats/incomplete-beta.js";
import { studentTCdf } from "../../src/core/stats/t-distribution.js";

interface Grid {
  t: { t: number; df: number; cdf: number; sf: number }[];
  normal: { t: number; cdf: number; sf: number }[];
}
const grid = JSON.parse(
  readFileSync(new URL("./reference/t-cdf-grid.json", import.meta.url), "utf8"),
) as Grid;

/** Relative error of the smaller tail (absolute below 1e-300, where scipy's own value underflows). */
function tailError(t: number, df: number, cdf: number, sf: number): number {
  const tail = t < 0 ? cdf : sf;
  const ours = studentTCdf(-Math.abs(t), df);
  return tail > 1e-300 ? Math.abs(ours - tail) / tail : Math.abs(ours - tail);
}

describe("Student-t CDF against scipy", () => {
  it("has the grid", () => expect(grid.t.length).toBeGreaterThan(300));

  it.each(grid.t.map((c) => [c.t, c.df, c] as const))("t=%d df=%d", (t, df, c) => {
    expect(Math.abs(studentTCdf(t, df) - c.cdf)).toBeLessThan(1e-9);
    // Below 1e8 degrees of freedom the tail keeps 1e-8 of its digits; past 1e9 it is the normal's.
    expect(tailError(t, df, c.cdf, c.sf)).toBeLessThan(df <= 1e8 ? 1e-7 : 1e-3);
  });

  it.each(grid.normal.map((c) => [c.t, c] as const))("df=Infinity is the standard normal at t=%d", (t, c) => {
    expect(Math.abs(studentTCdf(t, Infinity) - c.cdf)).toBeLessThan(1e-15);
    expect(tailError(t, Infinity, c.cdf, c.sf)).toBeLessThan(1e-12);
  });

  it("the large-a log-gamma step joins the Lanczos one at a = 50", () => {
    for (const a of [49.5, 50, 50.5, 80, 200]) {
      const direct = logGamma(0.5) + logGamma(a) - logGamma(a + 0.5);
      expect(Math.abs(logBeta(a, 0.5) - direct)).toBeLessThan(1e-12);
    }
  });

  it("rejects a df that is not positive and keeps the edges", () => {
    expect(() => studentTCdf(1, 0)).toThrow(RangeError);
    expect(studentTCdf(Infinity, 3)).toBe(1);
    expect(studentTCdf(-Infinity, 3)).toBe(0);
    expect(studentTCdf(0, 3)).toBe(0.5);
  });
});
