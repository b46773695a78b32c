import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { renderReportHtml } from "../../src/tools/report/html/render.js";
import { writeBaseline } from "../../src/tools/report/baseline-file.js";
import { MalformedReportError, readReportFile } from "../../src/tiers/eval/load-report.js";
import { bools, makeReport } from "../stats/make-report.js";

const dir = () => mkdtempSync(join(tmpdir(), "vigiles-load-"));

describe("readReportFile", () => {
  it("loads rows streamed to a JSONL rowsFile beside the report", () => {
    const d = dir();
    const r = makeReport({ on: { ok: bools(1, 3) } });
    writeFileSync(join(d, "rows.jsonl"), r.rows!.map((row) => JSON.stringify(row)).join("\n") + "\n");
    const { rows: _rows, ...summary } = r;
    writeFileSync(join(d, "report.json"), JSON.stringify({ ...summary, rowsFile: "rows.jsonl" }));
    const [loaded] = readReportFile(join(d, "report.json"));
    expect(loaded?.rows).toHaveLength(3);
    expect(loaded?.rows?.[2]?.metrics).toEqual({ ok: false });
  });

  it("reads every report of a baseline file", () => {
    const d = dir();
    writeBaseline(join(d, "b.json"), [
      makeReport({ a: { m: [true] } }, { name: "x" }),
      makeReport({ a: { m: [true] } }, { name: "y" }),
    ]);
    expect(readReportFile(join(d, "b.json")).map((r) => r.name)).toEqual(["x", "y"]);
  });

  it("names what is wrong with a file that is not a report", () => {
    const d = dir();
    writeFileSync(
      join(d, "bad.json"),
      JSON.stringify({ version: 1, arms: { a: { metrics: { m: { mean: 1 } } } } }),
    );
    expect(() => readReportFile(join(d, "bad.json"))).toThrow(MalformedReportError);
    expect(() => readReportFile(join(d, "bad.json"))).toThrow(/totalCostUsd/);
    expect(() => readReportFile(join(d, "missing.json"))).toThrow(/does not exist/);
    writeFileSync(
      join(d, "rows-missing.json"),
      JSON.stringify({ ...makeReport({ a: { m: [true] } }), rows: undefined, rowsFile: "gone.jsonl" }),
    );
    expect(() => readReportFile(join(d, "rows-missing.json"))).toThrow(
      /rows file .*gone\.jsonl cannot be read/,
    );
  });
});

describe("failing trials in the HTML", () => {
  it("caps the trials shown per arm and says how many are left out", () => {
    const html = renderReportHtml([makeReport({ on: { ok: bools(10, 130) }, off: { ok: bools(0, 3) } })]);
    expect(html.match(/<details class="trial" data-arm="on"/g)).toHaveLength(50);
    expect(html.match(/<details class="trial" data-arm="off"/g)).toHaveLength(3);
    expect(html).toContain("123 of 133 trials failed something");
    expect(html).toContain("The first 50 per arm are shown (70 more in the report's rows)");
  });
});
