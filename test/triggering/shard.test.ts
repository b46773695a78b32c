/**
 * Trigger-rate evals in shards: a shard runs a fixed slice of the prompts x trials grid, the shards
 * merge into the report the unsharded run gives, a merge that is not every run exactly once is
 * refused by name, and `vigiles eval --gate` judges the merged report.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { InvalidOptionError } from "../../src/core/errors.js";
import { ReportMergeError } from "../../src/core/eval/merge.js";
import { createTrace } from "../../src/core/trace-builder.js";
import { mergeTriggerRateReports } from "../../src/core/triggering/trigger-merge.js";
import type { TriggerRateReport } from "../../src/core/triggering/trigger-report.js";
import type { DriverTrace, EvalDriver, EvalTrial } from "../../src/tiers/eval/driver.js";
import { defineEval } from "../../src/core/eval/eval-file.js";
import { definitionInputsHash } from "../../src/tiers/eval/eval-files.js";
import { measureTriggerRate, type TriggerRateOptions } from "../../src/tiers/eval/triggering/trigger-rate.js";
import { writeFixturePlugin } from "./fixture-plugin.js";
import { realisticPromptSets } from "./prompt-sets.js";

const plugin = writeFixturePlugin();
const scratch = mkdtempSync("/var/tmp/vigiles-trigger-shards-");
afterAll(() => {
  plugin.remove();
  rmSync(scratch, { recursive: true, force: true });
});
const prompts = (realisticPromptSets["commit"] as readonly string[]).slice(0, 10);
const irrelevantPrompts = (realisticPromptSets["pdf"] as readonly string[]).slice(0, 3);

/** In-process, deterministic to the last usage figure: fires on a seeded draw of (prompt, trial). */
function seededSelector(): EvalDriver & { calls: EvalTrial[] } {
  const d = {
    identity: "test/trigger-shards@1",
    harness: "claude-code",
    paid: false,
    calls: [] as EvalTrial[],
    async runTrial(trial: EvalTrial): Promise<DriverTrace> {
      d.calls.push(trial);
      const draw = createHash("sha256").update(`${trial.task}\0${trial.trial}`).digest().readUInt8(0);
      await new Promise((r) => setTimeout(r, draw % 5));
      return createTrace({
        output: "ok",
        toolCalls:
          draw % 3 !== 0
            ? [{ name: "Skill", input: { skill: "demo:commit" }, result: "Launching skill: demo:commit" }]
            : [],
        usage: { costUsd: 0.001 + draw / 1e5, inputTokens: 100 + draw, outputTokens: draw, durationMs: draw },
      });
    },
  };
  return d;
}

const options = (driver: EvalDriver, shard?: { index: number; total: number }): TriggerRateOptions => ({
  pluginDir: plugin.dir,
  skill: "commit",
  prompts,
  irrelevantPrompts,
  stubSkillBodies: true,
  trials: 3,
  concurrency: 4,
  driver,
  ...(shard ? { shard } : {}),
});
const GRID = 13 * 3;

async function shards(total: number): Promise<TriggerRateReport[]> {
  const out: TriggerRateReport[] = [];
  for (let index = 1; index <= total; index++)
    out.push(await measureTriggerRate(options(seededSelector(), { index, total })));
  return out;
}

