/**
 * Pins, without a CLI, the parts of a plugin suite's aggregate-result.json that Claude Code 2.1.328's
 * `claude plugin eval` writes its own way (test/plugin-eval/side-by-side compares the whole file with
 * the real CLI's): an llm grader whose focus file the run did not leave fails and counts in the score
 * (the judge is never asked); an llm grader's evidence is what its judge was shown; without-arm runs
 * leave out with-only graders; case dirs sit under the suite dir; a run's start, its error and the
 * suite's concurrency are written; a run replayed from the cache keeps its start, its harness's own
 * turn count and its cut-off note.
 */
import { describe, expect, test } from "vitest";
import { aggregateResult, type SuiteRun } from "../../src/core/plugin-eval/aggregate-result.js";
import { readSuite } from "../../src/core/plugin-eval/read-suite.js";
import { scoreRun } from "../../src/tiers/eval/plugin-suite.js";
import type { JudgeFunction } from "../../src/tiers/eval/judge.js";
import { recordTrace, replayTrace } from "../../src/tiers/eval/recorded-trace.js";
import { inProcessTrace } from "../eval/helpers.js";

const suite = readSuite(
  new Map(
    Object.entries({
      "notes/prompt.md": "Write notes.md.",
      "notes/graders/judged.md":
        "---\ntype: llm\nfocus:\n  source: file\n  path: notes.md\n---\nThe notes are short.",
      "notes/graders/said.md": "---\ntype: regex\n---\ndone",
      "notes/graders/skill.md": "---\ntype: tool_used\ntool: Skill\n---\n",
    }),
  ),
);
const notes = suite.cases[0]!;

describe("an llm grader on a focus file", () => {
  test("the suite reads", () => expect(suite.errors).toEqual([]));

  test("a focus file the run did not leave fails the grader, is scored, and asks no judge", () => {
    let calls = 0;
    const judge: JudgeFunction = () => (calls++, 1);
    const run = scoreRun(notes, inProcessTrace({ output: "done" }), "/nowhere", judge);
    const judged = run.graders.find((g) => g.name === "judged")!;
    expect(judged).toMatchObject({ passed: false, scorable: true });
    expect(judged.explanation).toBe("focus file notes.md does not exist after the run");
    expect(judged.judgeVotes).toBeUndefined();
    expect(calls).toBe(0);
    // Scored: `said` passes, `judged` fails, `skill` is with-only: 1 of 2.
    expect(run.score).toBe(0.5);
  });

  test("a focus file the run left goes to the judge, and the grader's evidence is what it was shown", () => {
    const judge: JudgeFunction = () => 1;
    const run = scoreRun(
      notes,
      inProcessTrace({ output: "done", files: { "notes.md": "- one" } }),
      "/x",
      judge,
    );
    const judged = run.graders.find((g) => g.name === "judged")!;
    expect(judged).toMatchObject({ passed: true, scorable: true, judgeVotes: [true, true, true] });
    expect(judged.evidence).toBe("- one");
    expect(run.score).toBe(1);
  });
});

describe("aggregate-result.json", () => {
  const run = (over: Partial<SuiteRun>): SuiteRun => ({
    score: 1,
    turns: 2,
    costUsd: 0,
    judgeCostUsd: 0,
    error: null,
    graders: [
      { name: "said", passed: true, scorable: true, explanation: "", weight: 1, withOnly: false },
      { name: "skill", passed: false, scorable: true, explanation: "", weight: 1, withOnly: true },
    ],
    ...over,
  });
  const file = aggregateResult({
    claudeVersion: "2.1.328",
    startedAt: "2026-12-02T13:00:00.000Z",
    durationSeconds: 3,
    root: "/p/notes",
    suiteDir: "evals",
    threshold: 1,
    concurrency: 2,
    plugins: [{ name: "notes", version: "0.1.0", path: "/p/notes" }],
    cases: [
      {
        suiteCase: notes,
        with: [run({ startedAt: "2026-12-02T13:00:01.000Z" })],
        without: [run({ error: "exit 1: Reached maximum number of turns (1)" })],
      },
    ],
  });
  const c = file.cases[0]!;

  test("the plugin is the root, the case dir sits under the suite dir, the concurrency is written", () => {
    expect(file.suite).toMatchObject({ root: "/p/notes", concurrency: 2 });
    expect(file.suite.plugins).toEqual([{ name: "notes", version: "0.1.0", path: "/p/notes" }]);
    expect(c.dir).toBe("evals/notes");
  });

  test("a with-only grader is listed in with-arm runs only", () => {
    expect(c.arms.with[0]!.graders.map((g) => g.name)).toEqual(["said", "skill"]);
    expect(c.arms.without[0]!.graders.map((g) => g.name)).toEqual(["said"]);
  });

  test("a run's start and error are written as given; a run without a start has none", () => {
    expect(c.arms.with[0]!.startedAt).toBe("2026-12-02T13:00:01.000Z");
    expect("startedAt" in c.arms.without[0]!).toBe(false);
    expect(c.arms.without[0]!.error).toBe("exit 1: Reached maximum number of turns (1)");
  });
});

describe("a run replayed from the cache", () => {
  test("keeps its start, the harness's own turn count and its cut-off note, and is scored with them", () => {
    const live = {
      ...inProcessTrace({ output: "done" }),
      turns: 1,
      startedAt: "2026-12-02T13:00:01.000Z",
      reportedTurns: 2,
      cutOff: "exit 1: Reached maximum number of turns (1)",
    };
    const replayed = replayTrace(JSON.parse(JSON.stringify(recordTrace(live))), {});
    const run = scoreRun(notes, replayed, "/x", () => 1);
    expect([run.startedAt, run.turns, run.error]).toEqual([live.startedAt, 2, live.cutOff]);
  });
});
