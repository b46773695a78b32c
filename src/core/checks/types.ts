/**
 * A check is data: an object that evaluates itself against a run and serialises to JSON, so the
 * same `tool("Bash")` is asserted strictly on the free tiers and scored as a rate on the paid one,
 * and reports and baselines can store it.
 */
import type { HookRunResult } from "../hook-decision/types.js";
import type { Trace } from "../trace.js";

/** A JSON value, as a check serialises its arguments. */
export type JsonValue =
  string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/** What a check reads: a run's Trace, or a hook run (runHook). Each check says which it needs. */
export type CheckSubject = Trace | HookRunResult;

/** The verdict of one check on one subject. The message says what was expected and what happened. */
export interface CheckResult {
  readonly pass: boolean;
  readonly message: string;
}

/** A serialised check: its kind plus its arguments; `checkFromJSON` turns it back into a Check. */
export interface CheckJSON {
  readonly kind: string;
  readonly [argument: string]: JsonValue;
}

/**
 * The interface every check implements, including ones defined outside this module (the eval
 * tier's `paid_judged`). `evaluate` is synchronous and never throws for a failing subject: it
 * returns `pass: false` with a message, "not recorded" when the subject lacks the field it reads.
 */
export interface Check {
  /** Stable name of the check's kind: `tool`, `skill`, `blocked` … */
  readonly kind: string;
  /** How the check reads in a report: `tool("Bash")`. */
  readonly label: string;
  evaluate(subject: CheckSubject): CheckResult;
  toJSON(): CheckJSON;
}
