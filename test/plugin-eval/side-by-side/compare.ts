/**
 * The per-run verdicts of an `aggregate-result.json` (the CLI's or vigiles'), flattened into rows
 * that can be compared field by field: one row per case, arm, run and grader, and one per run score.
 * Explanations are left out on purpose: each side words them its own way.
 */
import type { AggregateResult } from "../../../src/core/plugin-eval/aggregate-result.js";

/** The fields of a grader verdict both sides must agree on. */
export interface VerdictRow {
  readonly at: string;
  readonly passed: boolean;
  readonly weight: number;
  readonly withOnly: boolean;
  readonly scored: boolean;
  readonly judgeVotes?: readonly boolean[];
}

/** `claude plugin eval`'s JSON, loosely typed: the same shape as vigiles' AggregateResult, plus fields of its own. */
export type AnyAggregate = Pick<AggregateResult, "cases" | "aggregates">;

const ARMS = ["with", "without"] as const;

/** `case/arm#run grader` -> verdict, every grader of every run, in a stable order. */
export function verdictRows(result: AnyAggregate): VerdictRow[] {
  const rows: VerdictRow[] = [];
  for (const c of [...result.cases].sort((a, b) => a.name.localeCompare(b.name)))
    for (const arm of ARMS)
      c.arms[arm].forEach((run, i) => {
        for (const g of [...run.graders].sort((a, b) => a.name.localeCompare(b.name)))
          rows.push({
            at: `${c.name}/${arm}#${i} ${g.name}`,
            passed: g.passed,
            weight: g.weight,
            withOnly: g.withOnly,
            scored: g.scored,
            ...(g.judgeVotes !== undefined && { judgeVotes: g.judgeVotes }),
          });
      });
  return rows;
}

/** `case/arm#run` -> [score, passed, error?], and each case's aggregates. */
export function scoreRows(result: AnyAggregate): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const c of result.cases) {
    for (const arm of ARMS)
      c.arms[arm].forEach((run, i) => {
        out[`${c.name}/${arm}#${i}`] = { score: run.score, passed: run.passed, error: run.error };
      });
    out[c.name] = c.aggregates;
  }
  out["suite"] = result.aggregates;
  return out;
}
