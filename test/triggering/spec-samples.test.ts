/**
 * The spec's "measureTriggerRate options" and "Selection-collision matrix" samples, run against the
 * package entries as written, with two changes the spec itself calls for: the model-calling runners
 * get an injected driver, and the options sample passes one of skillsDir / pluginDir (it lists both
 * to document that they are exclusive). The driver is an in-process perfect selector; the real-CLI
 * behaviour is pinned in real-cli.test.ts.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertTriggerRate, skillResolved, VacuousAssertionError } from "../../src/entries/index.js";
import { paid_measureTriggerRate as measureTriggerRate } from "../../src/entries/eval.js";
import { measureSelectionMatrix, assertNoCollision, loadPlugin } from "../../src/entries/claude-code.js";
import type { DriverTrace, EvalDriver, EvalTrial } from "../../src/entries/eval.js";
import { createTrace } from "../../src/core/trace-builder.js";
import { realisticPromptSets } from "./prompt-sets.js";

const here = process.cwd();
let root = "";
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "vigiles-spec-samples-"));
  const files: Record<string, string> = {
    "my-plugin/.claude-plugin/plugin.json": '{"name":"my-plugin"}',
    "my-plugin/skills/greet/SKILL.md":
      "---\nname: greet\ndescription: Greets the user by name. Use when someone says hello.\n---\nSay hi.\n",
    "my-plugin/skills/farewell/SKILL.md":
      "---\nname: farewell\ndescription: Says goodbye warmly. Use when the user is leaving.\n---\nSay bye.\n",
    "other/.claude-plugin/plugin.json": '{"name":"other"}',
    "other/skills/weather/SKILL.md":
      "---\nname: weather\ndescription: Reports the weather.\n---\nLook outside.\n",
  };
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  process.chdir(root);
});
afterAll(() => {
  process.chdir(here);
  rmSync(root, { recursive: true, force: true });
});

/** Selects `choose(trial)` (a plugin:skill id) or nothing, in process. */
function inProcessSelector(choose: (trial: EvalTrial) => string | undefined): EvalDriver {
  return {
    identity: "test/in-process-selector",
    harness: "claude-code",
    paid: false,
    async runTrial(trial): Promise<DriverTrace> {
      const id = choose(trial);
      return createTrace({
        toolCalls: id ? [{ name: "Skill", input: { skill: id }, result: `Launching skill: ${id}` }] : [],
        output: "done",
        usage: { costUsd: 0.001, durationMs: 5, inputTokens: 100, outputTokens: 10 },
      });
    },
  };
}

describe("spec sample: measureTriggerRate options", () => {
  it("runs as written (pluginDir, driver injected) and the gate reads it", async () => {
    const prompts = realisticPromptSets["commit"]?.slice(0, 10) as string[];
    const irrelevant = realisticPromptSets["pdf"]?.slice(0, 10) as string[];
    const otherPluginsOrDirs = "./other";
    const seen: EvalTrial[] = [];
    const evalDriver = inProcessSelector((t) => {
      seen.push(t);
      return prompts.includes(t.task) ? "my-plugin:greet" : undefined;
    });
    const report = await measureTriggerRate({
      pluginDir: "./my-plugin", //    already-packaged plugin. XOR skillsDir.
      prompts: [...prompts], //              recall set (≥ minPrompts, NCD-diverse)
      irrelevantPrompts: [...irrelevant], //    precision set (→ falsePositiveRate / precision)
      fired: (t) => skillResolved(t, "my-plugin:greet"),
      stubSkillBodies: true, //       stop at SELECTION (frontmatter decides firing)
      fixture: { path: "contents" }, // seed repo STATE a skill triggers on
      installSet: [otherPluginsOrDirs], // co-install the rest of the harness (release gate)
      trials: 2,
      concurrency: 4, //              parallelize the prompts × trials grid
      minModel: "sonnet", //          fail before spending a token if pointed below
      effort: "low", //               reasoning budget — pin it to reproduce a number
      minPrompts: 10, //              diversity-gate floor
      evalDriver,
    });
    assertTriggerRate(report, { min: 0.8, maxFalsePositive: 0.1 });
    expect(report).toMatchObject({
      n: 20,
      fired: 20,
      nIrrelevant: 20,
      falsePositives: 0,
      precision: 1,
      competitors: 2,
    });
    expect(report.totalCostUsd).toBeCloseTo(0.04, 10);
    expect(seen[0]).toMatchObject({
      files: { path: "contents" },
      effort: "low",
      model: "sonnet",
      stubSkillBodies: true,
    });
    expect(seen[0]?.pluginDirs).toHaveLength(2);
  });
});

describe("spec sample: selection-collision matrix", () => {
  it("runs as written (driver injected): derived prompts, both gates", async () => {
    const driver = inProcessSelector((t) => t.arm); // a selector that always picks the prompt's own skill
    const report = await measureSelectionMatrix("./my-plugin", {
      // prompts auto-derived from each skill's description (zero setup);
      trials: 1,
      driver,
    });
    assertNoCollision(report, { maxOffDiagonal: 0.2 }); // per-skill collision ceiling
    assertNoCollision(report, { maxPluginCollision: 0.1 });
    assertNoCollision(report);
    expect(report.skills).toEqual(["my-plugin:farewell", "my-plugin:greet"]);
    expect(report.meanRecall).toBe(1);
    expect(Object.values(report.prompts).every((p) => p.derived && p.prompts.length > 0)).toBe(true);
    expect(loadPlugin("./my-plugin").skills.map((s) => s.id)).toEqual(report.skills);
  });

  it("catches a sibling stealing prompts, and never passes on a matrix that tested nothing", async () => {
    const thief = inProcessSelector(() => "my-plugin:greet");
    const report = await measureSelectionMatrix("./my-plugin", { trials: 1, driver: thief });
    expect(() => assertNoCollision(report, { maxOffDiagonal: 0.2 })).toThrow(
      /my-plugin:farewell: 1\.00 of its \d+ runs resolved a sibling/,
    );
    expect(() => assertNoCollision(report, { maxPluginCollision: 0.1 })).toThrow(
      /plugin-wide collision 0\.\d+/,
    );
    const failing: EvalDriver = { ...thief, runTrial: () => Promise.reject(new Error("network down")) };
    const empty = await measureSelectionMatrix("./my-plugin", { trials: 1, driver: failing });
    expect(empty.n).toBe(0);
    expect(empty.errors).toBeGreaterThan(0);
    expect(() => assertNoCollision(empty)).toThrow(VacuousAssertionError);
  });
});
