import { describe, expect, it } from "vitest";
import { claudeCodeAdapter } from "../../src/adapters/claude-code/adapter.js";
import { tool } from "../../src/core/checks/tool-checks.js";
import { output } from "../../src/core/checks/text-checks.js";
import { paid_claudeEvalDriver } from "../../src/tiers/eval/claude-driver.js";
import type { EvalDriver } from "../../src/tiers/eval/driver.js";
import { EffortNotPinnedError, MissingCredentialsError } from "../../src/tiers/eval/errors.js";
import { paid_judge, paid_judged } from "../../src/tiers/eval/judge.js";
import { stochasticMockDriver } from "../../src/tiers/eval/mock-driver.js";
import { paid_measure, paid_runEval } from "../../src/tiers/eval/run-eval.js";
import { inProcessTrace } from "./helpers.js";

function counting(driver: EvalDriver): EvalDriver & { calls: number } {
  const wrapped = {
    calls: 0,
    identity: driver.identity,
    harness: driver.harness,
    paid: driver.paid,
    preflight: driver.preflight?.bind(driver),
    runTrial: (...args: Parameters<EvalDriver["runTrial"]>) => {
      wrapped.calls++;
      return driver.runTrial(...args);
    },
  };
  return wrapped;
}

const spec = { task: "t", measure: () => ({ ok: true }), trials: 3 };

describe("paid_claudeEvalDriver", () => {
  it("fails before the first trial without credentials, naming what is missing", async () => {
    const driver = counting(paid_claudeEvalDriver({ env: {} }));
    await expect(paid_runEval(spec, { driver })).rejects.toThrow(MissingCredentialsError);
    await expect(paid_runEval(spec, { driver })).rejects.toThrow(
      /ANTHROPIC_API_KEY.*CLAUDE_CODE_OAUTH_TOKEN/,
    );
    expect(driver.calls).toBe(0);
  });

  it("refuses an effort level the harness would ignore, before any spend", async () => {
    const driver = counting(paid_claudeEvalDriver({ env: { ANTHROPIC_API_KEY: "sk-not-used" } }));
    await expect(paid_runEval({ ...spec, effort: "turbo" }, { driver })).rejects.toThrow(
      /effort "turbo" is not a level Claude Code/,
    );
    expect(driver.calls).toBe(0);
  });

  it("fails loudly on a harness with no effort mapping", async () => {
    const noEffort = {
      ...claudeCodeAdapter,
      id: "codex-like",
      displayName: "Codex",
      capabilities: { ...claudeCodeAdapter.capabilities, effort: false },
    };
    const driver = counting(
      paid_claudeEvalDriver({ env: { ANTHROPIC_API_KEY: "sk-not-used" }, adapter: noEffort }),
    );
    await expect(paid_runEval({ ...spec, effort: "low" }, { driver })).rejects.toThrow(
      /Codex has no measured effort mapping/,
    );
    expect(driver.calls).toBe(0);
  });
});

describe("effort set through env", () => {
  it("is refused (fatal, not a failed trial): only `effort` may set CLAUDE_CODE_EFFORT_LEVEL", async () => {
    const driver = stochasticMockDriver({ rates: { default: 1 } });
    await expect(
      paid_runEval({ ...spec, arms: { a: { env: { CLAUDE_CODE_EFFORT_LEVEL: "high" } } } }, { driver }),
    ).rejects.toThrow(EffortNotPinnedError);
  });
});

describe("paid_judge / paid_judged", () => {
  it("an injected judge bills nothing; samples combine by median or majority", () => {
    const scores = [0.2, 0.9, 0.8];
    const judge = ({ sample }: { sample: number }) => scores[sample]!;
    const v = paid_judge({ output: "x", rubric: "r", judge, samples: 3 });
    expect(v).toMatchObject({ score: 0.8, pass: true, samples: scores, costUsd: 0 });
    const strict = paid_judge({
      output: "x",
      rubric: "r",
      judge,
      samples: 3,
      min: 0.85,
      aggregate: "majority",
    });
    expect(strict.pass).toBe(false);
  });

  it("scores as a check inside paid_measure, beside the vocabulary's own checks", async () => {
    const driver: EvalDriver = {
      identity: "test/judge",
      harness: "test",
      paid: false,
      runTrial: async (trial) =>
        inProcessTrace({
          output: trial.trial % 2 === 0 ? "all done" : "gave up",
          toolCalls: [{ id: "1", name: "Bash", input: { command: "ls" } }],
        }),
    };
    const judged = paid_judged("1 if the agent finished; else 0", {
      judge: ({ output: text }) => (/done/.test(text) ? 1 : 0),
    });
    const report = await paid_measure(
      { task: "t", checks: [tool("Bash"), output(/done/), judged], trials: 4 },
      { driver },
    );
    const m = report.arms["default"]!.metrics;
    expect(m['tool("Bash")']).toMatchObject({ mean: 1, passK: true });
    expect(m["output(/done/)"]).toMatchObject({ mean: 0.5 });
    expect(m["judged(1 if the agent finished; else 0)"]).toMatchObject({ mean: 0.5 });
    expect(report.checks?.["judged(1 if the agent finished; else 0)"]).toMatchObject({
      kind: "judged",
      injected: true,
    });
  });
});
