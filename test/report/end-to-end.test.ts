// The report readers on a report the eval tier really produced: paid_measureArms through the real
// Claude Code CLI against the local stochastic mock model (free, seeded ground truth), then the
// statistics, the gates, JUnit (schema-checked) and the HTML page read it.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { tool, wrote } from "../../src/entries/index.js";
import { AssertionFailedError } from "../../src/core/errors.js";
import { diffReports } from "../../src/core/regression/diff.js";
import { makeBaseline } from "../../src/core/regression/baseline.js";
import { assertNoRegression } from "../../src/core/regression/assert-no-regression.js";
import { assertSignificant, compareCheck } from "../../src/core/stats/compare-arms.js";
import { assertRates } from "../../src/core/stats/rate-gates.js";
import { paid_measureArms } from "../../src/tiers/eval/run-eval.js";
import { MOCK_RESULT_FILE, stochasticMockDriver } from "../../src/tiers/eval/mock-driver.js";
import { renderReportHtml } from "../../src/tools/report/html/render.js";
import { checkReportToJUnit } from "../../src/tools/report/junit.js";

const xsd = fileURLToPath(new URL("./fixtures/junit.xsd", import.meta.url));

describe("reading a report the eval tier produced", () => {
  it("gates, compares, diffs and renders a real paid_measureArms report", async () => {
    const driver = stochasticMockDriver({ rates: { off: 0.1, on: 0.95 }, seed: 11 });
    const trials = 8;
    const report = await paid_measureArms(
      {
        name: "result-file",
        arms: { off: {}, on: {} },
        task: "write the result file",
        checks: [tool("Bash"), wrote(MOCK_RESULT_FILE)],
        trials,
        concurrency: 3,
      },
      { driver },
    );
    const truth = (arm: string) =>
      Array.from({ length: trials }, (_, trial) => driver.succeeds({ arm, trial })).filter(Boolean).length;
    const [bashMetric, wroteMetric] = Object.keys(report.checks ?? {});
    expect(report.arms["on"]?.metrics[wroteMetric!]?.mean).toBeCloseTo(truth("on") / trials, 12);

    // the gates read it as the spec says
    assertRates(report, { min: 0.5, arm: "on" });
    expect(() => assertRates(report, { min: 0.5 })).toThrow(AssertionFailedError);
    assertSignificant(report, { baseline: "off", arm: "on", metric: wroteMetric! });
    expect(compareCheck(report, "off", "on", 1).metric).toBe(wroteMetric);
    expect(compareCheck(report, "off", "on", 0).metric).toBe(bashMetric);

    // against itself as the baseline nothing regresses; against a swapped baseline it does
    const diff = assertNoRegression(report, makeBaseline(report));
    expect(diff.counts.regressed).toBe(0);
    const swapped = { ...report, arms: { off: report.arms["on"]!, on: report.arms["off"]! } };
    expect(diffReports(makeBaseline(swapped), report).counts.regressed).toBeGreaterThan(0);

    // JUnit validates; the HTML shows both checks and the failing trials' messages
    const dir = mkdtempSync(join(tmpdir(), "vigiles-e2e-"));
    writeFileSync(join(dir, "checks.xml"), checkReportToJUnit(report, { min: 0.5 }));
    execFileSync("xmllint", ["--noout", "--schema", xsd, join(dir, "checks.xml")], { stdio: "pipe" });
    const html = renderReportHtml([report], { min: 0.5 });
    expect(html).toContain(`data-metric="${wroteMetric!.replace(/"/g, "&quot;")}"`);
    expect(html).toContain('<details class="trial" data-arm="off"');
  }, 180_000);
});
