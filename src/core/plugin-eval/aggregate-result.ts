/**
 * `aggregate-result.json` in the shape Claude Code 2.1.328's `claude plugin eval` writes (schema 1,
 * the same as its `--json`), restated from its bundled zod schema, so tooling that reads the CLI's
 * results reads vigiles' too. Pure: the tier hands in the runs.
 */
import { posix } from "node:path";
import type { ScoredVerdict } from "./graders.js";
import type { SuiteCase } from "./read-suite.js";

/** One run of one arm, as the tier scored it. */
export interface SuiteRun {
  readonly score: number;
  readonly turns: number;
  readonly costUsd: number;
  readonly judgeCostUsd: number;
  readonly durationSeconds?: number;
  /** When the run started (ISO 8601), where the driver says. */
  readonly startedAt?: string;
  readonly error: string | null;
  /**
   * The mocked call whose `expect:` guard aborted the run. The file then says `error: null` and
   * this record, as the CLI writes an aborted run; `error` keeps the message for vigiles' own report.
   */
  readonly aborted?: { readonly server: string; readonly tool: string; readonly reason: string };
  readonly graders: readonly ScoredVerdict[];
}

/** A case with its runs in each arm. */
export interface SuiteCaseRuns {
  readonly suiteCase: SuiteCase;
  readonly with: readonly SuiteRun[];
  readonly without: readonly SuiteRun[];
}

/** What the file says about the run as a whole. */
export interface AggregateInput {
  /** The harness version the runs used (the CLI writes its own). */
  readonly claudeVersion: string;
  readonly startedAt: string;
  readonly durationSeconds: number;
  /** The plugin directory (the CLI's root); each case's `dir` is relative to it. */
  readonly root: string;
  readonly threshold: number;
  /** The suite directory relative to `root` (`evals`), the prefix of each case's `dir`. */
  readonly suiteDir: string;
  /** Runs at once (the CLI's `-j`). */
  readonly concurrency: number;
  readonly plugins: readonly { readonly name: string; readonly path: string; readonly version?: string }[];
  readonly partialReason?: "cost_ceiling" | "interrupted";
  readonly cases: readonly SuiteCaseRuns[];
}

const mean = (xs: readonly number[]) => (xs.length === 0 ? 0 : xs.reduce((s, x) => s + x, 0) / xs.length);
const passRate = (runs: readonly SuiteRun[]) =>
  runs.length === 0 ? 0 : runs.filter((r) => r.score >= 1).length / runs.length;

/**
 * One run. A without-arm run leaves out the with-only graders (Claude Code 2.1.328 lists them in
 * with-arm runs only: they are not graded without the plugin).
 */
function runJson(run: SuiteRun, arm: "with" | "without") {
  return {
    score: run.score,
    passed: run.score >= 1,
    turns: run.turns,
    costUsd: run.costUsd,
    judgeCostUsd: run.judgeCostUsd,
    ...(run.durationSeconds !== undefined && { durationSeconds: run.durationSeconds }),
    ...(run.startedAt !== undefined && { startedAt: run.startedAt }),
    error: run.aborted === undefined ? run.error : null,
    tracePath: "",
    skippedPaidGraders: false,
    ...(run.aborted !== undefined && { aborted: run.aborted }),
    graders: run.graders
      .filter((g) => arm === "with" || !g.withOnly)
      .map((g) => ({
        name: g.name,
        passed: g.passed,
        weight: g.weight,
        explanation: g.explanation,
        withOnly: g.withOnly,
        scored: !g.withOnly && g.scorable,
        ...(g.judgeVotes !== undefined && { judgeVotes: g.judgeVotes }),
        ...(g.evidence !== undefined && { evidence: g.evidence }),
      })),
  };
}

function caseJson(c: SuiteCaseRuns, suiteDir: string) {
  const d = c.suiteCase.definition;
  const score = mean(c.with.map((r) => r.score));
  const scoreWithout = mean(c.without.map((r) => r.score));
  return {
    name: d.name,
    dir: posix.join(suiteDir, c.suiteCase.dir),
    source: c.suiteCase.source,
    promptMarkdown: d.execution.prompt,
    ...(d.execution.model !== undefined && { model: d.execution.model }),
    runsPerCase: d.runs,
    timeoutSeconds: d.execution.timeout_seconds,
    maxTurns: d.execution.max_turns,
    graders: d.graders.map((g) => {
      const { name, type, weight, ...config } = g;
      return {
        name,
        type,
        weight,
        ...((g.type === "llm" || g.type === "baseline") && { graderMarkdown: g.criteria }),
        config,
      };
    }),
    arms: {
      with: c.with.map((r) => runJson(r, "with")),
      without: c.without.map((r) => runJson(r, "without")),
    },
    aggregates: {
      score,
      passRate: passRate(c.with),
      scoreWithout,
      passRateWithout: passRate(c.without),
      delta: score - scoreWithout,
    },
  };
}

/** The whole file, ablation `with-without`. */
export function aggregateResult(input: AggregateInput) {
  const cases = input.cases.map((c) => caseJson(c, input.suiteDir));
  const allRuns = input.cases.flatMap((c) => [...c.with, ...c.without]);
  return {
    schemaVersion: 1 as const,
    claudeVersion: input.claudeVersion,
    startedAt: input.startedAt,
    durationSeconds: input.durationSeconds,
    costUsd: allRuns.reduce((s, r) => s + r.costUsd, 0),
    partial: input.partialReason !== undefined,
    ...(input.partialReason !== undefined && { partialReason: input.partialReason }),
    suite: {
      root: input.root,
      ablation: "with-without" as const,
      threshold: input.threshold,
      concurrency: input.concurrency,
      plugins: input.plugins,
    },
    cases,
    aggregates: {
      casesTotal: cases.length,
      casesPassed: cases.filter((c) => c.aggregates.score >= input.threshold).length,
      overallScore: mean(cases.map((c) => c.aggregates.score)),
      overallPassRate: mean(cases.map((c) => c.aggregates.passRate)),
      ...(cases.length > 0 && { meanDelta: mean(cases.map((c) => c.aggregates.delta)) }),
    },
  };
}

/** The file's type. */
export type AggregateResult = ReturnType<typeof aggregateResult>;
