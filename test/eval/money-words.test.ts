// Pins "money words only where money is spent" (issue 22): a run whose driver cannot spend money
// shows `$0 (mock)`, a replayed trial shows "cached", a paid run's figure is labelled as the CLI's
// estimate, the arms' costs add up to the report's total with replays in the grid, and progress and
// the end-of-run summary show each arm's rate.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { armSummaryLines } from "../../src/core/eval/arm-summary.js";
import { costText } from "../../src/core/eval/money.js";
import { progressLine, type ProgressFigures } from "../../src/core/eval/progress-line.js";
import type { EvalReport } from "../../src/core/eval-report.js";
import type { DriverTrace, EvalDriver } from "../../src/tiers/eval/driver.js";
import type { EvalProgress } from "../../src/tiers/eval/engine.js";
import { paid_runEval } from "../../src/tiers/eval/run-eval.js";
import { seededUniform } from "../../src/tiers/eval/mock-driver.js";
import { renderReportHtml } from "../../src/tools/report/html/render.js";
import { reportToMarkdown } from "../../src/tools/report/job-summary.js";
import { inProcessTrace } from "./helpers.js";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), "vigiles-money-"));
  dirs.push(d);
  return d;
};

/** An in-process driver (no model): a seeded coin per trial, $0.01 of "CLI estimate" per trial. */
function driverOf(paid: boolean): EvalDriver {
  return {
    identity: `test/money-${paid ? "paid" : "mock"}@1`,
    harness: "test",
    paid,
    async runTrial(trial): Promise<DriverTrace> {
      const ok = seededUniform(3, trial.arm, trial.case, trial.trial) < (trial.arm === "on" ? 0.9 : 0.3);
      return inProcessTrace({
        files: ok ? { DONE: "1" } : {},
        usage: { costUsd: 0.01, inputTokens: 100, outputTokens: 20, durationMs: 5 },
      });
    },
  };
}

const spec = (cacheDir: string, trials: number) => ({
  arms: { off: {}, on: {} },
  task: "write DONE",
  measure: (ctx: { file(p: string): string | null }) => ({ done: ctx.file("DONE") !== null }),
  trials,
  cache: "readwrite" as const,
  cacheDir,
});

const figures = (over: Partial<ProgressFigures>): ProgressFigures => ({
  total: 10,
  done: 4,
  running: 0,
  errors: 0,
  cached: 0,
  passRate: 0.5,
  arms: [
    { name: "off", done: 2, passRate: 0.25 },
    { name: "on", done: 2, passRate: 0.75 },
  ],
  costUsd: 0.04,
  costBasis: "estimate",
  elapsedMs: 1000,
  etaMs: 1500,
  ...over,
});

describe("cost words", () => {
  it("a mock says $0 (mock), a replay says cached, a paid figure is an estimate", () => {
    expect(costText(0.25, "mock")).toBe("$0 (mock)");
    expect(costText(0.25, "estimate", { allCached: true })).toBe("cached");
    expect(costText(0.25, "estimate")).toBe("est. $0.2500");
  });

  it("the progress line: the estimate labelled, a mock at $0 (mock), each arm's rate, no dollars when all replayed", () => {
    expect(progressLine("e", figures({}))).toBe(
      "e: 4/10 done, 6 left · pass 50.0% (off 25.0%, on 75.0%) · est. $0.0400 · ETA 2s",
    );
    expect(progressLine("e", figures({ costBasis: "mock" }))).toContain("· $0 (mock) ·");
    const replayed = progressLine("e", figures({ cached: 4, costUsd: 0 }));
    expect(replayed).not.toContain("$");
    expect(replayed).toContain("4 cached");
  });
});

