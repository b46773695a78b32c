import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { DriverTrace, EvalDriver, EvalTrial } from "../../src/tiers/eval/driver.js";
import { paid_measure, paid_measureArms, paid_runEval } from "../../src/tiers/eval/run-eval.js";
import { ModelBelowFloorError, RateLimitedError } from "../../src/tiers/eval/errors.js";
import { seededUniform } from "../../src/tiers/eval/mock-driver.js";
import { readRowsFile } from "../../src/tiers/eval/rows-file.js";
import type { ScoredCheck } from "../../src/core/eval/spec.js";
import { inProcessTrace } from "./helpers.js";

/** An in-process driver: a seeded coin per trial decides whether DONE is written. */
function coinDriver(rates: Record<string, number>, opts: { costUsd?: number; delayMs?: number } = {}) {
  const calls: EvalTrial[] = [];
  const driver: EvalDriver = {
    identity: "test/coin@1",
    harness: "test",
    paid: false,
    async runTrial(trial): Promise<DriverTrace> {
      calls.push(trial);
      if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
      const ok = seededUniform(7, trial.arm, trial.case, trial.trial) < (rates[trial.arm] ?? 0);
      return inProcessTrace({
        output: ok ? "wrote DONE" : "nothing",
        files: ok ? { DONE: `${trial.files["seed.txt"] ?? ""}!` } : {},
        usage: { costUsd: opts.costUsd ?? 0, inputTokens: 10, outputTokens: 2, durationMs: 5 },
      });
    },
  };
  return { driver, calls };
}

const tempDir = () => mkdtempSync(join(tmpdir(), "vigiles-eval-test-"));

describe("paid_runEval aggregation", () => {
  it("aggregates rates and scores per arm with std, se, n, passK, Wilson bounds and usage", async () => {
    const { driver } = coinDriver({ low: 0.3, high: 1 }, { costUsd: 0.01 });
    const report = await paid_runEval(
      {
        arms: { low: {}, high: {} },
        task: "write DONE",
        measure: (ctx) => ({ done: ctx.file("DONE") !== null, chars: ctx.output.length }),
        trials: 40,
        concurrency: 4,
      },
      { driver },
    );
    const low = report.arms["low"]!;
    const high = report.arms["high"]!;
    const truth = Array.from({ length: 40 }, (_, i) => seededUniform(7, "low", undefined, i) < 0.3).filter(
      Boolean,
    ).length;
    expect(low.metrics["done"]).toMatchObject({ kind: "rate", n: 40, passK: false });
    expect(low.metrics["done"]!.mean).toBeCloseTo(truth / 40, 10);
    const p = truth / 40;
    expect(low.metrics["done"]!.std).toBeCloseTo(Math.sqrt((p * (1 - p) * 40) / 39), 10);
    expect(low.metrics["done"]!.se).toBeCloseTo(low.metrics["done"]!.std / Math.sqrt(40), 10);
    const [lo, hi] = low.metrics["done"]!.wilson!;
    expect(lo).toBeLessThan(0.3);
    expect(hi).toBeGreaterThan(0.3);
    expect(high.metrics["done"]).toMatchObject({ mean: 1, passK: true, std: 0 });
    expect(high.metrics["chars"]).toMatchObject({ kind: "score", mean: "wrote DONE".length, passK: true });
    expect(high.metrics["chars"]!.wilson).toBeUndefined();
    expect(low.usage).toMatchObject({ inputTokens: 400, outputTokens: 80, durationMs: 200 });
    expect(report.totalCostUsd).toBeCloseTo(0.8, 10);
    expect(report.rows).toHaveLength(80);
    expect(report.aborted).toBeUndefined();
  });

  it("streams rows to a versioned JSONL file and keeps none in memory", async () => {
    const { driver } = coinDriver({ default: 0.5 });
    const rowsFile = join(tempDir(), "rows.jsonl");
    const report = await paid_runEval(
      { task: "t", measure: (ctx) => ({ done: ctx.file("DONE") !== null }), trials: 7 },
      { driver, rowsFile },
    );
    expect(report.rows).toBeUndefined();
    expect(report.rowsFile).toBe(rowsFile);
    const rows = readRowsFile(rowsFile);
    expect(rows).toHaveLength(7);
    expect(rows.filter((r) => r.metrics["done"] === true).length / 7).toBeCloseTo(
      report.arms["default"]!.metrics["done"]!.mean,
      10,
    );
  });
});

describe("the budget and failures", () => {
  it("stops launching once the measured cost crosses maxCostUsd; in-flight trials finish", async () => {
    const { driver, calls } = coinDriver({ default: 1 }, { costUsd: 0.1 });
    const report = await paid_runEval(
      { task: "t", measure: () => ({ ok: true }), trials: 50, maxCostUsd: 0.35, concurrency: 1 },
      { driver },
    );
    expect(calls).toHaveLength(4);
    expect(report.aborted).toBe(true);
    expect(report.abortReason).toBe("budget");
    expect(report.totalCostUsd).toBeCloseTo(0.4, 10);
    expect(report.arms["default"]!.trials).toBe(4);
  });

  it("retries rate limits and never scores a failed call as a failed trial", async () => {
    let attempts = 0;
    const driver: EvalDriver = {
      identity: "test/flaky",
      harness: "test",
      paid: false,
      async runTrial(trial) {
        attempts++;
        if (trial.trial === 0 && attempts === 1) throw new RateLimitedError("429");
        if (trial.trial === 2) throw new Error("connection reset");
        return inProcessTrace({ output: "ok" });
      },
    };
    const warnings: string[] = [];
    const report = await paid_runEval(
      { task: "t", measure: (ctx) => ({ ok: ctx.output === "ok" }), trials: 4, retryBackoffMs: 1 },
      { driver, onWarning: (m) => warnings.push(m) },
    );
    const arm = report.arms["default"]!;
    expect(arm.metrics["ok"]).toMatchObject({ n: 3, mean: 1, passK: true });
    expect(arm.errors).toBe(1);
    expect(warnings.join("\n")).toMatch(/connection reset/);
    expect(report.rows?.find((r) => r.trial === 2)?.error).toMatch(/connection reset/);
  });

  it("fails before any call when a model is below minModel", async () => {
    const { driver, calls } = coinDriver({});
    await expect(
      paid_runEval(
        { arms: { a: { model: "haiku" }, b: {} }, task: "t", measure: () => ({}), minModel: "sonnet" },
        { driver },
      ),
    ).rejects.toThrow(ModelBelowFloorError);
    expect(calls).toHaveLength(0);
  });

  it("rejects an unknown key by name", async () => {
    const { driver } = coinDriver({});
    await expect(
      paid_runEval({ task: "t", measure: () => ({}), trails: 3 } as never, { driver }),
    ).rejects.toThrow(/unknown key "trails"/);
  });
});

