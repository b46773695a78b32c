/**
 * The default paid_judge (no injected judge): it shells out to the harness CLI. Here the CLI is a
 * fixture script (test/eval/fixtures/fake-judge-cli.mjs) given as `harnessPath`, with an explicit
 * dummy key, so no model is reached whatever the environment holds.
 */
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { output } from "../../src/core/checks/text-checks.js";
import type { DriverTrace, EvalDriver } from "../../src/tiers/eval/driver.js";
import {
  EvalDriverError,
  EvalFailedError,
  JudgeAnswerError,
  MissingCredentialsError,
} from "../../src/tiers/eval/errors.js";
import { paid_judge, paid_judged } from "../../src/tiers/eval/judge.js";
import { judgePrompt, parseJudgeAnswer } from "../../src/tiers/eval/judge-answer.js";
import { paid_measure } from "../../src/tiers/eval/run-eval.js";
import { inProcessTrace } from "./helpers.js";

const FAKE = resolve(import.meta.dirname, "fixtures/fake-judge-cli.mjs");
const KEY = "test-judge-key-not-real";

interface Reply {
  readonly result?: string;
  readonly cost?: number;
  readonly isError?: boolean;
  readonly exitCode?: number;
  readonly raw?: string;
}
interface Call {
  readonly argv: string[];
  readonly env: Record<string, string>;
  readonly cwd: string;
}

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A fake `claude` in its own dir, answering `replies` in order; `calls()` reads what it was asked. */
function fakeCli(replies: readonly Reply[]): { path: string; calls(): Call[] } {
  const dir = mkdtempSync("/var/tmp/vigiles-judge-test-");
  dirs.push(dir);
  const path = join(dir, "claude.mjs");
  copyFileSync(FAKE, path);
  chmodSync(path, 0o755);
  writeFileSync(join(dir, "answers.json"), JSON.stringify(replies));
  const log = join(dir, "calls.jsonl");
  return {
    path,
    calls: () =>
      existsSync(log)
        ? readFileSync(log, "utf8")
            .trim()
            .split("\n")
            .map((l) => JSON.parse(l) as Call)
        : [],
  };
}

const verdict = (score: unknown, reason = "because"): Reply => ({
  result: JSON.stringify({ score, reason }),
});

