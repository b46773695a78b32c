/**
 * The eval cache applied to the selection matrix: a second run replays every run (zero driver calls)
 * and gives the same report; anything that changes what the selector is sent misses; what only
 * shapes the run (concurrency, the model floor) does not; a corrupt entry is a miss with a warning.
 */
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createTrace } from "../../src/core/trace-builder.js";
import type { SelectionMatrixReport } from "../../src/core/triggering/matrix-report.js";
import type { DriverTrace, EvalDriver, EvalTrial } from "../../src/tiers/eval/driver.js";
import {
  measureSelectionMatrix,
  type SelectionMatrixOptions,
} from "../../src/tiers/eval/triggering/selection-matrix.js";
import { writeFixturePlugin } from "./fixture-plugin.js";
import { realisticPromptSets } from "./prompt-sets.js";
import { selectorDriver, type ChoiceRow } from "./selector-driver.js";

const plugin = writeFixturePlugin();
const scratch = mkdtempSync("/var/tmp/vigiles-matrix-cache-");
afterAll(() => {
  plugin.remove();
  rmSync(scratch, { recursive: true, force: true });
});
const sets = realisticPromptSets as Record<"commit" | "deploy" | "pdf", readonly string[]>;
const curated = {
  commit: { prompts: sets.commit.slice(0, 3) },
  deploy: { prompts: sets.deploy.slice(0, 3) },
  pdf: { prompts: sets.pdf.slice(0, 3) },
};
/** 3 skills x 3 prompts x 2 trials. */
const RUNS = 18;
let dirs = 0;
const cacheDir = (): string => join(scratch, `cache-${++dirs}`);

/** In-process: the skill a run selects is a function of its prompt, its trial and the fixture. */
function countingSelector(identity = "test/matrix-cache@1"): EvalDriver & { calls: EvalTrial[] } {
  const skills = ["demo:commit", "demo:deploy", "demo:pdf", undefined];
  const d = {
    identity,
    harness: "claude-code",
    paid: false,
    calls: [] as EvalTrial[],
    async runTrial(trial: EvalTrial): Promise<DriverTrace> {
      d.calls.push(trial);
      const draw = createHash("sha256").update(`${trial.task}\0${trial.trial}`).digest().readUInt8(0);
      const chosen = trial.files["HINT"] !== undefined ? "demo:commit" : skills[draw % skills.length];
      // Completion order differs from launch order: the report must not show it.
      await new Promise((r) => setTimeout(r, draw % 7));
      return createTrace({
        output: chosen ? "used a skill" : "answered directly",
        toolCalls: chosen
          ? [{ name: "Skill", input: { skill: chosen }, result: `Launching skill: ${chosen}` }]
          : [],
        usage: { costUsd: 0.001 + draw / 1e6, inputTokens: 100, outputTokens: draw, durationMs: 3 },
      });
    },
  };
  return d;
}

/** The report with what legitimately differs on a replay (the markers and this run's spend) left out. */
function answers(report: SelectionMatrixReport): unknown {
  const { cached: _c, totalCostUsd: _t, runs, ...rest } = report;
  return { ...rest, runs: runs.map(({ cached: _rc, ...run }) => run) };
}

const base = (dir: string, driver: EvalDriver): SelectionMatrixOptions => ({
  prompts: curated,
  trials: 2,
  concurrency: 4,
  cache: "readwrite",
  cacheDir: dir,
  driver,
});

