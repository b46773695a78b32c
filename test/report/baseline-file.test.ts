import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  BASELINE_VERSION,
  BaselineVersionError,
  MalformedBaselineError,
} from "../../src/core/regression/baseline.js";
import { readBaseline, writeBaseline } from "../../src/tools/report/baseline-file.js";
import { bools, makeReport } from "../stats/make-report.js";

const dir = () => mkdtempSync(join(tmpdir(), "vigiles-baseline-"));
const report = makeReport({ on: { ok: bools(8, 10) }, off: { ok: bools(3, 10) } }, { name: "marker" });

describe("writeBaseline / readBaseline", () => {
  it("round-trips a versioned file, dropping raw rows by default, leaving no temp file", () => {
    const d = dir();
    const path = join(d, ".vigiles", "eval-baseline.json");
    writeBaseline(path, [report]);
    const raw = JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
    expect(raw["version"]).toBe(BASELINE_VERSION);
    expect(raw["format"]).toBe("vigiles-eval-baseline");
    expect(readdirSync(join(d, ".vigiles"))).toEqual(["eval-baseline.json"]);
    const b = readBaseline(path);
    expect(b?.reports).toHaveLength(1);
    expect(b?.reports[0]?.arms).toEqual(report.arms);
    expect(b?.reports[0]?.rows).toBeUndefined();
    writeBaseline(path, report, { keepRows: true });
    expect(readBaseline(path)?.reports[0]?.rows).toHaveLength(20);
  });

  it("a missing file is undefined", () => {
    expect(readBaseline(join(dir(), "nope.json"))).toBeUndefined();
  });

  it("malformed files are named errors that say what is wrong", () => {
    const d = dir();
    const notJson = join(d, "a.json");
    writeFileSync(notJson, "{ nope");
    expect(() => readBaseline(notJson)).toThrow(MalformedBaselineError);
    expect(() => readBaseline(notJson)).toThrow(/a.json is malformed: it is not JSON/);
    const badShape = join(d, "b.json");
    writeFileSync(
      badShape,
      JSON.stringify({
        format: "vigiles-eval-baseline",
        version: 1,
        reports: [{ ...report, arms: { on: { metrics: { ok: { mean: "high" } } } } }],
      }),
    );
    expect(() => readBaseline(badShape)).toThrow(/"reports"\[0\] is not an eval report/);
    const wrongFormat = join(d, "c.json");
    writeFileSync(wrongFormat, JSON.stringify({ format: "jest-snapshot", version: 1 }));
    expect(() => readBaseline(wrongFormat)).toThrow(MalformedBaselineError);
  });

  it("refuses a newer version with a clear error", () => {
    const path = join(dir(), "new.json");
    writeFileSync(
      path,
      JSON.stringify({ format: "vigiles-eval-baseline", version: BASELINE_VERSION + 1, reports: [] }),
    );
    expect(() => readBaseline(path)).toThrow(BaselineVersionError);
    expect(() => readBaseline(path)).toThrow(/newer than the version 1 this vigiles reads\. Upgrade vigiles/);
  });

  it("upgrades the older format: a bare report (or array of reports) saved as JSON", () => {
    const d = dir();
    const bare = join(d, "bare.json");
    writeFileSync(bare, JSON.stringify(report));
    expect(readBaseline(bare)?.reports[0]?.name).toBe("marker");
    expect(readBaseline(bare)?.version).toBe(BASELINE_VERSION);
    const arr = join(d, "arr.json");
    writeFileSync(arr, JSON.stringify([report, report]));
    expect(readBaseline(arr)?.reports).toHaveLength(2);
  });
});