describe("the engine's cost figures", () => {
  it("a driver that cannot spend money makes a mock report; a paid one an estimate", async () => {
    const mock = await paid_runEval({ ...spec(tempDir(), 2), cache: "off" }, { driver: driverOf(false) });
    expect(mock.costBasis).toBe("mock");
    const paid = await paid_runEval({ ...spec(tempDir(), 2), cache: "off" }, { driver: driverOf(true) });
    expect(paid.costBasis).toBe("estimate");
    expect(paid.totalCostUsd).toBeCloseTo(0.04, 10);
  });

  it("with replays in the grid, the arms' costs add up to the total, and replays add nothing", async () => {
    const dir = tempDir();
    const driver = driverOf(true);
    await paid_runEval(spec(dir, 3), { driver });
    // 3 trials per arm recorded; 5 per arm now: 3 replayed and 2 run.
    const progress: EvalProgress[] = [];
    const report = await paid_runEval(spec(dir, 5), { driver, onProgress: (p) => progress.push(p) });
    const arms = Object.values(report.arms);
    expect(arms.map((a) => a.cached)).toEqual([3, 3]);
    expect(report.totalCostUsd).toBeCloseTo(0.04, 10);
    expect(arms.reduce((s, a) => s + a.usage.costUsd, 0)).toBeCloseTo(report.totalCostUsd, 12);
    const last = progress.at(-1)!;
    expect(last.costUsd).toBeCloseTo(0.04, 10);
    expect(last.arms.map((a) => [a.name, a.done])).toEqual([
      ["off", 5],
      ["on", 5],
    ]);
    expect(last.arms.every((a) => a.passRate !== undefined)).toBe(true);
  });

  it("a fully replayed run reads cached everywhere a person reads it", async () => {
    const dir = tempDir();
    const driver = driverOf(true);
    await paid_runEval(spec(dir, 2), { driver });
    const report = await paid_runEval(spec(dir, 2), { driver, keepRows: true });
    expect(report.totalCostUsd).toBe(0);
    const summary = armSummaryLines("e", report);
    expect(summary[0]).toBe("e: 2 arms, 4 scored trials, cached");
    expect(summary.join("\n")).not.toContain("$");
    expect(reportToMarkdown(report)).toContain(
      "Cost: cached total — off cached (2 trials), on cached (2 trials).",
    );
    const html = renderReportHtml([report]);
    expect(html).toContain("<b>cached</b><span>total cost</span>");
  });
});

describe("the end-of-run summary and the reports", () => {
  const report = (costBasis: EvalReport["costBasis"]): EvalReport => ({
    version: 1,
    arms: {
      off: {
        metrics: {
          done: { mean: 0.3, std: 0.48, se: 0.15, n: 10, passK: false, kind: "rate", wilson: [0.108, 0.603] },
        },
        usage: { costUsd: 0.1, inputTokens: 1000, outputTokens: 200, durationMs: 5000 },
        trials: 10,
      },
      "with-skill": {
        metrics: {
          done: { mean: 0.9, std: 0.32, se: 0.1, n: 10, passK: false, kind: "rate", wilson: [0.596, 0.982] },
          turns: { mean: 3.5, std: 1, se: 0.316, n: 10, passK: true, kind: "score" },
        },
        usage: { costUsd: 0.2, inputTokens: 1000, outputTokens: 200, durationMs: 5000 },
        trials: 10,
        cached: 4,
      },
    },
    totalCostUsd: 0.3,
    ...(costBasis ? { costBasis } : {}),
  });

  it("prints each arm's metrics and cost, the estimate labelled as one", () => {
    expect(armSummaryLines("skill.eval.ts", report("estimate"))).toEqual([
      "skill.eval.ts: 2 arms, 20 scored trials, est. $0.3000 (the CLI's token-based estimate)",
      "  off        · 10 trials · done 30.0% [10.8%, 60.3%] · est. $0.1000",
      "  with-skill · 10 trials (4 cached) · done 90.0% [59.6%, 98.2%] · turns 3.50 ± 0.316 · est. $0.2000",
    ]);
  });

  it("a mock report has no dollar figure in the summary, the job summary or the HTML page", () => {
    const mock = report("mock");
    const text = [armSummaryLines("e", mock).join("\n"), reportToMarkdown(mock), renderReportHtml([mock])];
    for (const t of text) {
      expect(t).toContain("$0 (mock)");
      expect(t).not.toMatch(/\$0\.\d/);
    }
  });

  it("a report from before costBasis reads as an estimate", () => {
    expect(reportToMarkdown(report(undefined))).toContain(
      "Cost: est. $0.3000 total, the CLI's token-based estimate",
    );
    expect(renderReportHtml([report(undefined)])).toContain("total cost (CLI token estimate)");
  });
});
