/**
 * Pins `runPluginSuite` on a small suite (every deterministic grader type, an llm grader, a
 * with-only Skill grader, prose and case.yaml cases) against an injected in-process driver and
 * judge: nothing reaches a model. Checks per-run grader verdicts, the CLI's aggregates, the
 * statistics, the three-vote judge majority, the turn cap reaching the driver, and a free replay.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import type { ToolCall } from "../../src/core/trace.js";
import type { EvalDriver, EvalTrial } from "../../src/tiers/eval/driver.js";
import { runPluginSuite } from "../../src/tiers/eval/plugin-suite.js";
import { inProcessTrace } from "../eval/helpers.js";

const PLUGIN = join(import.meta.dirname, "fixtures", "greeter");
const call = (name: string, input: Record<string, unknown>, id: string): ToolCall => ({ id, name, input });

// With the plugin the agent uses the skill; without it, it greets once by luck and miscounts the card.
function scripted(): EvalDriver & { trials: EvalTrial[] } {
  const trials: EvalTrial[] = [];
  return {
    identity: "in-process@1/scripted",
    harness: "claude-code",
    paid: false,
    trials,
    runTrial(trial) {
      trials.push(trial);
      const loaded = trial.pluginDirs.length > 0;
      const skill = call("Skill", { skill: "greeter:greet" }, "s");
      const write = (text: string) => call("Write", { file_path: "greeting.md", content: text }, "w");
      if (trial.case === "card")
        return Promise.resolve(
          loaded
            ? inProcessTrace({
                toolCalls: [skill, write("Dear Alex")],
                files: { "greeting.md": "Dear Alex" },
              })
            : inProcessTrace({
                toolCalls: [write("Alex, dear Alex")],
                files: { "greeting.md": "Alex, dear Alex" },
              }),
        );
      const greets = loaded ? trial.trial !== 3 : trial.trial === 0;
      return Promise.resolve(
        inProcessTrace({ output: greets ? "Hello, Alex!" : "Hi.", toolCalls: loaded ? [skill] : [] }),
      );
    },
  };
}

// The first of three votes always fails: a grader passes only on a 2-of-3 majority.
const judge = ({ output, sample }: { output: string; sample: number }) =>
  sample === 0 ? 0 : output.includes("Alex") ? 1 : 0;

const caches: string[] = [];
afterAll(() => {
  for (const dir of caches) rmSync(dir, { recursive: true, force: true });
});

describe("runPluginSuite", () => {
  test("scores every case in both arms, as the CLI would, with intervals and a suite test", async () => {
    const driver = scripted();
    const { aggregate, cases, suite, report } = await runPluginSuite(PLUGIN, { driver, judge });
    expect(driver.trials).toHaveLength(16);
    expect(new Set(driver.trials.map((t) => t.maxTurns))).toEqual(new Set([5, 10]));
    const greets = aggregate.cases.find((c) => c.name === "greets-alex")!;
    expect(greets.source).toBe("prose");
    expect(greets.arms.with.map((r) => r.score)).toEqual([1, 1, 1, 0]);
    expect(greets.arms.without.map((r) => r.score)).toEqual([1, 0, 0, 0]);
    const fired = greets.arms.with[0]!.graders.find((g) => g.name === "skill-fired")!;
    expect(fired).toMatchObject({ passed: true, withOnly: true, scored: false });
    expect(greets.arms.with[0]!.graders.find((g) => g.name === "warm")!.judgeVotes).toEqual([
      false,
      true,
      true,
    ]);
    expect(greets.aggregates).toEqual({
      score: 0.75,
      passRate: 0.75,
      scoreWithout: 0.25,
      passRateWithout: 0.25,
      delta: 0.5,
    });
    const card = aggregate.cases.find((c) => c.name === "card")!;
    expect(card.source).toBe("case_yaml");
    expect(card.arms.without[0]!.graders.map((g) => [g.name, g.passed])).toEqual([
      ["card-written", true],
      ["skill-then-write", false],
      ["card-names-alex", false],
    ]);
    expect(card.aggregates.delta).toBeCloseTo(2 / 3, 10);
    expect(aggregate.aggregates).toMatchObject({ casesTotal: 2, casesPassed: 1 });
    expect(aggregate.aggregates.meanDelta).toBeCloseTo((0.5 + 2 / 3) / 2, 10);
    // The statistics the CLI lacks: an interval per case (when both arms vary), a test over cases.
    const g = cases.find((c) => c.case === "greets-alex")!;
    expect(g.interval?.[0]).toBeLessThan(0.5);
    expect(g.interval?.[1]).toBeGreaterThan(0.5);
    expect(suite.cases).toBe(2);
    expect(report.arms["greets-alex/with"]!.metrics["grader:names-alex"]!.mean).toBe(0.75);
  });

  test("a second run replays every trial from the cache and calls the driver no more", async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), "vigiles-suite-cache-"));
    caches.push(cacheDir);
    const first = await runPluginSuite(PLUGIN, { driver: scripted(), judge, cache: "readwrite", cacheDir });
    const driver = scripted();
    const second = await runPluginSuite(PLUGIN, { driver, judge, cache: "readwrite", cacheDir });
    expect(driver.trials).toHaveLength(0);
    expect(second.aggregate.cases.map((c) => c.aggregates)).toEqual(
      first.aggregate.cases.map((c) => c.aggregates),
    );
  });

  test("an llm grader with no judge on a free driver is refused before any run", async () => {
    const driver = scripted();
    await expect(runPluginSuite(PLUGIN, { driver })).rejects.toThrow(/pass a judge/);
    expect(driver.trials).toHaveLength(0);
  });
});

describe("each case's own runs and time limit", () => {
  test("a case with fewer runs runs only those, with its own timeout_seconds; --trials overrides all", async () => {
    const copy = join(mkdtempSync(join(tmpdir(), "vigiles-case-runs-")), "greeter");
    cpSync(PLUGIN, copy, { recursive: true });
    const yaml = join(copy, "evals", "card", "case.yaml");
    writeFileSync(
      yaml,
      readFileSync(yaml, "utf8")
        .replace("runs: 4", "runs: 2")
        .replace("execution:\n", "execution:\n  timeout_seconds: 42\n"),
    );
    try {
      const driver = scripted();
      await runPluginSuite(copy, { driver, judge });
      const of = (c: string) => driver.trials.filter((t) => t.case === c);
      expect(of("card")).toHaveLength(4); // 2 runs x 2 arms
      expect(of("greets-alex")).toHaveLength(8); // 4 runs x 2 arms
      expect(new Set(of("card").map((t) => t.timeoutMs))).toEqual(new Set([42_000]));
      expect(new Set(of("greets-alex").map((t) => t.timeoutMs))).toEqual(new Set([300_000]));
      const all = scripted();
      await runPluginSuite(copy, { driver: all, judge, runs: 3 });
      expect(all.trials.filter((t) => t.case === "card")).toHaveLength(6);
    } finally {
      rmSync(join(copy, ".."), { recursive: true, force: true });
    }
  });
});

describe("on other harnesses", () => {
  const on = (harness: string) => ({ ...scripted(), harness });
  test("a harness that cannot load a plugin dir is refused by name before any run", async () => {
    const driver = on("codex");
    await expect(runPluginSuite(PLUGIN, { driver, judge })).rejects.toThrow(
      /Codex.*cannot load a plugin directory/,
    );
    expect(driver.trials).toHaveLength(0);
  });
  test("a harness that cannot cap turns refuses a case with its own max_turns by name, before any run", async () => {
    const driver = on("copilot-cli");
    await expect(runPluginSuite(PLUGIN, { driver, judge })).rejects.toThrow(
      /GitHub Copilot CLI cannot cap a run's turns, and case "greets-alex" sets max_turns: 5/,
    );
    expect(driver.trials).toHaveLength(0);
  });
  test("where skill use is not in the stream, Skill graders are 'cannot be scored', never failed", async () => {
    // The greeter without its one turn cap, so Copilot CLI (no turn cap) runs it, saying so.
    const uncapped = join(mkdtempSync(join(tmpdir(), "vigiles-uncapped-")), "greeter");
    cpSync(PLUGIN, uncapped, { recursive: true });
    const prompt = join(uncapped, "evals", "greets-alex", "prompt.md");
    writeFileSync(prompt, readFileSync(prompt, "utf8").replace(/^max_turns: 5\n/m, ""));
    const { aggregate, notes } = await runPluginSuite(uncapped, {
      driver: on("copilot-cli"),
      judge,
      runs: 2,
    });
    rmSync(join(uncapped, ".."), { recursive: true, force: true });
    expect(notes).toEqual([
      "copilot-cli cannot cap a run's turns: card, greets-alex (at the default cap of 10) ran uncapped there",
    ]);
    const card = aggregate.cases.find((c) => c.name === "card")!;
    const order = card.arms.with[0]!.graders.find((g) => g.name === "skill-then-write")!;
    expect(order).toMatchObject({ passed: false, scored: false });
    expect(order.explanation).toMatch(/cannot be scored on GitHub Copilot CLI/);
    // The two graders left both pass with the plugin: the unscorable one does not drag the score down.
    expect(card.arms.with.map((r) => r.score)).toEqual([1, 1]);
  });
  test("a harness's own tool names are read as the suite's", async () => {
    const driver: EvalDriver = {
      identity: "in-process@1/gemini-names",
      harness: "gemini",
      paid: false,
      runTrial: () =>
        Promise.resolve(
          inProcessTrace({
            output: "Hello, Alex!",
            toolCalls: [
              call("Skill", { skill: "greet" }, "s"),
              call("write_file", { file_path: "greeting.md" }, "w"),
            ],
            files: { "greeting.md": "Dear Alex" },
          }),
        ),
    };
    const { aggregate } = await runPluginSuite(PLUGIN, { driver, judge, runs: 1 });
    const card = aggregate.cases.find((c) => c.name === "card")!;
    expect(card.arms.with[0]!.graders.find((g) => g.name === "skill-then-write")!.passed).toBe(true);
  });
});

describe("a run that fails", () => {
  test("is in aggregate-result.json with its error and score 0, as the CLI writes it", async () => {
    const base = scripted();
    const driver: EvalDriver = {
      ...base,
      runTrial: (trial, options) =>
        trial.case === "card" && trial.arm === "card/with" && trial.trial === 0
          ? Promise.reject(new Error("the CLI crashed"))
          : base.runTrial(trial, options),
    };
    const { aggregate } = await runPluginSuite(PLUGIN, { driver, judge, runs: 2 });
    const card = aggregate.cases.find((c) => c.name === "card")!;
    expect(card.arms.with.map((r) => [r.score, r.error])).toEqual([
      [1, null],
      [0, "the CLI crashed"],
    ]);
  });
});
