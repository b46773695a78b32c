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

/** `case/arm#run` -> score and passed, and each case's and the suite's aggregates. */
export function scoreRows(result: AnyAggregate): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const c of result.cases) {
    for (const arm of ARMS)
      c.arms[arm].forEach((run, i) => {
        out[`${c.name}/${arm}#${i}`] = { score: run.score, passed: run.passed };
      });
    out[c.name] = c.aggregates;
  }
  out["suite"] = result.aggregates;
  return out;
}

/**
 * Fields whose values are expected to differ between any two runs (times, temp paths, the mock's
 * token-priced costs, an explanation's wording): compared for presence only.
 */
const VOLATILE = new Set([
  "startedAt",
  "durationSeconds",
  "costUsd",
  "judgeCostUsd",
  "tracePath",
  "explanation",
  "evidence",
]);
/** Paths: compared by their last segment (each side ran in its own temp dir). */
const PATHS = new Set(["root", "path"]);

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** Arrays of named items (cases, graders) are matched by name, others by index. */
function entries(v: unknown[]): [string, unknown][] {
  const named = v.every((x) => isObject(x) && typeof x["name"] === "string");
  return v.map((x, i) => [named ? String((x as { name: string }).name) : String(i), x]);
}

/**
 * Every difference between the CLI's aggregate-result.json and vigiles', one line each: a field one
 * side lacks, or a value that differs (volatile fields and temp paths aside). Empty when the files agree.
 */
export function formatDiff(cli: unknown, ours: unknown, at = ""): string[] {
  const key = at.split(/[.[]/).at(-1)?.replace(/]$/, "") ?? "";
  if (VOLATILE.has(key)) return [];
  if (PATHS.has(key) && typeof cli === "string" && typeof ours === "string")
    return cli.split("/").at(-1) === ours.split("/").at(-1)
      ? []
      : [`${at}: cli …/${cli.split("/").at(-1)} vigiles …/${ours.split("/").at(-1)}`];
  if (Array.isArray(cli) && Array.isArray(ours)) {
    const a = new Map(entries(cli));
    const b = new Map(entries(ours));
    return [...new Set([...a.keys(), ...b.keys()])].flatMap((k) =>
      !a.has(k)
        ? [`${at}[${k}]: only in vigiles`]
        : !b.has(k)
          ? [`${at}[${k}]: only in cli`]
          : formatDiff(a.get(k), b.get(k), `${at}[${k}]`),
    );
  }
  if (isObject(cli) && isObject(ours)) {
    return [...new Set([...Object.keys(cli), ...Object.keys(ours)])].flatMap((k) => {
      const path = at === "" ? k : `${at}.${k}`;
      if (!(k in ours)) return [`${path}: only in cli`];
      if (!(k in cli)) return [`${path}: only in vigiles`];
      return formatDiff(cli[k], ours[k], path);
    });
  }
  return JSON.stringify(cli) === JSON.stringify(ours)
    ? []
    : [`${at}: cli ${JSON.stringify(cli)} vigiles ${JSON.stringify(ours)}`];
}
