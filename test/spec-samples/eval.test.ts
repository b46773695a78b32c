// The spec's model-calling samples ("The check vocabulary" scored half, "runEval, measure, measureArms"
// with paid_judge inside measure) and the report-reading samples of "Significance & regression gating",
// as written, against the BUILT package. Nothing reaches a model: the runners get the engine's
// `{ driver }` option (a second argument the samples leave out), a driver that runs the real Claude Code
// CLI against the local mock (cli-driver.ts); paid_judge gets its `judge` option, a deterministic
// grader. The significance and regression samples read the report that real eval run produced.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  skill,
  assertRates,
  checkReportToJUnit,
  compareCheck,
  defineEval,
  AssertionFailedError,
  InvalidOptionError,
} from "vigiles";
import {
  assertSignificant,
  significantlyBeats,
  compareArms,
  assertReliable,
  writeBaseline,
  readBaseline,
  assertNoRegression,
  diffToJUnit,
  diffReports,
} from "vigiles";
import type { Trace } from "vigiles";
import { paid_measure, paid_measureArms, paid_runEval, paid_judge, paid_judged } from "vigiles/eval";
import type { EvalReport, JudgeFunction } from "vigiles/eval";
import "vigiles/vitest";
import { cliDriver, requestText } from "./cli-driver.js";

const repo = process.cwd();
let project = "";

beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), "vigiles-spec-eval-"));
  mkdirSync(join(project, "my-plugin/.claude-plugin"), { recursive: true });
  writeFileSync(join(project, "my-plugin/.claude-plugin/plugin.json"), '{"name":"vigiles"}');
  mkdirSync(join(project, "my-plugin/skills/test-harness"), { recursive: true });
  writeFileSync(
    join(project, "my-plugin/skills/test-harness/SKILL.md"),
    "---\nname: test-harness\ndescription: Writes a harness test for a hook. Use when asked to test a hook.\n---\nWrite the test.\n",
  );
  process.chdir(project);
});
afterAll(() => {
  process.chdir(repo);
  rmSync(project, { recursive: true, force: true });
});

/** The injected grader: ordered, numbered steps score 1. Bills nothing. */
const judge: JudgeFunction = ({ output }) => (/^1\. .+\n2\. .+/m.test(output) ? 1 : 0);
const orderedPlan = "1. read src/billing.ts\n2. fix the rounding in total()\n";

describe("The check vocabulary, SCORED", () => {
  test.concurrent("paid_measure({ checks: [skill(…)] }) → assertRates → checkReportToJUnit", async () => {
    // The mock selects the skill when the CLI lists it as installed, except on trial 3.
    const driver = cliDriver((trial) => [
      (request) =>
        requestText(request).includes("- vigiles:test-harness:") && trial.trial !== 3
          ? { tool: "Skill", input: { skill: "vigiles:test-harness" } }
          : { text: "No skill fits; answering directly." },
      { text: "done" },
    ]);

    const report = await paid_measure(
      {
        pluginDir: "./my-plugin",
        task: "…",
        checks: [skill("vigiles:test-harness")],
        stubSkillBodies: true, // firing check: stub bodies → a fraction of the tokens
        trials: 10,
        model: "sonnet",
      },
      { driver },
    );
    assertRates(report, { min: 0.8 }); // gate the rate, not one noisy run
    writeFileSync("checks.junit.xml", checkReportToJUnit(report, { min: 0.8 }));

    expect(report.arms["default"]?.metrics['skill("vigiles:test-harness")']).toMatchObject({
      mean: 0.9,
      n: 10,
    });
    expect(readFileSync("checks.junit.xml", "utf8")).toMatch(/<testsuite[^>]* tests="1" failures="0"/);
    expect(driver.trials).toHaveLength(10);
    expect(driver.trials[0]).toMatchObject({ task: "…", model: "sonnet", stubSkillBodies: true });
    expect(() => assertRates(report, { min: 0.95 })).toThrow(AssertionFailedError);
  });
});

describe("paid_measureArms({ arms, checks }) with an injected evalDriver, then compareCheck", () => {
  test.concurrent(
    "the same checks per arm (skill on vs off); compareCheck gives the Welch verdict",
    async () => {
      // The mock selects the skill whenever the CLI lists it, except on trial 2.
      const evalDriver = cliDriver((trial) => [
        (request) =>
          requestText(request).includes("- vigiles:test-harness:") && trial.trial !== 2
            ? { tool: "Skill", input: { skill: "vigiles:test-harness" } }
            : { text: "No skill fits; answering directly." },
        { text: "done" },
      ]);
      const arms = { off: {}, on: { pluginDir: "./my-plugin" } };
      const checks = [skill("vigiles:test-harness")];
      const report = await paid_measureArms({
        arms,
        checks,
        task: "write a harness test for the guard hook",
        stubSkillBodies: true,
        trials: 6,
        concurrency: 4,
        evalDriver,
      });
      const verdict = compareCheck(report, "off", "on", 0);
      expect(verdict).toMatchObject({ significant: true, verdict: "better" });
      expect(verdict.delta).toBeCloseTo(5 / 6, 10);
      expect(compareCheck(report, "on", "off", 0)).toMatchObject({ verdict: "worse" });
      expect(evalDriver.trials).toHaveLength(12);
      assertRates(report, { min: 0.8, arm: "on" });
      expect(() => assertRates(report, { min: 0.8 })).toThrow(AssertionFailedError); // "off" never fires
      await expect(
        paid_measure({ task: "x", checks, evalDriver }, { driver: cliDriver(() => [{ text: "other" }]) }),
      ).rejects.toThrow(InvalidOptionError);
    },
  );
});

