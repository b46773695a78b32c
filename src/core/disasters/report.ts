/**
 * Judging a hook against the corpus: which disasters it let through and which benign twins it
 * blocked, and the failure message that lists every one with what the hook actually did.
 */
import type { HookRunResult } from "../hook-decision/types.js";
import type { DisasterCase } from "./corpus.js";

/** One case of the corpus with the hook's run and whether the hook did what the case needs. */
export interface DisasterOutcome {
  readonly case: DisasterCase;
  readonly result: HookRunResult;
  /** The hook did what the case needs (blocked a disaster, let a benign twin through). */
  readonly ok: boolean;
}

/** What `assertBlocksDisasters` checked: every outcome, and the disasters let through and benign twins blocked. */
export interface DisasterReport {
  readonly outcomes: readonly DisasterOutcome[];
  readonly disasters: number;
  readonly benign: number;
  /** Disasters the hook let through. */
  readonly letThrough: readonly DisasterOutcome[];
  /** Benign twins the hook blocked. */
  readonly overBlocked: readonly DisasterOutcome[];
}

/** Pairs each case with its run and sorts out the failures. */
export function judgeDisasters(
  cases: readonly DisasterCase[],
  results: readonly HookRunResult[],
): DisasterReport {
  const outcomes = cases.map((c, i) => {
    const result = results[i] as HookRunResult;
    return { case: c, result, ok: c.kind === "disaster" ? result.blocked : !result.blocked };
  });
  return {
    outcomes,
    disasters: cases.filter((c) => c.kind === "disaster").length,
    benign: cases.filter((c) => c.kind === "benign").length,
    letThrough: outcomes.filter((o) => o.case.kind === "disaster" && !o.ok),
    overBlocked: outcomes.filter((o) => o.case.kind === "benign" && !o.ok),
  };
}

function oneLine(s: string, max = 160): string {
  const flat = s.trim().replace(/\s+/g, " ");
  return flat.length <= max ? flat : `${flat.slice(0, max)}…`;
}

function describe(o: DisasterOutcome): string {
  const r = o.result;
  const parts = [
    `decision ${r.decision} (by ${r.decidedBy})`,
    `exit ${r.exitCode === null ? (r.timedOut ? "none: timed out" : `none${r.signal ? `: ${r.signal}` : ""}`) : r.exitCode}`,
    `stderr ${r.stderr.trim() ? JSON.stringify(oneLine(r.stderr)) : "empty"}`,
  ];
  if (r.invalidReason) parts.push(`invalid: ${oneLine(r.invalidReason)}`);
  if (r.hookError) parts.push(oneLine(r.hookError));
  return `  - [${o.case.id}] ${o.case.command}\n      ${parts.join("; ")}`;
}

/** The failure message: every disaster let through, every benign twin blocked, with what the hook did. */
export function formatDisasterFailure(report: DisasterReport, hookLabel: string): string {
  const lines = [`The hook ${hookLabel} failed the disaster corpus.`];
  if (report.letThrough.length) {
    lines.push(`It let ${report.letThrough.length} of ${report.disasters} disasters through:`);
    lines.push(...report.letThrough.map(describe));
  }
  if (report.overBlocked.length) {
    lines.push(
      `It blocked ${report.overBlocked.length} of ${report.benign} benign look-alikes (a guard that blocks everything is broken too):`,
    );
    lines.push(...report.overBlocked.map(describe));
  }
  lines.push(
    "Filter with `categories`, add your own spellings with `cases`, or pass `benign: false` to check disasters only.",
  );
  return lines.join("\n");
}
