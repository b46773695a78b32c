/** The plumbing shared by the built-in checks: construction and subject handling. */
import type { HookRunResult } from "../hook-decision/types.js";
import { describeHookRun } from "./describe.js";
import { describeValue, isHookRunResult, isTrace } from "../predicates/subject.js";
import type { Trace } from "../trace.js";
import type { Check, CheckJSON, CheckResult, CheckSubject } from "./types.js";

export function pass(message: string): CheckResult {
  return { pass: true, message };
}

export function fail(message: string): CheckResult {
  return { pass: false, message };
}

/** Builds a frozen Check from its parts. */
export function makeCheck(
  kind: string,
  label: string,
  json: Omit<CheckJSON, "kind">,
  evaluate: (subject: CheckSubject) => CheckResult,
): Check {
  const serialised: CheckJSON = { kind, ...json };
  return Object.freeze({ kind, label, evaluate, toJSON: () => serialised });
}

function describeSubject(subject: unknown): string {
  if (isHookRunResult(subject)) return `a runHook result (${describeHookRun(subject)})`;
  return describeValue(subject);
}

/** A check over a Trace: any other subject fails with a message that says what it got. */
export function onTrace(
  label: string,
  evaluate: (trace: Trace) => CheckResult,
): (subject: CheckSubject) => CheckResult {
  return (subject) =>
    isTrace(subject)
      ? evaluate(subject)
      : fail(`${label} reads a run's Trace, but got ${describeSubject(subject)}`);
}

/** A check over a runHook result or a Trace's hook fires. */
export function onHookSubject(
  label: string,
  onRun: (result: HookRunResult) => CheckResult,
  onTraceHooks: (trace: Trace) => CheckResult,
): (subject: CheckSubject) => CheckResult {
  return (subject) => {
    if (isHookRunResult(subject)) return onRun(subject);
    if (isTrace(subject)) return onTraceHooks(subject);
    return fail(`${label} reads a runHook result or a Trace, but got ${describeValue(subject)}`);
  };
}