describe("the cache", () => {
  const spec = (cacheDir: string, seed = "a") => ({
    task: "write DONE",
    fixture: { "seed.txt": seed },
    measure: (ctx: { file(p: string): string | null }) => ({ done: ctx.file("DONE") !== null }),
    trials: 6,
    cache: "readwrite" as const,
    cacheDir,
  });

  it("replays without calls, re-scores a changed measure for free, and misses on a changed fixture", async () => {
    const dir = tempDir();
    const { driver, calls } = coinDriver({ default: 0.5 });
    const first = await paid_runEval(spec(dir), { driver });
    expect(calls).toHaveLength(6);
    const replay = await paid_runEval(spec(dir), { driver });
    expect(calls).toHaveLength(6);
    expect(replay.arms["default"]!.cached).toBe(6);
    expect(replay.arms["default"]!.metrics).toEqual(first.arms["default"]!.metrics);

    const rescored = await paid_runEval(
      { ...spec(dir), measure: (ctx) => ({ content: ctx.file("DONE") === "a!" }) },
      { driver },
    );
    expect(calls).toHaveLength(6);
    expect(rescored.arms["default"]!.metrics["content"]!.mean).toBe(
      first.arms["default"]!.metrics["done"]!.mean,
    );

    await paid_runEval(spec(dir, "b"), { driver });
    expect(calls).toHaveLength(12);
  });

  it("a replayed trial still answers ctx.sh against its recorded post-run tree", async () => {
    const dir = tempDir();
    const { driver, calls } = coinDriver({ default: 1 });
    const measure = (ctx: { sh?: (c: string) => { stdout: string } }) => ({
      content: ctx.sh?.("cat DONE seed.txt").stdout === "a!a",
    });
    const first = await paid_runEval({ ...spec(dir), measure, trials: 2 }, { driver });
    expect(calls).toHaveLength(2);
    const replay = await paid_runEval({ ...spec(dir), measure, trials: 2 }, { driver });
    expect(calls).toHaveLength(2);
    expect(first.arms["default"]!.metrics["content"]!.mean).toBe(0);
    expect(replay.arms["default"]!.metrics["content"]).toMatchObject({ mean: 1, n: 2 });
  });

  it("reports a corrupt entry and re-runs that trial instead of crashing", async () => {
    const dir = tempDir();
    const { driver, calls } = coinDriver({ default: 0.5 });
    await paid_runEval({ ...spec(dir), trials: 2 }, { driver });
    const sub = readdirSync(dir)[0]!;
    const entry = join(dir, sub, readdirSync(join(dir, sub))[0]!);
    writeFileSync(entry, readFileSync(entry, "utf8").slice(0, 40));
    const warnings: string[] = [];
    const report = await paid_runEval(
      { ...spec(dir), trials: 2 },
      { driver, onWarning: (m) => warnings.push(m) },
    );
    expect(calls).toHaveLength(3);
    expect(warnings.join("\n")).toMatch(/corrupt \(not JSON/);
    expect(report.arms["default"]!.cached).toBe(1);
    expect(JSON.parse(readFileSync(entry, "utf8")).format).toBe("vigiles.eval-cache");
  });
});

describe("paid_measure / paid_measureArms", () => {
  const wroteDone: ScoredCheck = {
    label: 'wrote("DONE")',
    evaluate: (t) => ({ pass: t.file("DONE") !== null, message: "expected DONE to be created" }),
    toJSON: () => ({ kind: "wrote", path: "DONE" }),
  };
  it("scores each check as a rate keyed by its label and serialises it", async () => {
    const { driver } = coinDriver({ off: 0, on: 1 });
    const report = await paid_measureArms(
      { arms: { off: {}, on: {} }, task: "t", checks: [wroteDone], trials: 3 },
      { driver },
    );
    expect(report.checks).toEqual({ 'wrote("DONE")': { kind: "wrote", path: "DONE" } });
    expect(report.arms["off"]!.metrics['wrote("DONE")']).toMatchObject({ kind: "rate", mean: 0, n: 3 });
    expect(report.arms["on"]!.metrics['wrote("DONE")']).toMatchObject({ mean: 1, passK: true });
    expect(report.rows?.find((r) => r.arm === "off")?.messages).toEqual({
      'wrote("DONE")': "expected DONE to be created",
    });
    const single = await paid_measure({ task: "t", checks: [wroteDone, wroteDone], trials: 2 }, { driver });
    expect(Object.keys(single.arms["default"]!.metrics)).toEqual(['wrote("DONE")', 'wrote("DONE")#2']);
  });
});
