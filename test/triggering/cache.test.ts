/**
 * The eval cache applied to trigger-rate runs: a second run replays every trial (zero driver calls)
 * and gives the same report; anything that changes the answer misses; a corrupt entry is a miss
 * with a warning, never a crash or a wrong hit.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createTrace } from "../../src/core/trace-builder.js";
import type { TriggerRateReport } from "../../src/core/triggering/trigger-report.js";
import { defineEval } from "../../src/core/eval/eval-file.js";
import type { DriverTrace, EvalDriver, EvalTrial } from "../../src/tiers/eval/driver.js";
import { runDefinition } from "../../src/tiers/eval/eval-files.js";
import { measureTriggerRate, type TriggerRateOptions } from "../../src/tiers/eval/triggering/trigger-rate.js";
import { writeFixturePlugin } from "./fixture-plugin.js";
import { realisticPromptSets } from "./prompt-sets.js";
import { selectorDriver, type ChoiceRow } from "./selector-driver.js";

const plugin = writeFixturePlugin();
const scratch = mkdtempSync("/var/tmp/vigiles-trigger-cache-");
afterAll(() => {
  plugin.remove();
  rmSync(scratch, { recursive: true, force: true });
});
const prompts = (realisticPromptSets["commit"] as readonly string[]).slice(0, 10);
const irrelevantPrompts = (realisticPromptSets["pdf"] as readonly string[]).slice(0, 3);
let dirs = 0;
const cacheDir = (): string => join(scratch, `cache-${++dirs}`);

/** In-process: the skill a prompt selects is a function of the prompt, the model and the fixture. */
function countingSelector(identity = "test/trigger-cache@1"): EvalDriver & { calls: EvalTrial[] } {
  const d = {
    identity,
    harness: "claude-code",
    paid: false,
    calls: [] as EvalTrial[],
    async runTrial(trial: EvalTrial): Promise<DriverTrace> {
      d.calls.push(trial);
      const picks = trial.task.length % 3 !== 0 || trial.files["HINT"] !== undefined;
      return createTrace({
        output: picks ? "used the skill" : "answered directly",
        toolCalls: picks
          ? [{ name: "Skill", input: { skill: "demo:commit" }, result: "Launching skill: demo:commit" }]
          : [],
        usage: { costUsd: 0.002, inputTokens: 100, outputTokens: 10, durationMs: 3 },
      });
    },
  };
  return d;
}

/** The report with what legitimately differs on a replay (the markers and this run's spend) left out. */
function answers(report: TriggerRateReport): unknown {
  const { cached: _c, totalCostUsd: _t, rows, ...rest } = report;
  return { ...rest, rows: rows.map(({ cached: _rc, ...row }) => row) };
}

const base = (dir: string, driver: EvalDriver): TriggerRateOptions => ({
  pluginDir: plugin.dir,
  skill: "commit",
  prompts,
  irrelevantPrompts,
  stubSkillBodies: true,
  trials: 2,
  concurrency: 4,
  cache: "readwrite",
  cacheDir: dir,
  driver,
});