describe("measureSelectionMatrix with the eval cache", () => {
  it("a second run replays every run: zero driver calls, the same report, nothing spent", async () => {
    const dir = cacheDir();
    const first = countingSelector();
    const a = await measureSelectionMatrix(plugin.dir, base(dir, first));
    expect(first.calls).toHaveLength(RUNS);
    expect(a.cached).toBeUndefined();
    expect(a.runs.some((r) => r.cached === true)).toBe(false);
    expect(a.totalCostUsd).toBe(a.usage.costUsd);
    expect(a.n).toBe(RUNS);
    const second = countingSelector();
    const b = await measureSelectionMatrix(plugin.dir, base(dir, second));
    expect(second.calls).toHaveLength(0);
    expect(answers(b)).toEqual(answers(a));
    expect(b.cached).toBe(RUNS);
    expect(b.runs.every((r) => r.cached === true)).toBe(true);
    expect(b.totalCostUsd).toBe(0);
    // Summed in run order: the replay reports the same usage to the last bit.
    expect(b.usage).toEqual(a.usage);
  });

  it("misses on anything that changes what is sent, and only there", async () => {
    const dir = cacheDir();
    await measureSelectionMatrix(plugin.dir, base(dir, countingSelector()));
    const shapeOnly = countingSelector();
    await measureSelectionMatrix(plugin.dir, { ...base(dir, shapeOnly), concurrency: 1, minModel: "haiku" });
    expect(shapeOnly.calls, "concurrency and the model floor are not in the key").toHaveLength(0);

    const misses: [string, Partial<SelectionMatrixOptions>, number, string?][] = [
      ["fixture", { fixture: { HINT: "x" } }, RUNS],
      ["model", { model: "opus" }, RUNS],
      ["effort", { effort: "low" }, RUNS],
      ["env", { env: { LANG: "C" } }, RUNS],
      ["stubbed bodies", { stubSkillBodies: false }, RUNS],
      // Trials 0 and 1 replay; only trial 2 of each prompt runs.
      ["trials", { trials: 3 }, 9],
      [
        "one prompt",
        { prompts: { ...curated, pdf: { prompts: [...sets.pdf.slice(0, 2), sets.pdf[5]!] } } },
        2,
      ],
      ["driver identity", {}, RUNS, "test/matrix-cache@2"],
    ];
    for (const [what, change, expected, identity] of misses) {
      const driver = countingSelector(identity);
      await measureSelectionMatrix(plugin.dir, { ...base(dir, driver), ...change });
      expect(driver.calls, `a changed ${what} must miss`).toHaveLength(expected);
    }
  });

  it("the skills as sent are in the key: a description misses; a stubbed body that is never sent does not", async () => {
    const dir = cacheDir();
    const copy = writeFixturePlugin();
    try {
      const run = (driver: EvalDriver, stub = true) =>
        measureSelectionMatrix(copy.dir, { ...base(dir, driver), stubSkillBodies: stub });
      await run(countingSelector());
      await run(countingSelector(), false);
      const skill = join(copy.dir, "skills/commit/SKILL.md");
      writeFileSync(skill, readFileSync(skill, "utf8").replace("run the full procedure", "run it all"));
      const stubbed = countingSelector();
      await run(stubbed);
      expect(stubbed.calls, "a stubbed body never reaches the model").toHaveLength(0);
      const unstubbed = countingSelector();
      await run(unstubbed, false);
      expect(unstubbed.calls, "an unstubbed body does").toHaveLength(RUNS);
      writeFileSync(skill, readFileSync(skill, "utf8").replace("conventional", "tidy"));
      const described = countingSelector();
      await run(described);
      expect(described.calls).toHaveLength(RUNS);
    } finally {
      copy.remove();
    }
  });

  it("derived prompts are keyed by the prompts they give, not by how they were derived", async () => {
    const dir = cacheDir();
    const derived = (driver: EvalDriver, seed: number): SelectionMatrixOptions => {
      const { prompts: _p, ...rest } = base(dir, driver);
      return { ...rest, trials: 1, derivedPrompts: 3, derivedPromptSeed: seed };
    };
    const first = countingSelector();
    const a = await measureSelectionMatrix(plugin.dir, derived(first, 4));
    const again = countingSelector();
    const b = await measureSelectionMatrix(plugin.dir, derived(again, 4));
    expect(again.calls).toHaveLength(0);
    expect(answers(b)).toEqual(answers(a));
    const reseeded = countingSelector();
    const c = await measureSelectionMatrix(plugin.dir, derived(reseeded, 5));
    const fresh = Object.entries(c.prompts).flatMap(([s, p]) =>
      p.prompts.filter((q) => !(a.prompts[s]?.prompts ?? []).includes(q)),
    );
    expect(fresh.length).toBeGreaterThan(0);
    expect(reseeded.calls.map((t) => t.task).sort()).toEqual([...fresh].sort());
  });

  it("a corrupt or misplaced entry is a miss with a warning, re-run and re-recorded; never a crash or a wrong hit", async () => {
    const dir = cacheDir();
    const a = await measureSelectionMatrix(plugin.dir, base(dir, countingSelector()));
    const files = readdirSync(dir, { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".json"))
      .sort();
    expect(files).toHaveLength(RUNS);
    writeFileSync(join(dir, files[0]!), "{ not json");
    // An entry recorded under another key, copied over this one: valid JSON, the wrong answer.
    writeFileSync(join(dir, files[1]!), readFileSync(join(dir, files[2]!)));
    const warnings: string[] = [];
    const driver = countingSelector();
    const b = await measureSelectionMatrix(plugin.dir, {
      ...base(dir, driver),
      onWarning: (m) => warnings.push(m),
    });
    expect(driver.calls).toHaveLength(2);
    expect(warnings).toHaveLength(2);
    expect(warnings.join("\n")).toMatch(/is corrupt \(not JSON/);
    expect(warnings.join("\n")).toMatch(/is corrupt \(recorded under key/);
    expect(answers(b)).toEqual(answers(a));
    expect(b.cached).toBe(RUNS - 2);
    const healed = countingSelector();
    await measureSelectionMatrix(plugin.dir, base(dir, healed));
    expect(healed.calls).toHaveLength(0);
  });

  it('"read" replays and records nothing; "off" (the default) never reads', async () => {
    const dir = cacheDir();
    const reader = countingSelector();
    await measureSelectionMatrix(plugin.dir, { ...base(dir, reader), cache: "read" });
    expect(reader.calls).toHaveLength(RUNS);
    const again = countingSelector();
    await measureSelectionMatrix(plugin.dir, { ...base(dir, again), cache: "read" });
    expect(again.calls).toHaveLength(RUNS);
    await measureSelectionMatrix(plugin.dir, base(dir, countingSelector()));
    const off = countingSelector();
    const { cache: _cache, ...noCache } = base(dir, off);
    await measureSelectionMatrix(plugin.dir, noCache);
    expect(off.calls).toHaveLength(RUNS);
  });
});

describe("the selection matrix replayed from the cache (the real CLI against the mock model)", () => {
  it("the second run makes zero driver calls and gives the same matrix", { timeout: 240_000 }, async () => {
    const SEED = "matrix-cache";
    const rows = new Map<string, ChoiceRow>();
    for (const { prompts } of Object.values(curated))
      for (const p of prompts) rows.set(p, { "demo:commit": 0.4, "demo:deploy": 0.3, "demo:pdf": 0.2 });
    const dir = cacheDir();
    const run = (driver: EvalDriver) =>
      measureSelectionMatrix(plugin.dir, {
        prompts: curated,
        concurrency: 4,
        cache: "readwrite",
        cacheDir: dir,
        driver,
        // A failed run is not recorded (it re-runs next time): leave room for a loaded machine.
        timeoutMs: 180_000,
      });
    const first = selectorDriver({ seed: SEED, rows });
    const a = await run(first);
    expect(first.calls).toBe(9);
    expect(a.errors).toBe(0);
    const second = selectorDriver({ seed: SEED, rows });
    const b = await run(second);
    expect(second.calls).toBe(0);
    expect(answers(b)).toEqual(answers(a));
    expect(b.cached).toBe(9);
  });
});
