/**
 * The must-show of issue 37: one small suite (fixture/notes: prose and case.yaml cases, every grader
 * type, an MCP mock, a scaffold) run through the REAL `claude plugin eval` of Claude Code 2.1.328 and
 * through vigiles' runPluginSuite on the same real CLI, both against one scripted mock (script.ts),
 * both confined with no network. Pins that every run's grader verdicts (passed, weight, with-only,
 * scored, judge votes) and run scores, and every case's aggregates, are equal case by case; that the
 * CLI's child runs and its judge calls all reached the mock; and that the with/without split the
 * script makes is the one both sides scored (so an equal pair of all-failing runs cannot pass).
 *
 * The suite has a case with a fixed MCP mock and an `expect:` guard (ticket) and one with a scaffold
 * script (staged): the CLI runs with --scaffold, vigiles with `scaffold: true`. Not covered: Bash
 * (the CLI refuses a shell grant unless its own sandbox, bubblewrap and socat, can run inside the
 * run's confinement), so the suite writes files with Write.
 */
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, test } from "vitest";
import type { PluginSuiteResult } from "../../../src/tiers/eval/plugin-suite.js";
import { runPluginSuite } from "../../../src/tiers/eval/plugin-suite.js";
import { mockModelDriver } from "../../../src/tiers/eval/mock-model-driver.js";
import { runCliPluginEval, type CliEvalResult } from "./cli-eval.js";
import { formatDiff, scoreRows, verdictRows, type AnyAggregate, type VerdictRow } from "./compare.js";
import { BASELINE_CRITERIA, LLM_CRITERIA, SIDE_BY_SIDE_SCRIPT } from "./script.js";
import { scriptedJudge } from "./scripted-judge.js";

/** A with-only grader's verdict in a without-arm run. */
const withOnlyInWithout = (r: VerdictRow): boolean => r.withOnly && r.at.includes("/without#");

const PLUGIN = fileURLToPath(new URL("./fixture/notes", import.meta.url));

let cli: CliEvalResult;
let ours: PluginSuiteResult;
let judgeCalls = 0;

beforeAll(async () => {
  // One after the other: each side runs two CLIs at once, and CI has two cores.
  cli = await runCliPluginEval(PLUGIN, SIDE_BY_SIDE_SCRIPT, [
    "-j",
    "2",
    "--allow-tools",
    "Write",
    "--threshold",
    "0.5",
    "--scaffold",
  ]);
  const judge = scriptedJudge(SIDE_BY_SIDE_SCRIPT);
  ours = await runPluginSuite(PLUGIN, {
    driver: mockModelDriver({ script: () => SIDE_BY_SIDE_SCRIPT, scriptId: "side-by-side-notes-1" }),
    judge,
    concurrency: 2,
    threshold: 0.5,
    scaffold: true,
    cache: "off",
  });
  judgeCalls = judge.calls;
}, 400_000);

