// The samples of the spec's "Significance & regression gating" section, and the report-reading
// lines of "The check vocabulary", run as written against reports shaped like paid_measureArms'.
// "vigiles" is src/entries/index.ts here.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  assertRates,
  assertReliable,
  assertSignificant,
  checkReportToJUnit,
  compareArms,
  compareCheck,
  significantlyBeats,
  writeBaseline,
  readBaseline,
  assertNoRegression,
  diffToJUnit,
  diffReports,
  AssertionFailedError,
} from "../../src/entries/index.js";
import { bools, makeReport } from "./make-report.js";

const cwd = process.cwd();
beforeAll(() => process.chdir(mkdtempSync(join(tmpdir(), "vigiles-spec-"))));
afterAll(() => process.chdir(cwd));

const report = makeReport(
  {
    vanilla: { marked: bools(3, 12), cost: Array.from({ length: 12 }, (_, i) => 0.04 + (i % 4) * 0.002) },
    gated: { marked: bools(11, 12), cost: Array.from({ length: 12 }, (_, i) => 0.05 + (i % 4) * 0.002) },
  },
  { checks: { marked: { kind: "skill", id: "vigiles:test-harness" } } },
);

describe("Significance", () => {
  it("runs as written", () => {
    assertSignificant(report, {
      baseline: "vanilla",
      arm: "gated",
      metric: "marked",
    });
    expect(significantlyBeats(report, "vanilla", "gated", "marked")).toBe(true); // bare predicate
    const c = compareArms(report, "vanilla", "gated", "marked");
    expect(Object.keys(c)).toEqual(
      expect.arrayContaining(["delta", "seDelta", "t", "df", "pValue", "significant"]),
    );
    expect(compareCheck(report, "vanilla", "gated", 0).significant).toBe(true);
    expect(() => assertReliable(report, { arm: "gated", metric: "marked" })).toThrow(AssertionFailedError);
  });
});

describe("Regression gating", () => {
  it("runs as written: record once, gate thereafter", () => {
    writeBaseline(".vigiles/eval-baseline.json", [report]);
    const baseline = readBaseline(".vigiles/eval-baseline.json");
    expect(baseline).toBeDefined();
    if (baseline) {
      assertNoRegression(report, baseline, { lowerIsBetter: ["cost"] });
      const xml = diffToJUnit(diffReports(baseline, [report]));
      expect(xml).toContain('failures="0"');
    }
    const worse = makeReport({
      vanilla: { marked: bools(3, 12), cost: Array.from({ length: 12 }, (_, i) => 0.09 + (i % 4) * 0.002) },
      gated: { marked: bools(2, 12) },
    });
    expect(() => assertNoRegression(worse, baseline!, { lowerIsBetter: ["cost"] })).toThrow(
      /2 of 3 compared metric\(s\) regressed/,
    );
  });
});

describe("The check vocabulary: reading the report is free", () => {
  it("runs as written", () => {
    assertRates(report, { min: 0.8, arm: "gated" }); // gate the rate, not one noisy run
    expect(() => assertRates(report, { min: 0.8 })).toThrow(/"marked" on arm "vanilla": rate 0.25/);
    writeFileSync("checks.junit.xml", checkReportToJUnit(report, { min: 0.8 }));
    expect(readFileSync("checks.junit.xml", "utf8")).toMatch(/tests="2" failures="1"/);
  });
});
