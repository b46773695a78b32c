// Renders an A/B report with `vigiles report` (the real CLI, built), opens it in
// headless Debian Chromium with playwright-core, screenshots it and checks what a reader sees.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeBaseline } from "../../src/tools/report/baseline-file.js";
import { abBaselineReport, abReport } from "./ab-fixture.js";

const cli = join(process.cwd(), "dist/cli/main.js");
const CHROMIUM = "/usr/bin/chromium";
const dir = mkdtempSync(join(tmpdir(), "vigiles-html-"));
let browser: Browser | undefined;

function vigiles(args: string[], env: Record<string, string> = {}) {
  const clean = { ...process.env };
  delete clean["GITHUB_STEP_SUMMARY"];
  return spawnSync(process.execPath, [cli, ...args], {
    cwd: dir,
    encoding: "utf8",
    env: { ...clean, ...env },
  });
}

beforeAll(async () => {
  writeFileSync(join(dir, "report.json"), JSON.stringify(abReport()));
  writeBaseline(join(dir, "baseline.json"), [abBaselineReport()]);
  if (existsSync(CHROMIUM)) {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--disable-sync",
      ],
    });
  }
});
afterAll(async () => {
  await browser?.close();
});

describe("vigiles report", () => {
  it("writes one self-contained HTML file with the diff and the job summary", () => {
    const summary = join(dir, "summary.md");
    const r = vigiles(
      ["report", "report.json", "--baseline", "baseline.json", "-o", "out.html", "--min", "0.8"],
      {
        GITHUB_STEP_SUMMARY: summary,
      },
    );
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(
      /wrote out\.html \(1 regressed, 1 improved against the baseline\); job summary appended/,
    );
    const html = readFileSync(join(dir, "out.html"), "utf8");
    expect(html).not.toMatch(/<script|<link|src="http|href="http|@import|url\(/i);
    expect(html).toContain("default-src 'none'");
    const md = readFileSync(summary, "utf8");
    expect(md).toContain("| gated | `tool(Bash)` | 90.0% | 59.6%–98.2% | 10 |");
    expect(md).toContain("🔴 regressed");
  });

  it("fails clearly on a file that is not a report, and on a missing baseline", () => {
    writeFileSync(join(dir, "junk.json"), JSON.stringify({ hello: "world" }));
    const bad = vigiles(["report", "junk.json"]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/junk\.json is not a vigiles eval report/);
    const nob = vigiles(["report", "report.json", "--baseline", "nope.json"]);
    expect(nob.status).toBe(2);
    expect(nob.stderr).toMatch(/the baseline nope\.json does not exist/);
    expect(vigiles(["report"]).status).toBe(2);
  });

  it("reads well in Chromium: charts, verdicts, costs and a failing trial's trace one click away, no request out", async () => {
    if (!browser)
      throw new Error(`${CHROMIUM} is not installed; the HTML report test needs Debian's chromium`);
    if (!existsSync(join(dir, "out.html")))
      vigiles(["report", "report.json", "--baseline", "baseline.json", "-o", "out.html", "--min", "0.8"]);
    const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    const url = pathToFileURL(join(dir, "out.html")).href;
    const requests: string[] = [];
    page.on("request", (req) => requests.push(req.url()));
    await page.goto(url);
    await expect.poll(() => page.locator("h1").textContent()).toBe("marker");

    const charts = page.locator("svg.chart");
    expect(await charts.count()).toBe(3);
    expect(await charts.first().isVisible()).toBe(true);
    const bars = page.locator('section[data-metric="tool(Bash)"] g.bar');
    expect(await bars.count()).toBe(2);
    const fill = await page
      .locator('section[data-metric="tool(Bash)"] g.bar[data-label="gated"] rect.fill')
      .boundingBox();
    const track = await page
      .locator('section[data-metric="tool(Bash)"] g.bar[data-label="gated"] rect.track')
      .boundingBox();
    expect(fill && track ? fill.width / track.width : 0).toBeCloseTo(0.9, 2);
    expect(await page.locator('section[data-metric="tool(Bash)"] line.err').count()).toBe(6);

    expect(await page.locator('tr[data-verdict="regressed"]').first().isVisible()).toBe(true);
    expect(await page.locator("text=A/B verdicts").isVisible()).toBe(true);
    expect(await page.locator('tr[data-verdict="better"]').count()).toBeGreaterThanOrEqual(2);
    expect(await page.locator("text=Cost and latency").isVisible()).toBe(true);

    const trial = page.locator('details.trial[data-arm="vanilla"][data-trial="9"]');
    expect(await trial.isVisible()).toBe(true);
    const command = trial.locator("text=rm -rf is not allowed <here>");
    expect(await command.isVisible()).toBe(false);
    await trial.locator("summary").click();
    expect(await command.isVisible()).toBe(true);
    expect(await trial.locator("code", { hasText: "Edit" }).first().isVisible()).toBe(true);

    const shot = join(dir, "report.png");
    await page.screenshot({ path: shot, fullPage: true });
    writeFileSync(join(tmpdir(), "vigiles-report-screenshot.png"), readFileSync(shot));
    await page
      .locator("section.metric")
      .first()
      .screenshot({ path: join(tmpdir(), "vigiles-report-chart.png") });
    expect(readFileSync(shot).subarray(1, 4).toString()).toBe("PNG");
    expect(requests).toEqual([url]);
    await page.close();
  });
});