describe("measureTriggerRate in shards", () => {
  it("each shard runs a disjoint slice; together they are the grid, and the merge is the unsharded report", async () => {
    const whole = await measureTriggerRate(options(seededSelector()));
    expect(whole.shard).toBeUndefined();
    for (const total of [2, 3]) {
      const parts = await shards(total);
      parts.forEach((p, i) => {
        expect(p.shard).toEqual({ index: i + 1, total });
        // Balanced: no shard gets more than its share, rounded up.
        expect(p.rows.length).toBeLessThanOrEqual(Math.ceil(GRID / total));
      });
      const ids = parts.flatMap((p) => p.rows.map((r) => `${r.prompt}#${r.trial}`));
      expect(new Set(ids).size).toBe(GRID);
      // Merged in any order, the same report as one run, to the last bit of usage.
      expect(mergeTriggerRateReports([...parts].reverse())).toEqual(whole);
    }
  });

  it("a shard's driver sees only its slice, and the preflight is told its size", async () => {
    const plans: number[] = [];
    const driver = seededSelector();
    const withPlan: EvalDriver = {
      ...driver,
      runTrial: (t, o) => driver.runTrial(t, o),
      preflight: async (plan) => {
        plans.push(plan.trials);
      },
    };
    const report = await measureTriggerRate(options(withPlan, { index: 2, total: 2 }));
    expect(driver.calls).toHaveLength(report.rows.length);
    expect(plans).toEqual([report.rows.length]);
  });

  it("refuses a bad shard before any run", async () => {
    for (const shard of [
      { index: 0, total: 2 },
      { index: 3, total: 2 },
      { index: 1.5, total: 2 },
    ]) {
      const driver = seededSelector();
      await expect(measureTriggerRate(options(driver, shard))).rejects.toThrow(InvalidOptionError);
      expect(driver.calls).toHaveLength(0);
    }
  });

  it("refuses, by name, a merge that is not every run of one grid exactly once", async () => {
    const [s1, s2] = (await shards(2)) as [TriggerRateReport, TriggerRateReport];
    const whole = await measureTriggerRate(options(seededSelector()));
    const refused = (reports: TriggerRateReport[], pattern: RegExp): void => {
      let caught: unknown;
      try {
        mergeTriggerRateReports(reports, ["s1.json", "s2.json"]);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(ReportMergeError);
      expect((caught as ReportMergeError).code).toBe("VIGILES_REPORT_MERGE");
      expect((caught as Error).message).toMatch(pattern);
    };
    refused([s1], /shard 2\/2 is missing/);
    refused([s1, s1], /s2\.json repeats shard 1\/2 \(already in s1\.json\)/);
    refused([s1, whole], /s2\.json is not a shard/);
    refused([s1, { ...s2, inputsHash: "b".repeat(64) }], /s2\.json comes from other inputs/);
    refused([s1, { ...s2, model: "opus" }], /s2\.json ran another grid than s1\.json/);
    refused([s1, { ...s2, shard: { index: 2, total: 3 } }], /disagree on the shard count/);
    // Overlapping slices: shard 2 also holds a run of shard 1.
    const stolen = s1.rows[0]!;
    refused(
      [s1, { ...s2, rows: [...s2.rows, stolen] }],
      /s2\.json and s1\.json both ran .* the shards' slices overlap/,
    );
    // A run cut into the wrong shard (not this vigiles' slicing).
    const s1Only = { ...s1, rows: s1.rows.slice(1) };
    refused([s1Only, { ...s2, rows: [...s2.rows, stolen] }], /belongs to another shard/);
    // A gap: a run no shard holds.
    refused([{ ...s1, rows: s1.rows.slice(1) }, s2], /no shard ran 1 run of the grid \(relevant prompt/);
  });
});

describe("the inputs hash of a trigger-rate eval (what shards, the gate and the lock compare)", () => {
  it("covers the installed skills: an edited description is other inputs", () => {
    const copy = writeFixturePlugin();
    try {
      const definition = defineEval({
        measureTriggerRate: {
          name: "t",
          pluginDir: copy.dir,
          skill: "commit",
          prompts,
          installSet: [plugin.dir],
        },
      });
      const before = definitionInputsHash(definition, "d@1");
      expect(definitionInputsHash(definition, "d@1")).toBe(before);
      const skill = join(copy.dir, "skills/commit/SKILL.md");
      writeFileSync(skill, readFileSync(skill, "utf8").replace("conventional", "tidy"));
      expect(definitionInputsHash(definition, "d@1")).not.toBe(before);
    } finally {
      copy.remove();
    }
  });
});

const ROOT = resolve(import.meta.dirname, "../..");
// The built CLI, as a user runs it (npm test builds first): tsx on src/ cost seconds per call under load.
const MAIN = join(ROOT, "dist/cli/main.js");
const DRIVER = join(ROOT, "test/triggering/fixtures/selector-driver-module.ts");
const DEFINE = join(ROOT, "dist/core/eval/eval-file.js");

function cli(cwd: string, args: string[]) {
  const r = spawnSync(process.execPath, [MAIN, ...args], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, CI: "1" },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe("`vigiles eval --shard` on a measureTriggerRate eval (the real CLI against the mock model)", () => {
  it(
    "shards 1/2 and 2/2 merge into the unsharded rates, and --gate judges the merge",
    { timeout: 300_000 },
    () => {
      const dir = mkdtempSync(join(scratch, "cli-"));
      const file = join(dir, "commit.eval.ts");
      writeFileSync(
        file,
        `import { defineEval } from ${JSON.stringify(DEFINE)};
export default defineEval({
  measureTriggerRate: {
    name: "commit-trigger",
    pluginDir: ${JSON.stringify(plugin.dir)},
    skill: "commit",
    prompts: ${JSON.stringify(prompts)},
    irrelevantPrompts: ${JSON.stringify(irrelevantPrompts)},
    stubSkillBodies: true,
    trials: 1,
    concurrency: 4,
    timeoutMs: 180_000,
  },
  assert: (report) => {
    if (report.n !== 10 || report.nIrrelevant !== 3) throw new Error(\`gated on \${report.n}+\${report.nIrrelevant} of 10+3 runs\`);
    if (report.rate < 0.3) throw new Error(\`rate \${report.rate} is below 0.3\`);
  },
});
`,
      );
      const read = (name: string) => JSON.parse(readFileSync(join(dir, name), "utf8")) as TriggerRateReport;

      // The shards replay the whole run's trials from the cache: sharding and merging are what is
      // under test here, and a replayed trial keeps what its real run recorded (13 CLI runs, not 26).
      const whole = cli(dir, ["eval", "--driver", DRIVER, "--cache", "readwrite", "--out", "whole.json"]);
      expect(whole.stderr).toBe("");
      expect(whole.code).toBe(0);
      expect(whole.stdout).toMatch(/gate passed/);
      for (const i of [1, 2]) {
        const shard = cli(dir, [
          "eval",
          "--driver",
          DRIVER,
          "--cache",
          "read",
          "--shard",
          `${i}/2`,
          "--out",
          `s${i}.json`,
        ]);
        expect(shard.code).toBe(0);
        expect(read(`s${i}.json`).rows.every((row) => row.cached === true)).toBe(true);
        expect(shard.stdout).toMatch(new RegExp(`gate not run on shard ${i}/2; it judges the whole grid`));
        expect(read(`s${i}.json`).shard).toEqual({ index: i, total: 2 });
      }
      const merged = cli(dir, ["merge-reports", "s1.json", "s2.json", "--out", "merged.json"]);
      expect(merged.stderr).toBe("");
      expect(merged.code).toBe(0);

      const a = read("whole.json");
      const m = read("merged.json");
      expect(a.errors).toBe(0);
      expect(m.errors).toBe(0);
      expect(m.shard).toBeUndefined();
      expect(m.inputsHash).toBe(a.inputsHash);
      const rates = (r: TriggerRateReport) => ({
        n: r.n,
        fired: r.fired,
        rate: r.rate,
        rateInterval: r.rateInterval,
        nIrrelevant: r.nIrrelevant,
        falsePositives: r.falsePositives,
        falsePositiveRate: r.falsePositiveRate,
        precision: r.precision,
        prompts: r.prompts,
        rows: r.rows.map(({ set, prompt, trial, fired, selected }) => ({
          set,
          prompt,
          trial,
          fired,
          selected,
        })),
      });
      expect(rates(m)).toEqual(rates(a));
      expect(m.n).toBe(10);

      const gated = cli(dir, ["eval", "--driver", DRIVER, "--gate", "merged.json", "commit.eval.ts"]);
      expect(gated.stderr).toBe("");
      expect(gated.code).toBe(0);
      expect(gated.stdout).toMatch(/gating the merged report merged\.json[\s\S]*gate passed/);

      // Never a shard, never part of the grid, never a report of other inputs.
      const lone = cli(dir, ["eval", "--driver", DRIVER, "--gate", "s1.json", "commit.eval.ts"]);
      expect(lone.code).toBe(1);
      expect(lone.stderr).toMatch(
        /s1\.json is shard 1\/2, not the whole grid.*\[VIGILES_GATE_REPORT_MISMATCH\]/,
      );
      const partial = cli(dir, ["merge-reports", "s1.json", "--out", "partial.json"]);
      expect(partial.code).toBe(1);
      expect(partial.stderr).toMatch(/shard 2\/2 is missing.*\[VIGILES_REPORT_MERGE\]/);
      const trials = cli(dir, [
        "eval",
        "--driver",
        DRIVER,
        "--trials=3",
        "--gate",
        "merged.json",
        "commit.eval.ts",
      ]);
      expect(trials.code).toBe(1);
      expect(trials.stderr).toMatch(/comes from other inputs than this eval file/);
      const mixed = cli(dir, ["merge-reports", "s1.json", join(ROOT, "package.json")]);
      expect(mixed.code).toBe(1);
      expect(mixed.stderr).toMatch(/package\.json is not a trigger-rate report/);

      // The gate judges the merged numbers: a stricter one (not an input) fails on them.
      writeFileSync(file, readFileSync(file, "utf8").replaceAll("0.3", "1.01"));
      const failed = cli(dir, ["eval", "--driver", DRIVER, "--gate", "merged.json", "commit.eval.ts"]);
      expect(failed.code).toBe(1);
      expect(failed.stderr).toMatch(/gate failed: rate [\d.]+ is below 1\.01/);
    },
  );
});
