/** Per-arm tasks: the top-level task is optional when every arm has one, and refused before any spend when one has none. */
import { describe, expect, it } from "vitest";
import { defineEval } from "../../src/core/eval/eval-file.js";
import { MissingTaskError } from "../../src/core/eval/task.js";
import { tool } from "../../src/core/checks/tool-checks.js";
import type { DriverTrace, EvalDriver, EvalTrial } from "../../src/tiers/eval/driver.js";
import { paid_measureArms, paid_runEval } from "../../src/tiers/eval/run-eval.js";
import { inProcessTrace } from "./helpers.js";

function recordingDriver(): EvalDriver & { seen: EvalTrial[]; preflights: number } {
  const d = {
    identity: "test/arm-tasks@1",
    harness: "test",
    paid: false,
    seen: [] as EvalTrial[],
    preflights: 0,
    async preflight(): Promise<void> {
      d.preflights++;
    },
    async runTrial(trial: EvalTrial): Promise<DriverTrace> {
      d.seen.push(trial);
      return inProcessTrace({ output: trial.task });
    },
  };
  return d;
}

describe("paid_measureArms / paid_runEval: per-arm tasks", () => {
  it("runs with no top-level task when every arm has its own, sending each arm its task", async () => {
    const driver = recordingDriver();
    const report = await paid_measureArms(
      {
        arms: { terse: { task: "say hi" }, verbose: { task: "say hello at length" } },
        checks: [tool("Bash")],
        measure: (ctx) => ({ chars: ctx.output.length }),
        trials: 2,
      },
      { driver },
    );
    expect(new Set(driver.seen.map((t) => `${t.arm}:${t.task}`))).toEqual(
      new Set(["terse:say hi", "verbose:say hello at length"]),
    );
    expect(report.arms["terse"]!.metrics["chars"]!.mean).toBe("say hi".length);
    expect(report.arms["verbose"]!.metrics["chars"]!.mean).toBe("say hello at length".length);
  });

  it("a top-level task is the default of the arms that set none", async () => {
    const driver = recordingDriver();
    await paid_measureArms(
      { task: "shared", arms: { a: {}, b: { task: "own" } }, checks: [tool("Bash")], trials: 1 },
      { driver },
    );
    expect(driver.seen.map((t) => `${t.arm}:${t.task}`).sort()).toEqual(["a:shared", "b:own"]);
  });

  it("refuses an arm with no task when there is no top-level task: a named error, before preflight or any trial", async () => {
    const driver = recordingDriver();
    const run = paid_measureArms(
      { arms: { a: { task: "do it" }, b: {}, c: { effort: "low" } }, checks: [tool("Bash")], trials: 3 },
      { driver },
    );
    await expect(run).rejects.toThrow(MissingTaskError);
    await expect(run).rejects.toMatchObject({ code: "VIGILES_EVAL_NO_TASK", arms: ["b", "c"] });
    await expect(run).rejects.toThrow(/measureArms: arms "b", "c" have no task .* nothing was spent/);
    const single = paid_runEval({ arms: { only: {} }, measure: () => ({ ok: true }) }, { driver });
    await expect(single).rejects.toThrow(/runEval: arm "only" has no task/);
    const noArms = paid_runEval({ measure: () => ({ ok: true }) }, { driver });
    await expect(noArms).rejects.toThrow(/arm "default" has no task/);
    expect(driver.preflights).toBe(0);
    expect(driver.seen).toHaveLength(0);
  });

  it("defineEval refuses the same declaration by name, and accepts per-arm tasks", () => {
    expect(() =>
      defineEval({ measureArms: { arms: { a: { task: "x" }, b: {} }, checks: [tool("Bash")] } }),
    ).toThrow(MissingTaskError);
    expect(() =>
      defineEval({ measureArms: { arms: { a: { task: "x" }, b: { task: "y" } }, checks: [tool("Bash")] } }),
    ).not.toThrow();
  });
});
