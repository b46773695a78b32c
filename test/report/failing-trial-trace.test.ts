// A failing eval trial keeps what the agent did (tool calls, hook fires, clipped output) in its row, and
// `vigiles eval` -> `vigiles report` shows it in the HTML, opened in headless Chromium when it is here.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { EvalReport } from "../../src/core/eval-report.js";
import { paid_runEval } from "../../src/tiers/eval/run-eval.js";
import traced, { LONG_ANSWER } from "../eval/fixtures/traced-driver.js";

const ROOT = resolve(import.meta.dirname, "../..");
// The built CLI, as a user runs it (npm test builds first): tsx on src/ cost seconds per call under load.
const MAIN = join(ROOT, "dist/cli/main.js");
const DRIVER = join(ROOT, "test/eval/fixtures/traced-driver.ts");
const DEFINE = join(ROOT, "dist/core/eval/eval-file.js");
const CHROMIUM = "/usr/bin/chromium";

function cli(cwd: string, args: string[]) {
  const r = spawnSync(process.execPath, [MAIN, ...args], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, CI: "1" },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe("a failing trial's trace", () => {
  it("is kept in the engine's row (tool calls, hooks, clipped output); passing rows stay without one", async () => {
    const report = await paid_runEval(
      { task: "clean the build", measure: (ctx) => ({ done: ctx.file("DONE") !== null }), trials: 4 },
      { driver: traced },
    );
    const rows = [...(report.rows ?? [])].sort((a, b) => a.trial - b.trial);
    expect(rows.map((r) => r.metrics["done"])).toEqual([true, false, true, false]);
    expect(rows.filter((r) => r.trace !== undefined).map((r) => r.trial)).toEqual([1, 3]);
    const trace = rows[1]!.trace!;
    expect(trace.toolCalls).toEqual([
      {
        name: "Bash",
        input: { command: "rm -rf build" },
        result: "Blocked by hook: refusing rm -rf outside the sandbox",
        isError: true,
      },
    ]);
    expect(trace.hooks).toEqual([
      {
        name: "guard.sh",
        event: "PreToolUse",
        blocked: true,
        exitCode: 2,
        output: "refusing rm -rf outside the sandbox",
      },
    ]);
    expect(trace.output.startsWith("I could not clean the build directory.")).toBe(true);
    expect(trace.output.length).toBeLessThan(LONG_ANSWER.length);
    expect(trace.output).toMatch(/more characters\]$/);
  });

  it("a measure that throws keeps the trace on its error row", async () => {
    const report = await paid_runEval(
      {
        task: "clean the build",
        measure: (ctx) => {
          if (ctx.toolCalls.some((c) => c.name === "Bash")) throw new Error("no Bash expected");
          return { done: true };
        },
        trials: 2,
      },
      { driver: traced },
    );
    const errored = report.rows!.find((r) => r.error !== undefined)!;
    expect(errored.error).toMatch(/the measure threw: no Bash expected/);
    expect(errored.trace?.toolCalls[0]?.name).toBe("Bash");
  });

  it("vigiles eval then vigiles report (run from elsewhere): the HTML shows the failing trial's trace", async () => {
    const dir = mkdtempSync(join(tmpdir(), "vigiles-trace-html-"));
    const project = join(dir, "project");
    mkdirSync(project);
    writeFileSync(
      join(project, "clean.eval.ts"),
      `import { defineEval } from ${JSON.stringify(DEFINE)};
export default defineEval({
  runEval: {
    name: "clean",
    task: "clean the build",
    measure: (ctx) => ({ done: ctx.file("DONE") !== null }),
    trials: 4,
  },
});
`,
    );
    const run = cli(project, ["eval", "--driver", DRIVER, "--out", "out/clean.json"]);
    expect(run.stderr).not.toMatch(/warning/);
    expect(run.code).toBe(0);
    const written = JSON.parse(readFileSync(join(project, "out/clean.json"), "utf8")) as EvalReport;
    // Rows streamed beside the report, named relative to it.
    expect(written.rows).toBeUndefined();
    expect(written.rowsFile).toBe("clean.rows.jsonl");

    const report = cli(dir, ["report", "project/out/clean.json", "-o", "clean.html"]);
    expect(report.stderr).toBe("");
    expect(report.code).toBe(0);
    const html = readFileSync(join(dir, "clean.html"), "utf8");
    expect(html).not.toContain("No trace was kept");
    expect(html).toContain("2 of 4 trials failed something");
    expect(html).toContain("rm -rf build");
    expect(html).toContain("Blocked by hook: refusing rm -rf outside the sandbox");
    expect(html).toContain("<code>guard.sh</code></td><td>PreToolUse</td>");
    expect(html).toContain("I could not clean the build directory.");
    // The passing trial's Write call is not listed: only failing trials are.
    expect(html).not.toContain("file_path");

    if (!existsSync(CHROMIUM)) return;
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--no-first-run",
      ],
    });
    try {
      const page = await browser.newPage();
      await page.goto(pathToFileURL(join(dir, "clean.html")).href);
      const trial = page.locator('details.trial[data-trial="1"]');
      expect(await trial.locator(".body").isVisible()).toBe(false);
      await trial.locator("summary").click();
      const body = trial.locator(".body");
      expect(await body.isVisible()).toBe(true);
      const text = await body.innerText();
      expect(text).toContain("Tool calls");
      expect(text).toContain("rm -rf build");
      expect(text).toMatch(/guard\.sh\s+PreToolUse\s+2\s+blocked/);
      expect(text).toContain("I could not clean the build directory.");
      await page.screenshot({ path: join(dir, "clean.png"), fullPage: true });
    } finally {
      await browser.close();
    }
  });
});
