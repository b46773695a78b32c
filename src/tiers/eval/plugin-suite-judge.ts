/**
 * The `llm` and `baseline` graders of a plugin eval suite, through vigiles' judge with Claude Code
 * 2.1.328's rule: three judge calls, the grader passes on a majority of PASS votes.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Grader } from "../../core/plugin-eval/schema.js";
import {
  NO_MOCKS_ACTIVE,
  targetText,
  type GraderVerdict,
  type MockCallsView,
} from "../../core/plugin-eval/graders.js";
import type { Trace } from "../../core/trace.js";
import { paid_judge, type JudgeFunction } from "./judge.js";

/** The CLI's vote count per judged grader. */
export const JUDGE_VOTES = 3;

/** A judged verdict with its votes (none when no judge was asked). */
export interface JudgedVerdict extends GraderVerdict {
  readonly judgeVotes?: readonly boolean[];
  /** What an llm grader showed its judge (the CLI's `evidence`; a baseline grader writes none). */
  readonly evidence?: string;
  readonly costUsd: number;
}

/**
 * Grades an `llm` grader (its `focus` against its criteria) or a `baseline` grader (the run's
 * stream-json against the saved trajectory in `baseline_file`, read from the case directory).
 */
export function gradeWithJudge(
  grader: Extract<Grader, { type: "llm" | "baseline" }>,
  trace: Trace,
  caseDir: string,
  judge: JudgeFunction | undefined,
  mockCalls?: MockCallsView,
): JudgedVerdict {
  if (grader.type === "llm" && grader.focus === "mock_calls" && mockCalls?.kind === "none")
    return {
      name: grader.name,
      passed: false,
      scorable: true,
      explanation: NO_MOCKS_ACTIVE,
      costUsd: 0,
    };
  // A focus file the run did not leave fails the grader and counts in the score, as the regex
  // grader's target does: Claude Code 2.1.328 throws "focus file … does not exist" and fails it.
  // "Cannot be scored" would drop it from the score and raise the run's.
  if (grader.type === "llm" && typeof grader.focus === "object" && trace.file(grader.focus.path) === null)
    return {
      name: grader.name,
      passed: false,
      scorable: true,
      explanation: `focus file ${grader.focus.path} does not exist after the run`,
      costUsd: 0,
    };
  const output = grader.type === "llm" ? targetText(trace, grader.focus, mockCalls) : trace.stdout;
  if (output === undefined)
    return {
      name: grader.name,
      passed: false,
      scorable: false,
      explanation: "cannot be scored: what the grader reads was not recorded",
      costUsd: 0,
    };
  const rubric =
    grader.type === "llm"
      ? grader.criteria
      : `${grader.criteria}\n\nIs the run at least as good as this baseline trajectory?\n${readFileSync(join(caseDir, grader.baseline_file), "utf8")}`;
  const verdict = paid_judge({
    output,
    rubric,
    samples: JUDGE_VOTES,
    aggregate: "majority",
    min: 0.5,
    ...(judge !== undefined && { judge }),
  });
  const votes = verdict.samples.map((s) => s >= 0.5);
  return {
    name: grader.name,
    passed: verdict.pass,
    scorable: true,
    explanation: `${votes.filter(Boolean).length}/${JUDGE_VOTES} judge votes PASS${verdict.reason ? `: ${verdict.reason}` : ""}`,
    judgeVotes: votes,
    ...(grader.type === "llm" && { evidence: output }),
    costUsd: verdict.costUsd,
  };
}
