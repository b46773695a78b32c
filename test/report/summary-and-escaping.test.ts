import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { diffReports } from "../../src/core/regression/diff.js";
import { renderReportHtml } from "../../src/tools/report/html/render.js";
import { reportToMarkdown, writeJobSummary } from "../../src/tools/report/job-summary.js";
import { bools, makeReport } from "../stats/make-report.js";
import { abBaselineReport, abReport } from "./ab-fixture.js";

describe("writeJobSummary", () => {
  it("does nothing outside GitHub Actions", () => {
    expect(writeJobSummary(abReport(), { env: {} })).toBeUndefined();
  });

  it("appends Markdown to GITHUB_STEP_SUMMARY, rates with intervals, the diff with verdicts", () => {
    const path = join(mkdtempSync(join(tmpdir(), "vigiles-summary-")), "summary.md");
    const diff = diffReports(abBaselineReport(), abReport());
    expect(writeJobSummary(abReport(), { env: { GITHUB_STEP_SUMMARY: path }, diff, min: 0.8 })).toBe(path);
    writeJobSummary(abReport("second"), { env: { GITHUB_STEP_SUMMARY: path } });
    const md = readFileSync(path, "utf8");
    expect(md).toContain("### vigiles eval: marker");
    expect(md).toContain("### vigiles eval: second");
    expect(md).toContain("| vanilla | `tool(Bash)` | 40.0% ❌ | 16.8%–68.7% | 10 |");
    expect(md).toContain("| vanilla | `quality` | 0.51 ± 0.0197 | | 10 |");
    expect(md).toMatch(
      /\| marker \/ vanilla \| `tool\(Bash\)` \| 0.9 \| 0.4 \| -0.5 \| 0.0197 \| 🔴 regressed \|/,
    );
  });

  it("escapes table pipes in names", () => {
    const md = reportToMarkdown(makeReport({ "a|b": { "output(/x|y/)": bools(1, 2) } }));
    expect(md).toContain("| a\\|b | `output(/x\\|y/)` |");
  });
});

describe("renderReportHtml", () => {
  it("escapes every name and message: a hostile report cannot inject markup", () => {
    const evil = '<script>alert(1)</script><img src=x onerror=alert(2)>"';
    const r = makeReport(
      { [evil]: { [evil]: [true, false] }, off: { [evil]: [false, false] } },
      { name: evil },
    );
    const rows = r.rows?.map((row) => ({ ...row, case: evil, error: evil }));
    const html = renderReportHtml([{ ...r, rows }]);
    expect(html).not.toMatch(/<script|<img/i);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("shows paired p-values when the arms ran the same cases", () => {
    const r = makeReport(
      { off: { ok: bools(2, 12) }, on: { ok: bools(12, 12) } },
      { cases: ["a", "b", "c"] },
    );
    const html = renderReportHtml([r]);
    expect(html).toContain('title="McNemar, 10/0 discordant">0.00195<');
  });
});
