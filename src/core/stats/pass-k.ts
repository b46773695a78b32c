import type { EvalReport } from "../eval-report.js";
import { VacuousAssertionError } from "../errors.js";
import { InvalidStatisticInputError } from "./errors.js";
import { metricOf } from "./lookup.js";

/** One task (case) of an eval: `n` trials of which `c` succeeded. */
export interface TaskCount {
  readonly n: number;
  readonly c: number;
  readonly case?: string;
}

function check(tasks: readonly TaskCount[], k: number, what: string): void {
  if (tasks.length === 0) throw new VacuousAssertionError(`${what}: no tasks to estimate over.`);
  if (!Number.isInteger(k) || k < 1) {
    throw new InvalidStatisticInputError(`${what}: k must be a positive integer, got ${String(k)}.`);
  }
  for (const t of tasks) {
    if (!Number.isInteger(t.n) || !Number.isInteger(t.c) || t.c < 0 || t.c > t.n) {
      throw new InvalidStatisticInputError(
        `${what}: task ${t.case ?? ""} needs integers 0 <= c <= n, got c=${String(t.c)}, n=${String(t.n)}.`,
      );
    }
    if (k > t.n) {
      throw new InvalidStatisticInputError(
        `${what}: k=${k} exceeds the ${t.n} trial(s) of task ${t.case === undefined ? "" : `"${t.case}" `}; ` +
          "run at least k trials per task or lower k.",
      );
    }
  }
}

/** C(a, k) / C(n, k) as a running product: no factorial overflow. */
function chooseRatio(a: number, n: number, k: number): number {
  if (a < k) return 0;
  let r = 1;
  for (let i = 0; i < k; i++) r *= (a - i) / (n - i);
  return r;
}

/**
 * The unbiased pass^k estimator (tau-bench): the mean over tasks of C(c, k) / C(n, k), the chance
 * that k trials drawn from the n run all succeed. k = n is "passed every trial".
 */
export function passHatK(tasks: readonly TaskCount[], k: number): number {
  check(tasks, k, "passHatK");
  return tasks.reduce((s, t) => s + chooseRatio(t.c, t.n, k), 0) / tasks.length;
}

/** pass@k: the mean over tasks of 1 - C(n - c, k) / C(n, k), the chance at least one of k trials succeeds. */
export function passAtK(tasks: readonly TaskCount[], k: number): number {
  check(tasks, k, "passAtK");
  return tasks.reduce((s, t) => s + (1 - chooseRatio(t.n - t.c, t.n, k)), 0) / tasks.length;
}

/** A trial's metric value counts as a success when true, or a number > 0 (as `passK` reads it). */
export function isSuccess(value: number | boolean): boolean {
  return typeof value === "boolean" ? value : value > 0;
}

/**
 * Per-task success counts of one arm's metric, from the report's raw rows (grouped by `case`; an
 * eval without cases is one task). Throws when the report kept no rows for that arm and metric.
 */
export function taskCounts(report: EvalReport, arm: string, metric: string): TaskCount[] {
  metricOf(report, arm, metric);
  const byCase = new Map<string, { n: number; c: number }>();
  for (const row of report.rows ?? []) {
    if (row.arm !== arm || !Object.hasOwn(row.metrics, metric)) continue;
    const value = row.metrics[metric];
    if (value === undefined) continue;
    const key = row.case ?? "";
    const t = byCase.get(key) ?? { n: 0, c: 0 };
    t.n += 1;
    if (isSuccess(value)) t.c += 1;
    byCase.set(key, t);
  }
  if (byCase.size === 0) {
    throw new VacuousAssertionError(
      `taskCounts: the report has no raw rows for arm "${arm}", metric "${metric}"; pass^k over tasks needs them (keep report.rows).`,
    );
  }
  return [...byCase].map(([c, t]) => ({ case: c, n: t.n, c: t.c }));
}
