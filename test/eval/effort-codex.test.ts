// §3 of issue 17: effort is refused on Codex whatever the path, before any trial, even through an
// injected driver that has no preflight of its own. It once ran ten trials of paid_measureTriggerRate
// and recorded `effort: "low"`, a budget the runs never used.
import { afterAll, describe, expect, it } from "vitest";
import { tool } from "../../src/core/checks/tool-checks.js";
import { createTrace } from "../../src/core/trace-builder.js";
import type { DriverTrace, EvalDriver, EvalTrial } from "../../src/tiers/eval/driver.js";
import { EffortNotPinnedError } from "../../src/tiers/eval/errors.js";
import { paid_measure, paid_measureArms, paid_runEval } from "../../src/tiers/eval/run-eval.js";
import { measureSelectionMatrix } from "../../src/tiers/eval/triggering/selection-matrix.js";
import { measureTriggerRate } from "../../src/tiers/eval/triggering/trigger-rate.js";
import { writeFixturePlugin } from "../triggering/fixture-plugin.js";
import { realisticPromptSets } from "../triggering/prompt-sets.js";

const plugin = writeFixturePlugin();
afterAll(() => plugin.remove());
const prompts = realisticPromptSets["commit"] as readonly string[];

/** An injected driver that declares a harness and has no preflight: only vigiles' own gate stands. */
function injected(harness: string): EvalDriver & { calls: number } {
  const d = {
    identity: `test/injected-${harness}`,
    harness,
    paid: false,
    calls: 0,
    async runTrial(_trial: EvalTrial): Promise<DriverTrace> {
      d.calls++;
      return createTrace({ output: "no skill" });
    },
  };
  return d;
}

describe("effort on a Codex driver is refused before any trial", () => {
  it("paid_measureTriggerRate", async () => {
    const driver = injected("codex");
    const run = measureTriggerRate({
      pluginDir: plugin.dir,
      skill: "commit",
      prompts,
      effort: "low",
      driver,
    });
    await expect(run).rejects.toThrow(EffortNotPinnedError);
    await expect(run).rejects.toThrow(/Codex has no measured effort mapping/);
    expect(driver.calls).toBe(0);
  });

  it("measureSelectionMatrix (which would otherwise return `available: false` recording the effort)", async () => {
    const driver = injected("codex");
    await expect(measureSelectionMatrix(plugin.dir, { effort: "low", driver })).rejects.toThrow(
      EffortNotPinnedError,
    );
    expect(driver.calls).toBe(0);
  });

  it("paid_measure, paid_runEval and an arm's own effort in paid_measureArms", async () => {
    const driver = injected("codex");
    const spec = { task: "do it", checks: [tool("Bash")], trials: 2 };
    await expect(paid_measure({ ...spec, effort: "low" }, { driver })).rejects.toThrow(EffortNotPinnedError);
    await expect(
      paid_runEval(
        { task: "do it", measure: (ctx) => ({ chars: ctx.output.length }), trials: 2, effort: "high" },
        { driver },
      ),
    ).rejects.toThrow(EffortNotPinnedError);
    await expect(
      paid_measureArms({ ...spec, arms: { plain: {}, cheap: { effort: "low" } } }, { driver }),
    ).rejects.toThrow(EffortNotPinnedError);
    expect(driver.calls).toBe(0);
  });

  it("without effort the same Codex driver runs, and a Claude Code driver takes effort", async () => {
    const codex = injected("codex");
    await measureTriggerRate({ pluginDir: plugin.dir, skill: "commit", prompts, driver: codex });
    expect(codex.calls).toBeGreaterThan(0);
    const claude = injected("claude-code");
    await measureTriggerRate({
      pluginDir: plugin.dir,
      skill: "commit",
      prompts,
      effort: "low",
      driver: claude,
    });
    expect(claude.calls).toBeGreaterThan(0);
  });
});
