/** Derived trigger prompts: a count asked for is met with distinct prompts, deterministic for a seed, or refused clearly. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ncdPairs } from "../../src/core/ncd.js";
import { createTrace } from "../../src/core/trace-builder.js";
import {
  DerivedPromptsShortError,
  derivePromptsFromDescription,
  deriveTriggerPrompts,
} from "../../src/core/triggering/derive-prompts.js";
import {
  checkPromptDiversity,
  DEFAULT_NEAR_DUPLICATE_DISTANCE,
} from "../../src/core/triggering/diversity.js";
import type { DriverTrace, EvalDriver, EvalTrial } from "../../src/tiers/eval/driver.js";
import { measureSelectionMatrix } from "../../src/tiers/eval/triggering/selection-matrix.js";
import { FIXTURE_SKILLS, writeFixturePlugin } from "./fixture-plugin.js";

const plugin = writeFixturePlugin();
const terse = mkdtempSync("/var/tmp/vigiles-derived-prompts-");
afterAll(() => {
  plugin.remove();
  rmSync(terse, { recursive: true, force: true });
});

const countingDriver = (): EvalDriver & { seen: EvalTrial[] } => {
  const d = {
    identity: "test/derived",
    harness: "claude-code",
    paid: false,
    seen: [] as EvalTrial[],
    async runTrial(trial: EvalTrial): Promise<DriverTrace> {
      d.seen.push(trial);
      return createTrace({ output: "no skill" });
    },
  };
  return d;
};

const RICH =
  "Writes conventional commit messages from the staged diff. Use when the user asks to commit changes, " +
  'reword a commit message, or squash commits. Also triggers on "write the commit for me".';

describe("deriveTriggerPrompts", () => {
  it("gives the count asked for, distinct and passing the diversity gate, from a description that holds enough requests", () => {
    const prompts = deriveTriggerPrompts(RICH, { count: 10 });
    expect(prompts).toHaveLength(10);
    expect(new Set(prompts).size).toBe(10);
    expect(() => checkPromptDiversity(prompts, { minPrompts: 10 })).not.toThrow();
    for (const p of ncdPairs(prompts))
      expect(p.distance).toBeGreaterThanOrEqual(DEFAULT_NEAR_DUPLICATE_DISTANCE);
    expect(prompts).toContain("Write the commit for me");
  });

  it("counts distinct requests, not framings: one request is never padded into ten wrappers", () => {
    const prompts = derivePromptsFromDescription("Reports the weather.", { max: 100 });
    expect(prompts.length).toBeLessThan(5);
    // Without the framing, the requests themselves are still no two near-duplicates.
    const bare = prompts.map((p) => p.replace(/^.*?[.:] (?=[A-Z])/, ""));
    for (const p of ncdPairs(bare))
      expect(p.distance).toBeGreaterThanOrEqual(DEFAULT_NEAR_DUPLICATE_DISTANCE);
  });

  it("is deterministic for a seed; another seed gives another set, as distinct", () => {
    const a = deriveTriggerPrompts(RICH, { count: 8, seed: 1 });
    expect(deriveTriggerPrompts(RICH, { count: 8, seed: 1 })).toEqual(a);
    const b = deriveTriggerPrompts(RICH, { count: 8, seed: 2 });
    expect(b).not.toEqual(a);
    expect(() => checkPromptDiversity(b, { minPrompts: 8 })).not.toThrow();
    // The default seed is 0, and derivePromptsFromDescription draws from the same generator.
    expect(deriveTriggerPrompts(RICH, { count: 10 })).toEqual(
      derivePromptsFromDescription(RICH, { max: 10 }),
    );
  });

  it.each([...Object.entries(FIXTURE_SKILLS), ["weather", "Reports the weather."]])(
    "refuses a count the %s description cannot give, saying how many it gives and how to get more",
    (name, description) => {
      let caught: unknown;
      try {
        deriveTriggerPrompts(description, { count: 10, skill: `demo:${name}` });
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(DerivedPromptsShortError);
      const error = caught as DerivedPromptsShortError;
      expect(error.code).toBe("VIGILES_DERIVED_PROMPTS_SHORT");
      expect(error.wanted).toBe(10);
      expect(error.derived).toBeGreaterThan(0);
      expect(error.derived).toBeLessThan(10);
      expect(error.message).toContain(
        `Skill demo:${name}: 10 distinct prompts were asked for, but its description gives ${error.derived}`,
      );
      expect(error.message).toMatch(/quoted trigger phrases, a "Use when …" clause/);
      expect(error.message).toMatch(/pass curated prompts for this skill, or ask for fewer/);
      // What it says it gives, it gives.
      expect(deriveTriggerPrompts(description, { count: error.derived })).toHaveLength(error.derived);
    },
  );

  it("a richer description gives more: quoted phrases and when-to-use clauses add requests", () => {
    const weather =
      "Reports the weather for a city. Use when the user asks about rain, wants a forecast for the weekend, " +
      'or plans an outdoor trip. Also triggers on "do I need an umbrella".';
    const prompts = deriveTriggerPrompts(weather, { count: 8 });
    expect(prompts).toContain("Do I need an umbrella");
  });
});

describe("measureSelectionMatrix: derived prompt counts", () => {
  it("derives up to 10 per skill by default, exactly the count asked for, and another set for another seed", async () => {
    const driver = countingDriver();
    const byDefault = await measureSelectionMatrix(plugin.dir, { driver });
    for (const skill of byDefault.skills) {
      const n = byDefault.prompts[skill]!.prompts.length;
      const description = FIXTURE_SKILLS[skill.slice("demo:".length) as keyof typeof FIXTURE_SKILLS];
      expect(n).toBe(Math.min(10, derivePromptsFromDescription(description, { max: 100 }).length));
    }
    const asked = await measureSelectionMatrix(plugin.dir, { driver: countingDriver(), derivedPrompts: 6 });
    for (const skill of asked.skills) expect(asked.prompts[skill]?.prompts).toHaveLength(6);
    const reseeded = await measureSelectionMatrix(plugin.dir, {
      driver: countingDriver(),
      derivedPrompts: 6,
      derivedPromptSeed: 7,
    });
    expect(reseeded.prompts["demo:commit"]?.prompts).not.toEqual(asked.prompts["demo:commit"]?.prompts);
    await expect(measureSelectionMatrix(plugin.dir, { driver, derivedPromptSeed: 1.5 })).rejects.toThrow(
      /derivedPromptSeed must be an integer/,
    );
  });

  it("refuses before any run when a skill's description cannot give the count asked for; curated prompts or the default do not", async () => {
    const files: Record<string, string> = {
      ".claude-plugin/plugin.json": JSON.stringify({ name: "tiny" }),
      "skills/weather/SKILL.md":
        "---\nname: weather\ndescription: Reports the weather.\n---\nLook outside.\n",
      "skills/commit/SKILL.md": `---\nname: commit\ndescription: ${JSON.stringify(RICH)}\n---\nHi.\n`,
    };
    for (const [rel, text] of Object.entries(files)) {
      mkdirSync(join(terse, rel, ".."), { recursive: true });
      writeFileSync(join(terse, rel), text);
    }
    const driver = countingDriver();
    const run = measureSelectionMatrix(terse, { driver, derivedPrompts: 10 });
    await expect(run).rejects.toThrow(DerivedPromptsShortError);
    await expect(run).rejects.toThrow(
      /Skill tiny:weather: 10 distinct prompts were asked for, but its description gives \d/,
    );
    expect(driver.seen).toHaveLength(0);
    // Curated prompts for the terse skill: only derived skills are held to the count.
    const curated = await measureSelectionMatrix(terse, {
      driver,
      derivedPrompts: 10,
      prompts: { weather: { prompts: ["Will it rain in Lyon tomorrow?"] } },
    });
    expect(curated.prompts["tiny:commit"]?.prompts).toHaveLength(10);
    const lenient = await measureSelectionMatrix(terse, { driver: countingDriver() });
    expect(lenient.prompts["tiny:weather"]?.prompts.length).toBeGreaterThan(0);
    expect(lenient.prompts["tiny:weather"]?.prompts.length).toBeLessThan(10);
    expect(lenient.prompts["tiny:commit"]?.prompts).toHaveLength(10);
  });
});
