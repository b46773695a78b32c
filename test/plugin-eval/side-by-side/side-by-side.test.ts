/**
 * The must-show of issue 37: one small suite (fixture/notes: a prose case and a case.yaml case, every
 * grader type but `mock_calls`) run through the REAL `claude plugin eval` of Claude Code 2.1.328 and
 * through vigiles' runPluginSuite on the same real CLI, both against one scripted mock (script.ts),
 * both confined with no network. Pins that every run's grader verdicts (passed, weight, with-only,
 * scored, judge votes) and run scores, and every case's aggregates, are equal case by case; that the
 * CLI's child runs and its judge calls all reached the mock; and that the with/without split the
 * script makes is the one both sides scored (so an equal pair of all-failing runs cannot pass).
 *
 * Not covered yet: MCP stand-ins with an `expect:` guard and the scaffold (vigiles does not serve
 * them yet); Bash (the CLI refuses a shell grant unless its own sandbox, bubblewrap and socat, can
 * run inside the run's confinement), so the suite writes files with Write.
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
  ]);
  const judge = scriptedJudge(SIDE_BY_SIDE_SCRIPT);
  ours = await runPluginSuite(PLUGIN, {
    driver: mockModelDriver({ script: () => SIDE_BY_SIDE_SCRIPT, scriptId: "side-by-side-notes-1" }),
    judge,
    concurrency: 2,
    threshold: 0.5,
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
      null,
      null,
      null,
      null,
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
    // summarise: 9 graders with, 8 without; checklist: 6 with, 5 without (see the next test); capped 2 and 2.
    expect(theirs).toHaveLength(9 + 8 + 6 + 5 + 2 + 2);
    expect(verdictRows(ours.aggregate).filter((r) => !withOnlyInWithout(r))).toEqual(theirs);
  });

  test("known difference: vigiles lists with-only graders in the without arm, the CLI leaves them out", () => {
    // Neither side scores them, so no score differs. The CLI is the reference for the file's format:
    // aggregate-result.ts should drop them from without-arm runs; this test flips when it does.
    const listed = (a: AnyAggregate) =>
      verdictRows(a)
        .filter(withOnlyInWithout)
        .map((r) => r.at);
    expect(listed(cli.aggregate as unknown as AnyAggregate)).toEqual([]);
    expect(listed(ours.aggregate)).toEqual(["checklist/without#0 marker", "summarise/without#0 skill"]);
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
  });

  test("known differences of vigiles' aggregate-result.json from the CLI's, each one pinned", () => {
    // Every field of both files, times, temp paths, the mock's token-priced costs and the wording of
    // explanations aside. The CLI is the reference for the format; each line below is a difference
    // vigiles does not keep on purpose, to be fixed in the writer of the file, when this test flips.
    // vigiles' as its file holds it (a key set to undefined is not written).
    const written: unknown = JSON.parse(JSON.stringify(ours.aggregate));
    expect(formatDiff(cli.aggregate, written)).toEqual([
      // The CLI writes its own version; vigiles writes its driver's identity.
      'claudeVersion: cli "2.1.328" vigiles "claude-code@2.1.328/mock-scripted-side-by-side-notes-1"',
      // The CLI's root is the plugin; vigiles' the eval dir.
      "suite.root: cli …/notes vigiles …/evals",
      "suite.concurrency: only in cli",
      "suite.plugins[notes].version: only in cli",
      // The CLI's case dir is relative to the plugin, vigiles' to the eval dir.
      'cases[capped].dir: cli "evals/capped" vigiles "capped"',
      // The CLI counts the child's turns (its result's num_turns: the cut-off turn and the loaded
      // skill count); the mock-model driver counts the turns the mock answered.
      "cases[capped].arms.with[0].turns: cli 2 vigiles 1",
      "cases[capped].arms.with[0].startedAt: only in cli",
      // Both grade a capped run on what it produced; only the CLI says it was capped.
      'cases[capped].arms.with[0].error: cli "exit 1: Reached maximum number of turns (1)" vigiles null',
      "cases[capped].arms.without[0].turns: cli 2 vigiles 1",
      "cases[capped].arms.without[0].startedAt: only in cli",
      'cases[capped].arms.without[0].error: cli "exit 1: Reached maximum number of turns (1)" vigiles null',
      'cases[checklist].dir: cli "evals/checklist" vigiles "checklist"',
      "cases[checklist].arms.with[0].startedAt: only in cli",
      "cases[checklist].arms.without[0].startedAt: only in cli",
      "cases[checklist].arms.without[0].graders[marker]: only in vigiles",
      'cases[summarise].dir: cli "evals/summarise" vigiles "summarise"',
      "cases[summarise].arms.with[0].turns: cli 4 vigiles 3",
      "cases[summarise].arms.with[0].startedAt: only in cli",
      // The text the judge was shown.
      "cases[summarise].arms.with[0].graders[judge].evidence: only in cli",
      "cases[summarise].arms.without[0].startedAt: only in cli",
      "cases[summarise].arms.without[0].graders[judge].evidence: only in cli",
      "cases[summarise].arms.without[0].graders[skill]: only in vigiles",
    ]);
  });
});