describe("paid_judge, default path (the CLI as judge)", () => {
  it("sends the rubric and the fenced output to the CLI, pinned to one turn, no tools, the model asked for, and a scrubbed env", () => {
    const cli = fakeCli([{ ...verdict(0.75, "steps are ordered"), cost: 0.0123 }]);
    const v = paid_judge({
      output: "1. plan\n2. do",
      rubric: "1 if the steps are ordered; else 0.",
      model: "opus",
      apiKey: KEY,
      harnessPath: cli.path,
    });
    expect(v).toEqual({
      score: 0.75,
      pass: true,
      samples: [0.75],
      costUsd: 0.0123,
      reason: "steps are ordered",
    });
    const [call] = cli.calls();
    expect(call!.argv).toEqual([
      "-p",
      judgePrompt("1 if the steps are ordered; else 0.", "1. plan\n2. do"),
      "--output-format",
      "json",
      "--max-turns",
      "1",
      "--model",
      "opus",
      "--tools",
      "",
    ]);
    const prompt = call!.argv[1]!;
    expect(prompt).toMatch(/^Grade the OUTPUT below against the RUBRIC\. Reply with one JSON object/);
    expect(prompt).toContain('{"score": <a number from 0 to 1>, "reason": "<one sentence>"}');
    expect(prompt).toContain("RUBRIC:\n1 if the steps are ordered; else 0.");
    expect(prompt).toContain("OUTPUT:\n<<<\n1. plan\n2. do\n>>>");
    // The key given, a throwaway HOME, nothing inherited beyond PATH.
    expect(call!.env["ANTHROPIC_API_KEY"]).toBe(KEY);
    // VIGILES_RUN_TOKEN marks every process a call starts, so what it left behind is ended with it.
    expect(
      Object.keys(call!.env)
        .filter((k) => k !== "VIGILES_RUN_TOKEN")
        .sort(),
    ).toEqual(
      [
        "ANTHROPIC_API_KEY",
        "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC",
        "CLAUDE_CONFIG_DIR",
        "DISABLE_AUTOUPDATER",
        "DISABLE_TELEMETRY",
        "HOME",
        "PATH",
      ].sort(),
    );
    expect(call!.env["HOME"]).toBe(call!.cwd);
    expect(existsSync(call!.cwd)).toBe(false);
  });

  it("reads a verdict in a code fence or beside prose; defaults to sonnet", () => {
    const cli = fakeCli([
      { result: 'Here you go:\n```json\n{"score": 0.4, "reason": "half of it"}\n```' },
      { result: '{"reason": "no braces {in} here", "score": 1}' },
    ]);
    const a = paid_judge({ output: "x", rubric: "r", apiKey: KEY, harnessPath: cli.path });
    expect(a).toMatchObject({ score: 0.4, pass: false, reason: "half of it" });
    const b = paid_judge({ output: "x", rubric: "r", apiKey: KEY, harnessPath: cli.path });
    expect(b).toMatchObject({ score: 1, pass: true, reason: "no braces {in} here" });
    expect(cli.calls()[0]!.argv).toContain("sonnet");
  });

  it("combines samples: one CLI call each, median score, or a majority of passing samples; costs add up", () => {
    const cli = fakeCli([verdict(0.2), verdict(0.9), verdict(0.8)].map((r) => ({ ...r, cost: 0.01 })));
    const median = paid_judge({ output: "x", rubric: "r", samples: 3, apiKey: KEY, harnessPath: cli.path });
    expect(median).toMatchObject({ score: 0.8, pass: true, samples: [0.2, 0.9, 0.8] });
    expect(median.costUsd).toBeCloseTo(0.03, 10);
    expect(cli.calls()).toHaveLength(3);

    const strict = fakeCli([verdict(0.2), verdict(0.9), verdict(0.8)]);
    const majority = paid_judge({
      output: "x",
      rubric: "r",
      samples: 3,
      min: 0.85,
      aggregate: "majority",
      apiKey: KEY,
      harnessPath: strict.path,
    });
    // Median 0.8 < 0.85, and only one of three samples reaches 0.85.
    expect(majority).toMatchObject({ score: 0.8, pass: false });
    const lenient = fakeCli([verdict(0.6), verdict(0.1), verdict(0.7), verdict(0.0)]);
    const even = paid_judge({
      output: "x",
      rubric: "r",
      samples: 4,
      aggregate: "majority",
      apiKey: KEY,
      harnessPath: lenient.path,
    });
    // Two of four pass: a tie is not a majority. The median of an even count is the mean of the middle two.
    expect(even).toMatchObject({ score: 0.35, pass: false, samples: [0.6, 0.1, 0.7, 0.0] });
  });

  it.each([
    ["prose with no verdict", { result: "Looks great to me, 9/10." }, /holds no JSON verdict/],
    [
      "a score on another scale (refused, not clamped to a pass)",
      verdict(8),
      /scored 8, not a number from 0 to 1/,
    ],
    ["a negative score", verdict(-0.5), /scored -0\.5/],
    ["a score as a string", verdict("0.9"), /scored "0\.9"/],
    [
      "verdicts that disagree",
      { result: '{"score": 0.1} or maybe {"score": 0.9}' },
      /2 verdicts that disagree/,
    ],
    ["truncated JSON", { result: '{"score": 0.9, "reason": "cut o' }, /holds no JSON verdict/],
  ])("an unparseable answer (%s) is a JudgeAnswerError, never a pass", (_what, reply, message) => {
    const cli = fakeCli([reply]);
    let caught: unknown;
    try {
      paid_judge({ output: "x", rubric: "r", apiKey: KEY, harnessPath: cli.path });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(JudgeAnswerError);
    expect(caught).toMatchObject({ code: "VIGILES_JUDGE_UNPARSEABLE", answer: reply.result });
    expect((caught as Error).message).toMatch(message);
  });

  it("one garbled sample among several fails the verdict: no median over what could be read", () => {
    const cli = fakeCli([verdict(0.9), { result: "yes" }, verdict(0.9)]);
    expect(() =>
      paid_judge({ output: "x", rubric: "r", samples: 3, apiKey: KEY, harnessPath: cli.path }),
    ).toThrow(JudgeAnswerError);
  });

  it.each([
    ["the CLI exits non-zero", { result: "boom", exitCode: 1 }, /judge call failed \(exit 1\): boom/],
    [
      "the CLI reports an error",
      { result: "API Error: 401", isError: true },
      /judge call failed \(exit 0\): API Error: 401/,
    ],
    [
      "the CLI prints no JSON",
      { raw: "Segmentation fault" },
      /judge call failed \(exit 0\): Segmentation fault/,
    ],
  ])("a failed call (%s) is an EvalDriverError, not a verdict", (_what, reply, message) => {
    const cli = fakeCli([reply]);
    expect(() => paid_judge({ output: "x", rubric: "r", apiKey: KEY, harnessPath: cli.path })).toThrow(
      EvalDriverError,
    );
    const again = fakeCli([reply]);
    expect(() => paid_judge({ output: "x", rubric: "r", apiKey: KEY, harnessPath: again.path })).toThrow(
      message,
    );
  });

  it("without a key it refuses before launching anything", () => {
    const cli = fakeCli([verdict(1)]);
    expect(() => paid_judge({ output: "x", rubric: "r", apiKey: "", harnessPath: cli.path })).toThrow(
      MissingCredentialsError,
    );
    expect(cli.calls()).toHaveLength(0);
  });

  it("inside a measure, a garbled judge answer fails that trial (counted as an error), never a pass", async () => {
    const cli = fakeCli([
      verdict(1),
      { result: "I'd say it passes." },
      verdict(0),
      { result: '{"score": 7}' },
    ]);
    const driver: EvalDriver = {
      identity: "test/judge-measure",
      harness: "test",
      paid: false,
      runTrial: async (): Promise<DriverTrace> => inProcessTrace({ output: "done" }),
    };
    const judged = paid_judged("1 if the agent finished; else 0", { apiKey: KEY, harnessPath: cli.path });
    const report = await paid_measure({ task: "t", checks: [output(/done/), judged], trials: 4 }, { driver });
    const arm = report.arms["default"]!;
    expect(arm.trials).toBe(2);
    expect(arm.errors).toBe(2);
    expect(arm.metrics["judged(1 if the agent finished; else 0)"]).toMatchObject({ n: 2, mean: 0.5 });
    const failed = report.rows!.filter((r) => r.error !== undefined);
    expect(failed.map((r) => r.error)).toEqual([
      expect.stringMatching(/the measure threw: paid_judge: the judge's answer holds no JSON verdict/),
      expect.stringMatching(/the measure threw: paid_judge: the judge scored 7/),
    ]);

    const allGarbled = fakeCli([{ result: "?" }, { result: "?" }]);
    const garbled = paid_judged("r", { apiKey: KEY, harnessPath: allGarbled.path });
    await expect(paid_measure({ task: "t", checks: [garbled], trials: 2 }, { driver })).rejects.toThrow(
      EvalFailedError,
    );
  });
});

describe("parseJudgeAnswer", () => {
  it("ignores JSON objects without a score and agrees with repeated identical verdicts", () => {
    expect(parseJudgeAnswer('{"note": 1} then {"score": 0.5}')).toEqual({ score: 0.5 });
    expect(parseJudgeAnswer('{"score": 0.5, "reason": "a"} again {"score": 0.5}')).toEqual({
      score: 0.5,
      reason: "a",
    });
    expect(parseJudgeAnswer('{"score": 0}')).toEqual({ score: 0 });
  });
});