describe("runEval, measure, measureArms: the absolute oracle", () => {
  test.concurrent(
    "measure({ checks: [judged(rubric)] }) + assertRates({ min }), declared with defineEval",
    async () => {
      const driver = cliDriver(() => [
        { tool: "Write", input: { file_path: "PLAN.md", content: orderedPlan } },
        { text: "planned" },
      ]);
      const rubric = "1 if the plan lists concrete, ordered steps; else 0.";
      const spec = {
        task: "plan the billing fix in PLAN.md",
        checks: [paid_judged(rubric, { judge, read: (t: Trace) => t.file("PLAN.md") ?? "" })],
        trials: 3,
      };
      // In a *.eval.mjs file the runner is declared, not called: export default defineEval({ measure: spec })
      const declared = defineEval({ measure: spec });
      const report = await paid_measure(declared.measure!, { driver });
      assertRates(report, { min: 1 });

      const [label] = Object.keys(report.arms["default"]!.metrics);
      expect(report.arms["default"]!.metrics[label!]).toMatchObject({ mean: 1, n: 3, passK: true });
      expect(report.checks?.[label!]).toMatchObject({ kind: "judged", rubric, injected: true });
      expect(report.arms["default"]!.usage).toBeDefined(); // report.arms[a].usage aggregates per arm
      expect(typeof report.totalCostUsd).toBe("number"); // report.totalCostUsd sums the run
    },
  );
});

describe("runEval with paid_judge inside measure, then significance and regression gating", () => {
  let report: EvalReport | undefined;

  beforeAll(async () => {
    // "gated" writes an ordered plan on every trial, "vanilla" on one trial of six.
    const driver = cliDriver((trial) => [
      {
        tool: "Write",
        input: {
          file_path: "PLAN.md",
          content: trial.arm === "gated" || trial.trial % 6 === 0 ? orderedPlan : "fix it somehow\n",
        },
      },
      { text: "planned" },
    ]);

    const measure = (ctx: Trace) => {
      const v = paid_judge({
        output: ctx.file("PLAN.md") ?? "",
        rubric: "1 if the plan lists concrete, ordered steps; else 0.",
        judge,
      });
      return { quality: v.score, ok: v.pass };
    };

    report = await paid_runEval(
      {
        arms: { vanilla: {}, gated: { files: { "CLAUDE.md": "Always write PLAN.md as numbered steps." } } },
        task: "plan the billing fix in PLAN.md",
        measure: (ctx) => ({ ...measure(ctx), marked: ctx.file("PLAN.md")?.startsWith("1. ") ?? false }),
        trials: 6,
        concurrency: 4,
      },
      { driver },
    );
  }, 180_000);

  test("the judge's verdict is a metric of the report", () => {
    const r = report!;
    expect(r.arms["gated"]?.metrics["quality"]).toMatchObject({ mean: 1, n: 6 });
    expect(r.arms["gated"]?.metrics["ok"]).toMatchObject({ mean: 1, passK: true });
    expect(r.arms["vanilla"]?.metrics["ok"]?.mean).toBeCloseTo(1 / 6, 10);
  });

  test("Significance: runs as written", () => {
    const report = reportOf();

    assertSignificant(report, {
      baseline: "vanilla",
      arm: "gated",
      metric: "marked",
    });
    expect(significantlyBeats(report, "vanilla", "gated", "marked")).toBe(true); // bare predicate
    const c = compareArms(report, "vanilla", "gated", "marked");
    // → { delta, seDelta, t, df, pValue, significant }  (reads mean/se/n, no raw rows)
    expect(c).toMatchObject({ significant: true });
    expect(c.delta).toBeCloseTo(5 / 6, 10);
    expect(c.pValue).toBeLessThan(0.05);

    // vitest / jest matchers: expect(report).toBeatBaseline(b, a, m)
    expect(report).toBeatBaseline("vanilla", "gated", "marked");
    expect(report).not.toBeatBaseline("gated", "vanilla", "marked");

    assertReliable(report, { arm: "gated", metric: "marked" });
    expect(() => assertReliable(report, { arm: "vanilla", metric: "marked" })).toThrow(AssertionFailedError);
    expect(() => assertSignificant(report, { baseline: "gated", arm: "vanilla", metric: "marked" })).toThrow(
      AssertionFailedError,
    );
  });

  test("Regression gating: runs as written", () => {
    const report = reportOf();

    // Record once (commit .vigiles/eval-baseline.json):
    writeBaseline(".vigiles/eval-baseline.json", [report]);

    // In CI thereafter — throws on a significant regression:
    const baseline = readBaseline(".vigiles/eval-baseline.json");
    expect(baseline).toBeDefined();
    if (baseline) {
      assertNoRegression(report, baseline, { lowerIsBetter: ["cost"] });
      // or emit JUnit: diffToJUnit(diffReports(baseline, [report]))
      expect(diffToJUnit(diffReports(baseline, [report]))).toMatch(/failures="0"/);
    }
  });

  function reportOf(): EvalReport {
    if (!report) throw new Error("the eval run did not produce a report");
    return report;
  }
});
