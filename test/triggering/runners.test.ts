/**
 * What the runners refuse before any run, and the gates' refusals to pass on nothing. The driver here
 * only counts calls (or fails each one): none of these cases may reach a harness.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { VacuousAssertionError, InvalidOptionError, AssertionFailedError } from "../../src/core/errors.js";
import { createTrace } from "../../src/core/trace-builder.js";
import { assertNoCollision, type SelectionMatrixReport } from "../../src/core/triggering/matrix-report.js";
import { summariseSelectionMatrix } from "../../src/core/triggering/matrix.js";
import { PromptSetNotDiverseError } from "../../src/core/triggering/diversity.js";
import { assertTriggerRate } from "../../src/core/triggering/trigger-report.js";
import type { DriverTrace, EvalDriver, EvalTrial } from "../../src/tiers/eval/driver.js";
import { MissingCredentialsError, ModelBelowFloorError } from "../../src/tiers/eval/errors.js";
import { loadPlugin } from "../../src/adapters/claude-code/plugin/load-plugin.js";
import { measureSelectionMatrix } from "../../src/tiers/eval/triggering/selection-matrix.js";
import { measureTriggerRate } from "../../src/tiers/eval/triggering/trigger-rate.js";
import { writeFixturePlugin } from "./fixture-plugin.js";
import { realisticPromptSets } from "./prompt-sets.js";

const plugin = writeFixturePlugin();
afterAll(() => plugin.remove());
const prompts = realisticPromptSets["commit"] as readonly string[];

function countingDriver(
  harness = "claude-code",
  fail = false,
): EvalDriver & { calls: number; seen: EvalTrial[] } {
  const d = {
    identity: "test/counting",
    harness,
    paid: false,
    calls: 0,
    seen: [] as EvalTrial[],
    async runTrial(trial: EvalTrial): Promise<DriverTrace> {
      d.calls++;
      d.seen.push(trial);
      if (fail) throw new Error("connection refused");
      return createTrace({ output: "no skill" });
    },
  };
  return d;
}

describe("measureTriggerRate refuses before any spend", () => {
  it("rejects a copy-pasted prompt set, naming the pair and distance, with zero driver calls", async () => {
    const driver = countingDriver();
    const pasted = [...prompts.slice(0, 9), `${prompts[2]} please`];
    const run = measureTriggerRate({ pluginDir: plugin.dir, skill: "commit", prompts: pasted, driver });
    await expect(run).rejects.toThrow(PromptSetNotDiverseError);
    await expect(run).rejects.toThrow(
      /prompts\[2\] .* and prompts\[9\] .* near-duplicates \(normalised compression distance 0\.\d+/,
    );
    expect(driver.calls).toBe(0);
  });

  it("rejects too few prompts, near-duplicate irrelevant prompts, both or neither dir, a model below the floor", async () => {
    const driver = countingDriver();
    await expect(
      measureTriggerRate({ pluginDir: plugin.dir, skill: "commit", prompts: prompts.slice(0, 5), driver }),
    ).rejects.toThrow(/at least 10/);
    await expect(
      measureTriggerRate({
        pluginDir: plugin.dir,
        skill: "commit",
        prompts,
        irrelevantPrompts: ["Merge the PDFs", "merge the pdfs!"],
        driver,
      }),
    ).rejects.toThrow(/irrelevantPrompts\[0\]/);
    await expect(measureTriggerRate({ prompts, driver })).rejects.toThrow(
      /exactly one of skillsDir .* got neither/,
    );
    await expect(
      measureTriggerRate({ pluginDir: plugin.dir, skillsDir: plugin.dir, prompts, driver }),
    ).rejects.toThrow(InvalidOptionError);
    await expect(
      measureTriggerRate({
        pluginDir: plugin.dir,
        skill: "commit",
        prompts,
        model: "haiku",
        minModel: "sonnet",
        driver,
      }),
    ).rejects.toThrow(ModelBelowFloorError);
    await expect(measureTriggerRate({ pluginDir: plugin.dir, prompts, driver })).rejects.toThrow(
      /has 3 skills .* name the one measured/,
    );
    await expect(
      measureTriggerRate({ pluginDir: plugin.dir, skill: "nope", prompts, driver }),
    ).rejects.toThrow(/"demo:commit"/);
    const broken = writeFixturePlugin("broken");
    try {
      writeFileSync(
        join(broken.dir, ".claude-plugin/plugin.json"),
        JSON.stringify({ name: "broken", agents: "./agents" }),
      );
      await expect(
        measureTriggerRate({ pluginDir: broken.dir, skill: "commit", prompts, driver }),
      ).rejects.toThrow(/would not load the plugin .* not a "\.md" file/);
      writeFileSync(join(broken.dir, ".claude-plugin/plugin.json"), JSON.stringify({ name: "broken" }));
      writeFileSync(join(broken.dir, "skills/commit/SKILL.md"), "---\nname: commit\n---\nno description\n");
      await expect(
        measureTriggerRate({ pluginDir: broken.dir, skill: "commit", prompts, driver }),
      ).rejects.toThrow(/Skill broken:commit is not offered to the model/);
    } finally {
      broken.remove();
    }
    expect(driver.calls).toBe(0);
  });

  it("without an injected driver, uses the paid Claude driver, which refuses before any run when there are no credentials", async () => {
    const saved = { key: process.env["ANTHROPIC_API_KEY"], token: process.env["CLAUDE_CODE_OAUTH_TOKEN"] };
    delete process.env["ANTHROPIC_API_KEY"];
    delete process.env["CLAUDE_CODE_OAUTH_TOKEN"];
    try {
      await expect(measureTriggerRate({ pluginDir: plugin.dir, skill: "commit", prompts })).rejects.toThrow(
        MissingCredentialsError,
      );
      await expect(measureSelectionMatrix(plugin.dir)).rejects.toThrow(MissingCredentialsError);
    } finally {
      if (saved.key !== undefined) process.env["ANTHROPIC_API_KEY"] = saved.key;
      if (saved.token !== undefined) process.env["CLAUDE_CODE_OAUTH_TOKEN"] = saved.token;
    }
  });

  it("hands the driver one trial per prompt and trial, with the packaged skills dir, fixture, model and effort", async () => {
    const driver = countingDriver();
    const report = await measureTriggerRate({
      skillsDir: `${plugin.dir}/skills`,
      pluginName: "loose",
      skill: "commit",
      prompts,
      trials: 2,
      fixture: { "README.md": "hi" },
      model: "opus",
      effort: "low",
      installSet: [loadPlugin(plugin.dir)],
      driver,
    });
    expect(driver.calls).toBe(prompts.length * 2);
    const first = driver.seen[0] as EvalTrial;
    expect(first).toMatchObject({
      model: "opus",
      effort: "low",
      files: { "README.md": "hi" },
      stubSkillBodies: false,
    });
    expect(first.pluginDirs).toHaveLength(2);
    expect(report).toMatchObject({
      skill: "loose:commit",
      competitors: 5,
      n: 24,
      fired: 0,
      rate: 0,
      precision: null,
      falsePositiveRate: null,
    });
    expect(report.installedSkills).toEqual([
      "loose:commit",
      "loose:deploy",
      "loose:pdf",
      "demo:commit",
      "demo:deploy",
      "demo:pdf",
    ]);
  });

  it("counts failed calls as errors, not misses, and the gate then refuses a report of zero runs", async () => {
    const report = await measureTriggerRate({
      pluginDir: plugin.dir,
      skill: "commit",
      prompts,
      driver: countingDriver("claude-code", true),
    });
    expect(report.n).toBe(0);
    expect(report.errors).toBe(12);
    expect(report.rows[0]?.error).toMatch(/connection refused/);
    expect(() => assertTriggerRate(report, { min: 0 })).toThrow(VacuousAssertionError);
  });

  it("assertTriggerRate refuses maxFalsePositive on a report without irrelevant runs, and a call without bounds", async () => {
    const report = await measureTriggerRate({
      pluginDir: plugin.dir,
      skill: "commit",
      prompts,
      driver: countingDriver(),
    });
    expect(() => assertTriggerRate(report, { maxFalsePositive: 0.1 })).toThrow(VacuousAssertionError);
    expect(() => assertTriggerRate(report, {})).toThrow(InvalidOptionError);
    expect(() => assertTriggerRate(report, { min: 0.5 })).toThrow(
      /trigger rate 0\.00 \(0\/12 runs, 95% CI 0\.00-0\.\d+\) is below min 0\.5/,
    );
  });
});

describe("measureSelectionMatrix", () => {
  it("is unavailable on a harness without selection events, runs nothing, and assertNoCollision throws", async () => {
    const driver = countingDriver("codex");
    const report = await measureSelectionMatrix(plugin.dir, { driver });
    expect(report.available).toBe(false);
    expect(report.reason).toMatch(/codex/);
    expect(driver.calls).toBe(0);
    expect(() => assertNoCollision(report)).toThrow(VacuousAssertionError);
  });

  it("runs on Gemini CLI, whose stream reports skill activation (activate_skill, test/gemini/gemini-features.test.ts)", async () => {
    const driver = countingDriver("gemini");
    const report = await measureSelectionMatrix(plugin.dir, { driver });
    expect(report.available).not.toBe(false);
    expect(driver.calls).toBeGreaterThan(0);
  });

  it("derives prompts from descriptions when none are given, and refuses unknown skills and pasted prompts", async () => {
    const driver = countingDriver();
    const report = await measureSelectionMatrix(plugin.dir, {
      driver,
      prompts: { pdf: { prompts: ["Merge a.pdf and b.pdf"] } },
    });
    expect(report.prompts["demo:pdf"]).toEqual({ prompts: ["Merge a.pdf and b.pdf"], derived: false });
    expect(report.prompts["demo:commit"]?.derived).toBe(true);
    expect(report.prompts["demo:commit"]?.prompts.length).toBeGreaterThanOrEqual(2);
    expect(report.rows.every((r) => r.counts["(none)"] === r.n && r.n > 0)).toBe(true);
    expect(() => assertNoCollision(report)).not.toThrow();
    await expect(
      measureSelectionMatrix(plugin.dir, { driver, prompts: { ghost: { prompts: ["x y"] } } }),
    ).rejects.toThrow(/"ghost"/);
    await expect(
      measureSelectionMatrix(plugin.dir, {
        driver,
        prompts: { pdf: { prompts: ["Merge the PDFs", "merge the pdfs!"] } },
      }),
    ).rejects.toThrow(PromptSetNotDiverseError);
  });
});

describe("assertNoCollision bounds", () => {
  const skills = ["p:a", "p:b"];
  const make = (obs: { skill: string; selected: string }[]): SelectionMatrixReport => ({
    ...summariseSelectionMatrix(skills, obs),
    version: 1,
    available: true,
    plugin: "p",
    harness: "claude-code",
    model: "sonnet",
    trials: 1,
    prompts: {},
    runs: [],
    errors: 0,
    usage: { costUsd: 0, inputTokens: 0, outputTokens: 0, durationMs: 0 },
    totalCostUsd: 0,
  });
  const rows = (skill: string, selected: string, k: number) =>
    Array.from({ length: k }, () => ({ skill, selected }));
  // a: 8 to itself, 2 to b (0.2); b: 10 to itself. Plugin-wide 2/20 = 0.1.
  const report = make([...rows("p:a", "p:a", 8), ...rows("p:a", "p:b", 2), ...rows("p:b", "p:b", 10)]);

  it("no options demands zero collision", () => {
    expect(() => assertNoCollision(report)).toThrow(AssertionFailedError);
    expect(() =>
      assertNoCollision(make([...rows("p:a", "p:a", 3), ...rows("p:b", "(none)", 3)])),
    ).not.toThrow();
  });

  it("maxOffDiagonal caps each row; maxPluginCollision caps the whole plugin", () => {
    expect(() => assertNoCollision(report, { maxOffDiagonal: 0.2 })).not.toThrow();
    expect(() => assertNoCollision(report, { maxOffDiagonal: 0.19 })).toThrow(
      /p:a: 0\.20 of its 10 runs resolved a sibling \(p:b took 2/,
    );
    expect(() => assertNoCollision(report, { maxPluginCollision: 0.1 })).not.toThrow();
    expect(() => assertNoCollision(report, { maxPluginCollision: 0.05 })).toThrow(
      /plugin-wide collision 0\.10 over 20 runs/,
    );
    expect(() => assertNoCollision(report, { maxOffDiagonal: 2 })).toThrow(InvalidOptionError);
  });

  it("throws on a matrix of zero runs", () => {
    expect(() => assertNoCollision(make([]), { maxOffDiagonal: 1 })).toThrow(VacuousAssertionError);
  });
});
