/**
 * `hookFired` has two forms under one name: a predicate over a Trace, and a check built from an
 * event name (the check vocabulary's `hookFired(event)`).
 */
import { didHookFire, type HookQuery } from "../predicates/hooks.js";
import { InvalidOptionError } from "../errors.js";
import type { Trace } from "../trace.js";
import { hookFiredCheck } from "./hook-checks.js";
import type { Check } from "./types.js";

/**
 * Whether a recorded hook fired for the event or `Event:Subject` (false when fires were not recorded).
 *
 * @example
 * ```ts
 * hookFired(trace, "PreToolUse:Edit"); // boolean
 * ```
 */
export function hookFired(trace: Trace, query: HookQuery): boolean;
/**
 * The check that a hook fired for the event; it fails as "not recorded" on a Trace without hook fires.
 *
 * @example
 * ```ts
 * assertChecks(trace, [hookFired("UserPromptSubmit")]);
 * ```
 */
export function hookFired(query: HookQuery): Check;
export function hookFired(traceOrQuery: Trace | HookQuery, query?: HookQuery): boolean | Check {
  if (typeof traceOrQuery === "string") return hookFiredCheck(traceOrQuery);
  if (typeof query !== "string") {
    throw new InvalidOptionError(
      `hookFired(trace, event) needs an event name such as "PreToolUse:Edit", got ${JSON.stringify(query)}.`,
    );
  }
  return didHookFire(traceOrQuery, query);
}