describe("the same suite through claude plugin eval and through vigiles", () => {
  test("the CLI ran every case and arm against the mock, its judge included", () => {
    expect(cli.mock.overruns).toEqual([]);
    expect(cli.exitCode).toBe(0);
    const runs = cli.aggregate.cases.flatMap((c) => [...c.arms.with, ...c.arms.without]);
    // A run that reaches its turn cap is graded on what it produced; the CLI notes the cap as its error.
    expect(runs.map((r) => r.error)).toEqual([
      "exit 1: Reached maximum number of turns (1)",
      "exit 1: Reached maximum number of turns (1)",
      // checklist, staged, summarise and ticket: the run the mock aborted says so in `aborted`, not `error`.
      ...Array<null>(8).fill(null),
    ]);
    // Three votes for each judged grader (one llm, one baseline) of each of the 2 x 2 runs of its case.
    const judged = cli.mock.requests.filter(
      (r) => r.sideChannel && [LLM_CRITERIA, BASELINE_CRITERIA].some((c) => r.messages[0]?.text.includes(c)),
    );
    expect(judged).toHaveLength(12);
    expect(judgeCalls).toBe(12);
  });

  test("every run's grader verdicts are equal, grader by grader", () => {
    const theirs = verdictRows(cli.aggregate as unknown as AnyAggregate);
    // summarise: 9 graders with, 8 without; checklist: 6 with, 5 without (see the next test); capped 2
    // and 2; staged 4 and 4; ticket 3 with, none in the run its mock aborted.
    expect(theirs).toHaveLength(9 + 8 + 6 + 5 + 2 + 2 + 4 + 4 + 3);
    expect(verdictRows(ours.aggregate)).toEqual(theirs);
  });

  test("with-only graders are left out of without-arm runs on both sides", () => {
    // Neither side grades them without the plugin; the CLI does not list them there, nor does vigiles.
    const listed = (a: AnyAggregate) =>
      verdictRows(a)
        .filter(withOnlyInWithout)
        .map((r) => r.at);
    expect(listed(cli.aggregate as unknown as AnyAggregate)).toEqual([]);
    expect(listed(ours.aggregate)).toEqual([]);
    // ...and are listed in the with arm on both sides.
    const withArm = (a: AnyAggregate) =>
      verdictRows(a)
        .filter((r) => r.withOnly && r.at.includes("/with#"))
        .map((r) => r.at);
    expect(withArm(ours.aggregate)).toEqual(["checklist/with#0 marker", "summarise/with#0 skill"]);
    expect(withArm(cli.aggregate as unknown as AnyAggregate)).toEqual(withArm(ours.aggregate));
  });

  test("a grader on a file the run did not leave fails and is scored on both sides", () => {
    for (const a of [cli.aggregate as unknown as AnyAggregate, ours.aggregate]) {
      const rows = verdictRows(a).filter((r) => /^checklist\/without#0 (two-items|no-todo)$/.test(r.at));
      expect(rows.map((r) => [r.at, r.passed, r.scored])).toEqual([
        ["checklist/without#0 no-todo", false, true],
        ["checklist/without#0 two-items", false, true],
      ]);
    }
  });

  test("every run's score, and every case's and the suite's aggregates, are equal", () => {
    expect(scoreRows(ours.aggregate)).toEqual(scoreRows(cli.aggregate as unknown as AnyAggregate));
  });

  test("the scores are the ones the script makes: the plugin helps, each grader where it should", () => {
    const byRun = scoreRows(ours.aggregate);
    expect(byRun["summarise/with#0"]).toMatchObject({ score: 1 });
    // Capped at one turn: the Write ran, the answer saying so never came.
    expect(byRun["capped/with#0"]).toMatchObject({ score: 0.5 });
    // Of 8 scored graders (skill is with-only), the without arm passes exists, files and wrote.
    expect(byRun["summarise/without#0"]).toMatchObject({ score: 3 / 8 });
    expect(byRun["checklist/with#0"]).toMatchObject({ score: 1 });
    // Weights 2+1+1+1+1 (marker is with-only): nothing passes without the plugin.
    expect(byRun["checklist/without#0"]).toMatchObject({ score: 0 });
    expect(byRun["ticket/with#0"]).toMatchObject({ score: 1 });
    expect(byRun["ticket/without#0"]).toMatchObject({ score: 0 });
    // draft.md was scaffolded, not created: 3 of 4 with the plugin (it wrote FINAL.md), 2 of 4 without.
    expect(byRun["staged/with#0"]).toMatchObject({ score: 0.75 });
    expect(byRun["staged/without#0"]).toMatchObject({ score: 0.5 });
  });

  test("a fixed MCP mock answers the with arm; its expect: guard aborts the without arm, on both sides", () => {
    for (const a of [cli.aggregate as unknown as AnyAggregate, ours.aggregate]) {
      const ticket = a.cases.find((c) => c.name === "ticket")!;
      // The stand-in answered {{input.title}} filled in; mock_calls and tool_used read the call.
      expect(ticket.arms.with[0]!.graders.map((g) => [g.name, g.passed])).toEqual([
        ["called", true],
        ["said", true],
        ["tool", true],
      ]);
      expect(ticket.arms.without[0]).toMatchObject({
        score: 0,
        error: null,
        aborted: {
          server: "tickets",
          tool: "create",
          reason: 'the model\'s call violates expect: project = "HR" is not one of [OPS]',
        },
        graders: [],
      });
    }
  });

  test("a scaffolded file is there for graders but not created, on both sides", () => {
    for (const a of [cli.aggregate as unknown as AnyAggregate, ours.aggregate]) {
      const rows = verdictRows(a)
        .filter((r) => r.at.startsWith("staged/"))
        .map((r) => [r.at, r.passed]);
      expect(rows).toEqual([
        ["staged/with#0 draft-created", false],
        ["staged/with#0 draft-kept", true],
        ["staged/with#0 final-created", true],
        ["staged/with#0 read-draft", true],
        ["staged/without#0 draft-created", false],
        ["staged/without#0 draft-kept", true],
        ["staged/without#0 final-created", false],
        ["staged/without#0 read-draft", true],
      ]);
    }
  });

  test("vigiles' aggregate-result.json is the CLI's, field by field", () => {
    // Every field of both files, times, temp paths, the mock's token-priced costs and the wording of
    // explanations and evidence aside (their presence is compared). The CLI is the reference for the
    // format: its version as claudeVersion, the plugin as the suite's root, case dirs relative to it,
    // the concurrency, the plugin's version, each run's start, the child's own turn count (the
    // result's num_turns: a loaded skill and the cut-off turn count), the turn cap's note as a capped
    // run's error, what the llm judge was shown.
    const written: unknown = JSON.parse(JSON.stringify(ours.aggregate));
    expect(formatDiff(cli.aggregate, written)).toEqual([
      // Pinned: the CLI's per-run summary of its mock servers (their kind, responders, a warning for
      // a tool with no _tools.json entry, call counts and replay hits) is not written by vigiles.
      "cases[ticket].arms.with[0].mocks: only in cli",
      // Pinned: the CLI stops its child at the aborted call (one turn); vigiles' stand-in answers the
      // agent "eval aborted by mock ..." and the run ends on its own, so the child's count is two.
      // The run scores 0 on both sides and neither grades it.
      "cases[ticket].arms.without[0].turns: cli 1 vigiles 2",
      "cases[ticket].arms.without[0].mocks: only in cli",
    ]);
  });

  test("the fields the diff compares by presence only hold what the CLI's hold", () => {
    const run = (a: AnyAggregate, name: string, arm: "with" | "without") =>
      a.cases.find((c) => c.name === name)!.arms[arm][0]!;
    const ourRun = run(ours.aggregate, "capped", "with");
    expect(ourRun.error).toBe("exit 1: Reached maximum number of turns (1)");
    expect(Date.parse(ourRun.startedAt ?? "")).toBeGreaterThanOrEqual(Date.parse(ours.aggregate.startedAt));
    // The judge of the summarise case read the notes the run wrote.
    const judge = run(ours.aggregate, "summarise", "with").graders.find((g) => g.name === "judge")!;
    const theirs = run(cli.aggregate as unknown as AnyAggregate, "summarise", "with").graders.find(
      (g) => g.name === "judge",
    )!;
    expect(judge.evidence).toBe(theirs.evidence);
  });
});
