import { describe, expect, it } from "vitest";
import { AssertionFailedError, InvalidOptionError, VacuousAssertionError } from "../../src/core/errors.js";
import { UnknownArmError } from "../../src/core/stats/errors.js";
import { assertRates, assertReliable } from "../../src/core/stats/rate-gates.js";
import { bools, makeReport } from "./make-report.js";

const report = makeReport({
  on: { "tool(Bash)": bools(9, 10), "output(/done/)": bools(10, 10), tokens: [3, 4, 5] },
  off: { "tool(Bash)": bools(4, 10), "output(/done/)": bools(10, 10) },
});

describe("assertRates", () => {
  it("passes when every rate clears min, gating rates only", () => {
    const results = assertRates(report, { min: 0.8, arm: "on" });
    expect(results.map((r) => r.metric)).toEqual(["tool(Bash)", "output(/done/)"]);
    expect(results[0]?.interval[0]).toBeGreaterThan(0.5);
  });

  it("lists every failing rate with its interval and the failing trials' messages", () => {
    let err: unknown;
    try {
      assertRates(report, { min: 0.8 });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(AssertionFailedError);
    const msg = String(err);
    expect(msg).toMatch(/1 of 4 fell short/);
    expect(msg).toMatch(
      /"tool\(Bash\)" on arm "off": rate 0.4 \(4\/10, 95% CI \[0.168, 0.687\]\) is below 0.8/,
    );
    expect(msg).toMatch(/trial 4: expected tool\(Bash\) to hold on trial 4/);
  });

  it("zero runs or nothing to gate is vacuous, never a pass", () => {
    const empty = makeReport({ on: { ok: [] as boolean[] } });
    expect(() =>
      assertRates(
        {
          ...empty,
          arms: {
            on: {
              ...empty.arms.on!,
              metrics: { ok: { mean: 0, std: 0, se: 0, n: 0, passK: false, kind: "rate" } },
            },
          },
        },
        { min: 0.5 },
      ),
    ).toThrow(VacuousAssertionError);
    expect(() => assertRates(makeReport({}), { min: 0.5 })).toThrow(VacuousAssertionError);
    expect(() => assertRates(makeReport({ on: { score: [1, 2] } }), { min: 0.5 })).toThrow(
      VacuousAssertionError,
    );
  });

  it("names a bad arm and a bad min", () => {
    expect(() => assertRates(report, { min: 0.8, arm: "of" })).toThrow(UnknownArmError);
    expect(() => assertRates(report, { min: 80 })).toThrow(InvalidOptionError);
  });
});

describe("assertReliable", () => {
  it("holds only when every trial succeeded", () => {
    expect(() => assertReliable(report, { arm: "on", metric: "output(/done/)" })).not.toThrow();
    expect(() => assertReliable(report, { arm: "on", metric: "tool(Bash)" })).toThrow(
      /failed on 1 of 10 trial\(s\):\n {2}trial 9: expected tool\(Bash\) to hold on trial 9/,
    );
  });

  it("zero trials is vacuous", () => {
    const r = makeReport({ on: { ok: [] as boolean[] } });
    expect(() => assertReliable(r, { arm: "on", metric: "ok" })).toThrow(VacuousAssertionError);
  });
});
