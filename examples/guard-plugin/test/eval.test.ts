// The commit-message eval replayed from its committed cache: no model, no key, and (this test counts)
// not one request to the mock either. The cache and the lock in ../evals/ are recordings of vigiles'
// seeded stochastic MOCK model through the real Claude Code CLI, not of a real model (see
// ../evals/cache/README.md). The eval tier spends money only with the default driver; here the driver is
// the mock the cache was recorded with, so its identity, part of every cache key, matches.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { createTrace } from "vigiles";
import {
  paid_runEval,
  type EvalDriver,
  type EvalReport,
  type EvalTrial,
  type RunEvalSpec,
} from "vigiles/eval";
import definition from "../evals/commit-message.eval.mjs";
import { commitMessageMockDriver } from "../evals/mock-driver.js";

const evals = fileURLToPath(new URL("../evals/", import.meta.url));
const root = fileURLToPath(new URL("../../../", import.meta.url));
const spec = (definition as { runEval: RunEvalSpec }).runEval;
const lock = JSON.parse(readFileSync(join(evals, "locks/commit-message.json"), "utf8")) as {
  inputsHash: string;
  driverIdentity: string;
  report: EvalReport;
};
const cacheFiles = () =>
  readdirSync(join(evals, "cache"), { recursive: true }).filter((f) => /\.json$/.test(String(f)));
const RERECORD = "re-record it as examples/guard-plugin/evals/commit-message.eval.mjs says";

describe("commit-message eval, replayed from its committed cache", () => {
  test("the mock receives zero requests, and the report is the one the lock holds", async () => {
    const mock = commitMessageMockDriver();
    const report = await paid_runEval(spec, { driver: mock });
    expect(mock.identity, `the driver changed since the recording: ${RERECORD}`).toBe(lock.driverIdentity);
    expect(mock.launches, `trials missed the cache and ran: ${RERECORD}`).toBe(0);
    expect(mock.requestCount).toBe(0);
    expect(report.arms["on"]!.cached).toBe(3);
    expect(report.arms["off"]!.cached).toBe(3);
    expect(report.totalCostUsd).toBe(0);

    expect(report.inputsHash).toBe(lock.inputsHash);
    // A replay spends nothing, so each arm's cost is 0 and adds up to the total; the rest of the
    // report (metrics, trials, tokens, durations) is the one the lock recorded.
    const withoutCost = (arms: EvalReport["arms"]) =>
      Object.fromEntries(
        Object.entries(arms).map(([arm, a]) => [arm, { ...a, usage: { ...a.usage, costUsd: 0 } }]),
      );
    for (const arm of Object.values(report.arms)) expect(arm.usage.costUsd).toBe(0);
    expect(report.arms).toEqual(withoutCost(lock.report.arms));
    expect(report.arms["on"]!.metrics["conventional"]!.mean).toBeCloseTo(2 / 3, 12);
    expect(report.arms["off"]!.metrics["conventional"]!.mean).toBeCloseTo(1 / 3, 12);
    await definition.assert!(report);

    // The failing "on" trial keeps what the agent did, for `vigiles report`.
    const failed = report.rows!.find((r) => r.arm === "on" && r.metrics["wrote"] === false)!;
    expect(failed.trace?.toolCalls).toEqual([]);
    expect(failed.trace?.output).toBe("I looked and decided to do nothing.");
    const passed = report.rows!.find((r) => r.arm === "on" && r.metrics["wrote"] === true)!;
    expect(passed.trace).toBeUndefined();
  });

  test("in memory: the same inputs replay, a changed fixture or skill misses, a changed measure re-scores", async () => {
    const identity = lock.driverIdentity;
    const ran: EvalTrial[] = [];
    // Same identity as the recording's driver, but it never starts a CLI: it only counts misses.
    const counting: EvalDriver = {
      identity,
      harness: "claude-code",
      paid: false,
      async runTrial(trial) {
        ran.push(trial);
        return createTrace({ output: "live", files: { ...trial.files } });
      },
    };
    const before = cacheFiles().length;

    await paid_runEval(spec, { driver: counting });
    expect(ran).toHaveLength(0);

    const rescored = await paid_runEval(
      { ...spec, measure: (ctx) => ({ long: (ctx.file("COMMIT_MSG") ?? "").length > 40 }) },
      { driver: counting },
    );
    expect(ran).toHaveLength(0);
    expect(rescored.arms["on"]!.metrics["long"]!.mean).toBeCloseTo(2 / 3, 12);

    await paid_runEval(
      { ...spec, fixture: { "CHANGES.md": "guard.sh now refuses `git reset --hard`.\n" } },
      { driver: counting },
    );
    expect(ran.map((t) => `${t.arm}#${t.trial}`).sort()).toEqual([
      "off#0",
      "off#1",
      "off#2",
      "on#0",
      "on#1",
      "on#2",
    ]);

    ran.length = 0;
    const skill = spec.arms!["on"]!.files![".claude/skills/commit-message/SKILL.md"]!;
    await paid_runEval(
      {
        ...spec,
        arms: {
          ...spec.arms,
          on: { files: { ".claude/skills/commit-message/SKILL.md": `${skill}\n4. Sign off.\n` } },
        },
      },
      { driver: counting },
    );
    expect(ran.map((t) => t.arm)).toEqual(["on", "on", "on"]);

    // `cache: "read"` never writes: the committed cache is unchanged.
    expect(cacheFiles().length).toBe(before);
  });

  test("vigiles eval --check: the committed lock matches the eval's inputs", () => {
    const r = spawnSync(
      process.execPath,
      [
        join(root, "dist/cli/main.js"),
        "eval",
        join(evals, "commit-message.eval.mjs"),
        "--driver",
        join(evals, "mock-driver.ts"),
        "--lock-dir",
        join(evals, "locks"),
        "--check",
      ],
      { cwd: root, encoding: "utf8" },
    );
    expect(r.stderr).toBe("");
    expect(r.stdout).toMatch(/lock .*commit-message\.json matches the inputs/);
    expect(r.status).toBe(0);
  });
});
