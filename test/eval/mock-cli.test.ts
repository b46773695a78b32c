/**
 * The eval engine through the REAL Claude Code CLI against the local mock model serving seeded,
 * stochastic scripts: known ground truth, real processes, real request counts.
 */
import { mkdtempSync, readdirSync, readFileSync, readlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { paid_runEval } from "../../src/tiers/eval/run-eval.js";
import { MOCK_RESULT_FILE, stochasticMockDriver } from "../../src/tiers/eval/mock-driver.js";
import type { Trace } from "../../src/core/trace.js";

const wrote = (ctx: Trace) => ({ wrote: ctx.file(MOCK_RESULT_FILE) !== null });
const tempDir = () => mkdtempSync(join(tmpdir(), "vigiles-eval-cli-"));

describe("eval through the real CLI against the stochastic mock", () => {
  it("recovers known rates (0.5 vs 0.9): each arm's rate is the ground truth and its Wilson interval holds p", async () => {
    const driver = stochasticMockDriver({ rates: { A: 0.5, B: 0.9 }, seed: 2 });
    // Seeded: with seed 2 both 95% intervals hold their p (a miss is possible for other seeds). Six
    // trials an arm keep the real-CLI cost down; the engine's arithmetic is the same at any n.
    const trials = 6;
    const report = await paid_runEval(
      { arms: { A: {}, B: {} }, task: "write the result file", measure: wrote, trials, concurrency: 3 },
      { driver },
    );
    for (const [arm, p] of [
      ["A", 0.5],
      ["B", 0.9],
    ] as const) {
      const m = report.arms[arm]!.metrics["wrote"]!;
      const truth = Array.from({ length: trials }, (_, trial) => driver.succeeds({ arm, trial })).filter(
        Boolean,
      ).length;
      expect(m.n).toBe(trials);
      expect(m.mean).toBeCloseTo(truth / trials, 10);
      expect(m.wilson![0]).toBeLessThanOrEqual(p);
      expect(m.wilson![1]).toBeGreaterThanOrEqual(p);
    }
    expect(report.arms["B"]!.metrics["wrote"]!.mean).toBeGreaterThan(
      report.arms["A"]!.metrics["wrote"]!.mean,
    );
    expect(driver.launches).toBe(2 * trials);
    expect(report.totalCostUsd).toBeGreaterThan(0);
  });

  it("replays from cache with zero model requests, re-scores a changed measure free, misses on a changed fixture", async () => {
    const cacheDir = tempDir();
    const driver = stochasticMockDriver({ rates: { default: 0.5 }, seed: 5 });
    const spec = {
      task: "write the result file",
      fixture: { "input.txt": "one" },
      measure: wrote,
      trials: 3,
      concurrency: 3,
      cache: "readwrite" as const,
      cacheDir,
    };
    const first = await paid_runEval(spec, { driver });
    const requests = driver.requestCount;
    expect(requests).toBeGreaterThan(0);

    const replay = await paid_runEval(spec, { driver });
    expect(driver.requestCount).toBe(requests);
    // Trials finish in another order under concurrency, so compare values, not float bits.
    expect(replay.arms["default"]!.metrics["wrote"]!.n).toBe(3);
    expect(replay.arms["default"]!.metrics["wrote"]!.mean).toBeCloseTo(
      first.arms["default"]!.metrics["wrote"]!.mean,
      12,
    );
    const byTrial = (r: typeof first) =>
      [...(r.rows ?? [])].sort((a, b) => a.trial - b.trial).map((x) => x.metrics);
    expect(byTrial(replay)).toEqual(byTrial(first));
    expect(replay.arms["default"]!.cached).toBe(3);

    const rescored = await paid_runEval(
      {
        ...spec,
        measure: (ctx: Trace) => ({ said: /wrote/.test(ctx.output), input: ctx.file("input.txt") === "one" }),
      },
      { driver },
    );
    expect(driver.requestCount).toBe(requests);
    expect(rescored.arms["default"]!.metrics["said"]!.mean).toBeCloseTo(
      first.arms["default"]!.metrics["wrote"]!.mean,
      12,
    );
    expect(rescored.arms["default"]!.metrics["input"]!.mean).toBe(1);

    await paid_runEval({ ...spec, fixture: { "input.txt": "two" } }, { driver });
    expect(driver.requestCount).toBeGreaterThan(requests);
    expect(driver.launches).toBe(6);
  });

  it("stops launching once the CLI-measured cost crosses maxCostUsd", async () => {
    const driver = stochasticMockDriver({ rates: { default: 1 } });
    const report = await paid_runEval(
      { task: "write the result file", measure: wrote, trials: 10, maxCostUsd: 0.06, concurrency: 1 },
      { driver },
    );
    expect(report.aborted).toBe(true);
    expect(report.abortReason).toBe("budget");
    expect(driver.launches).toBeLessThan(10);
    expect(driver.launches).toBeGreaterThanOrEqual(2);
    expect(report.totalCostUsd).toBeGreaterThanOrEqual(0.06);
  });

  it("retries a 429 from the model and scores the retried trial", async () => {
    const driver = stochasticMockDriver({ rates: { default: 1 }, rateLimitFirstAttempts: 1 });
    const report = await paid_runEval(
      { task: "write the result file", measure: wrote, trials: 2, concurrency: 2, retryBackoffMs: 10 },
      { driver },
    );
    expect(driver.launches).toBe(4);
    expect(report.arms["default"]!.metrics["wrote"]).toMatchObject({ n: 2, mean: 1 });
    expect(report.arms["default"]!.errors).toBe(0);
  });

  it("keeps at most `concurrency` CLIs alive at once (sampled from /proc)", async () => {
    const marker = `h6-${process.pid}-${Date.now()}`;
    const driver = stochasticMockDriver({ rates: { default: 1 }, delayMs: 1500 });
    let peak = 0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, liveClisWith(marker));
    }, 25);
    try {
      await paid_runEval(
        {
          task: "write the result file",
          measure: wrote,
          trials: 6,
          concurrency: 2,
          arms: { default: { env: { VIGILES_PROBE: marker } } },
        },
        { driver },
      );
    } finally {
      clearInterval(sampler);
    }
    expect(peak).toBe(2);
  });

  it("pins effort: the level reaches the model, and an inherited CLAUDE_CODE_EFFORT_LEVEL does not", async () => {
    const driver = stochasticMockDriver({ rates: { default: 1 } });
    const effortSent = (ctx: Trace) => ({
      low: (ctx.modelRequests ?? []).filter((r) => !r.sideChannel).every((r) => effortOf(r.body) === "low"),
      high: (ctx.modelRequests ?? []).filter((r) => !r.sideChannel).some((r) => effortOf(r.body) === "high"),
    });
    const previous = process.env["CLAUDE_CODE_EFFORT_LEVEL"];
    process.env["CLAUDE_CODE_EFFORT_LEVEL"] = "high";
    try {
      const report = await paid_runEval(
        {
          arms: { pinned: { effort: "low" }, omitted: {} },
          task: "write",
          measure: effortSent,
          trials: 1,
          concurrency: 2,
        },
        { driver },
      );
      expect(report.arms["pinned"]!.metrics["low"]!.mean).toBe(1);
      expect(report.arms["omitted"]!.metrics["high"]!.mean).toBe(0);
    } finally {
      if (previous === undefined) delete process.env["CLAUDE_CODE_EFFORT_LEVEL"];
      else process.env["CLAUDE_CODE_EFFORT_LEVEL"] = previous;
    }
  });
});

function effortOf(body: unknown): unknown {
  return (body as { output_config?: { effort?: unknown } } | null)?.output_config?.effort;
}

/** Claude Code CLIs (not their own child processes) whose environment carries `marker`. */
function liveClisWith(marker: string): number {
  const clis = new Map<string, string>();
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (!/\/claude(\.exe)?$/.test(readlinkSync(`/proc/${pid}/exe`))) continue;
      if (!readFileSync(`/proc/${pid}/environ`, "utf8").includes(`VIGILES_PROBE=${marker}`)) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      clis.set(pid, stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1] ?? "");
    } catch {
      // the process ended between listing and reading
    }
  }
  // A CLI may fork helpers of itself; count only those whose parent is not one of them.
  return [...clis.values()].filter((ppid) => !clis.has(ppid)).length;
}
