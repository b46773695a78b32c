/**
 * The spec's eval samples ("The check vocabulary" scored, "runEval, measure, measureArms") and the
 * API notes' eval file, run as written against the public entries, with an injected driver where the
 * sample would call a model.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { assertRates, checkReportToJUnit, defineEval, skill } from "../../src/entries/index.js";
import { MissingCredentialsError, paid_judge, paid_measure, paid_runEval } from "../../src/entries/eval.js";
import type { EvalDriver } from "../../src/entries/eval.js";
import { createTrace } from "../../src/core/trace-builder.js";

/** Selects the skill on 9 trials of 10, like a good description would. */
const selector: EvalDriver = {
  identity: "test/selector",
  harness: "test",
  paid: false,
  runTrial: async (trial) =>
    createTrace({
      toolCalls:
        trial.trial === 3
          ? []
          : [
              {
                name: "Skill",
                input: { skill: "vigiles:test-harness" },
                result: "Launching skill: vigiles:test-harness",
              },
            ],
      output: "ok",
      files: { ...trial.files, "PLAN.md": trial.trial % 2 === 0 ? "1. read\n2. edit\n" : "" },
    }),
};

describe("spec samples, eval tier", () => {
  it("the check vocabulary, SCORED: paid_measure + assertRates + checkReportToJUnit", async () => {
    const dir = mkdtempSync(join(tmpdir(), "vigiles-sample-"));
    const pluginDir = join(dir, "my-plugin");
    mkdirSync(join(pluginDir, "skills/test-harness"), { recursive: true });
    writeFileSync(
      join(pluginDir, "skills/test-harness/SKILL.md"),
      "---\nname: test-harness\ndescription: d\n---\nbody\n",
    );
    const report = await paid_measure(
      {
        pluginDir,
        task: "…",
        checks: [skill("vigiles:test-harness")],
        stubSkillBodies: true, // firing check: stub bodies → a fraction of the tokens
        trials: 10,
        model: "sonnet",
      },
      { driver: selector },
    );
    assertRates(report, { min: 0.8 }); // gate the rate, not one noisy run
    writeFileSync(join(dir, "checks.junit.xml"), checkReportToJUnit(report, { min: 0.8 }));
    expect(report.arms["default"]!.metrics['skill("vigiles:test-harness")']!.mean).toBe(0.9);
    expect(readFileSync(join(dir, "checks.junit.xml"), "utf8")).toMatch(/<testsuite/);
  });

  it("LLM-as-judge inside measure: as written it needs credentials and stops before running on", async () => {
    const saved = process.env["ANTHROPIC_API_KEY"];
    delete process.env["ANTHROPIC_API_KEY"];
    let trials = 0;
    const counting: EvalDriver = { ...selector, runTrial: (t, o) => (trials++, selector.runTrial(t, o)) };
    try {
      await expect(
        paid_runEval(
          {
            task: "plan it",
            measure: (ctx) => {
              const v = paid_judge({
                output: ctx.file("PLAN.md") ?? "",
                rubric: "1 if the plan lists concrete, ordered steps; else 0.",
              });
              return { quality: v.score, ok: v.pass };
            },
            trials: 20,
          },
          { driver: counting },
        ),
      ).rejects.toThrow(MissingCredentialsError);
      expect(trials).toBe(1);
    } finally {
      if (saved !== undefined) process.env["ANTHROPIC_API_KEY"] = saved;
    }
  });

  it("the API notes' eval file: defineEval({ runEval }) declares; paid_runEval runs it", async () => {
    const definition = defineEval({
      runEval: {
        name: "skill-outcome", // a name is what `--update` keys the lock on
        env: { kind: "ephemeral" }, // throwaway HOME, credentials scrubbed
        fixture: { "package.json": "{}" },
        arms: { no_skill: {}, with_skill: { files: { "SKILL.md": "..." } } },
        task: "…",
        measure: (ctx) => ({ followed: /^(feat|fix):/.test(ctx.file("COMMIT_MSG") ?? "") }),
        trials: 3,
        model: "haiku",
      },
    });
    const committing: EvalDriver = {
      ...selector,
      runTrial: async (trial) =>
        createTrace({ files: { ...trial.files, COMMIT_MSG: trial.files["SKILL.md"] ? "feat: x" : "stuff" } }),
    };
    const report = await paid_runEval(definition.runEval, { driver: committing });
    expect(report.name).toBe("skill-outcome");
    expect(report.arms["with_skill"]!.metrics["followed"]).toMatchObject({ mean: 1, passK: true, n: 3 });
    expect(report.arms["no_skill"]!.metrics["followed"]).toMatchObject({ mean: 0, passK: false });
  });
});