describe("measureTriggerRate with the eval cache", () => {
  it("a second run replays every trial: zero driver calls, the same report, nothing spent", async () => {
    const dir = cacheDir();
    const first = countingSelector();
    const a = await measureTriggerRate(base(dir, first));
    expect(first.calls).toHaveLength(26);
    expect(a.cached).toBeUndefined();
    expect(a.totalCostUsd).toBeCloseTo(26 * 0.002, 10);
    const second = countingSelector();
    const b = await measureTriggerRate(base(dir, second));
    expect(second.calls).toHaveLength(0);
    expect(answers(b)).toEqual(answers(a));
    expect(b.cached).toBe(26);
    expect(b.rows.every((r) => r.cached === true)).toBe(true);
    expect(b.totalCostUsd).toBe(0);
    expect(b.usage).toEqual(a.usage);
  });

  it("re-scores a changed `fired` for free, and misses on anything that changes the answer", async () => {
    const dir = cacheDir();
    await measureTriggerRate(base(dir, countingSelector()));
    const rescore = countingSelector();
    const never = await measureTriggerRate({ ...base(dir, rescore), fired: () => false });
    expect(rescore.calls).toHaveLength(0);
    expect(never.fired).toBe(0);

    const misses: [string, Partial<TriggerRateOptions>, string?][] = [
      ["fixture", { fixture: { HINT: "x" } }],
      ["model", { model: "opus" }],
      ["effort", { effort: "low" }],
      ["env", { env: { LANG: "C" } }],
      ["stubbed bodies", { stubSkillBodies: false }],
      ["trials", { trials: 3 }],
      ["driver identity", {}, "test/trigger-cache@2"],
    ];
    for (const [what, change, identity] of misses) {
      const driver = countingSelector(identity);
      await measureTriggerRate({ ...base(dir, driver), ...change });
      // `trials: 3` reuses trials 0 and 1 and runs trial 2 of each prompt: only the new ones miss.
      const expected = what === "trials" ? 13 : 26;
      expect(driver.calls, `a changed ${what} must miss`).toHaveLength(expected);
    }
  });

  it("misses when a skill's description changes (the installed plugin's contents are in the key)", async () => {
    const dir = cacheDir();
    const copy = writeFixturePlugin();
    try {
      const opts = (driver: EvalDriver): TriggerRateOptions => ({
        ...base(dir, driver),
        pluginDir: copy.dir,
      });
      await measureTriggerRate(opts(countingSelector()));
      const skill = join(copy.dir, "skills/commit/SKILL.md");
      writeFileSync(skill, readFileSync(skill, "utf8").replace("conventional", "tidy"));
      const after = countingSelector();
      await measureTriggerRate(opts(after));
      expect(after.calls).toHaveLength(26);
    } finally {
      copy.remove();
    }
  });

  it("a corrupt or misplaced entry is a miss with a warning, re-run and re-recorded; never a crash or a wrong hit", async () => {
    const dir = cacheDir();
    const a = await measureTriggerRate(base(dir, countingSelector()));
    const files = readdirSync(dir, { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".json"))
      .sort();
    expect(files).toHaveLength(26);
    writeFileSync(join(dir, files[0]!), "{ not json");
    // An entry recorded under another key, copied over this one: valid JSON, the wrong answer.
    writeFileSync(join(dir, files[1]!), readFileSync(join(dir, files[2]!)));
    const warnings: string[] = [];
    const driver = countingSelector();
    const b = await measureTriggerRate({ ...base(dir, driver), onWarning: (m) => warnings.push(m) });
    expect(driver.calls).toHaveLength(2);
    expect(warnings).toHaveLength(2);
    expect(warnings.join("\n")).toMatch(/is corrupt \(not JSON/);
    expect(warnings.join("\n")).toMatch(/is corrupt \(recorded under key/);
    expect(answers(b)).toEqual(answers(a));
    const healed = countingSelector();
    await measureTriggerRate(base(dir, healed));
    expect(healed.calls).toHaveLength(0);
  });

  it('"read" replays and records nothing; "off" (the default) never reads', async () => {
    const dir = cacheDir();
    const reader = countingSelector();
    await measureTriggerRate({ ...base(dir, reader), cache: "read" });
    expect(reader.calls).toHaveLength(26);
    const again = countingSelector();
    await measureTriggerRate({ ...base(dir, again), cache: "read" });
    expect(again.calls).toHaveLength(26);
    await measureTriggerRate(base(dir, countingSelector()));
    const off = countingSelector();
    const { cache: _cache, ...noCache } = base(dir, off);
    await measureTriggerRate(noCache);
    expect(off.calls).toHaveLength(26);
  });
});

describe("`vigiles eval --cache` on a measureTriggerRate eval (the real CLI against the mock model)", () => {
  it("the second run makes zero driver calls and gives the same report", { timeout: 240_000 }, async () => {
    const SEED = "trigger-cache";
    const rows = new Map<string, ChoiceRow>([
      ...prompts.map((p): [string, ChoiceRow] => [p, { "demo:commit": 0.7, "demo:deploy": 0.1 }]),
      ...irrelevantPrompts.map((p): [string, ChoiceRow] => [p, { "demo:commit": 0.3 }]),
    ]);
    const definition = defineEval({
      measureTriggerRate: {
        name: "commit-trigger",
        pluginDir: plugin.dir,
        skill: "commit",
        prompts,
        irrelevantPrompts,
        stubSkillBodies: true,
        concurrency: 4,
        // A failed run is not recorded (it re-runs next time): leave room for a loaded machine.
        timeoutMs: 180_000,
      },
    });
    const dir = cacheDir();
    // What `vigiles eval --cache readwrite` hands the runner.
    const run = (driver: EvalDriver) =>
      runDefinition(definition, { driver, cache: "readwrite", cacheDir: dir });
    const first = selectorDriver({ seed: SEED, rows });
    const a = await run(first);
    expect(first.calls).toBe(13);
    expect((a.report as unknown as TriggerRateReport).errors).toBe(0);
    const second = selectorDriver({ seed: SEED, rows });
    const b = await run(second);
    expect(second.calls).toBe(0);
    expect(answers(b.report as unknown as TriggerRateReport)).toEqual(
      answers(a.report as unknown as TriggerRateReport),
    );
    expect((b.report as unknown as TriggerRateReport).cached).toBe(13);
    expect(b.inputsHash).toBe(a.inputsHash);
  });
});
