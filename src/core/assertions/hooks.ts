/** Assertions on hooks, over a Trace's recorded fires or a runHook result. */
import { allowed, blocked, hookFiredCheck } from "../checks/hook-checks.js";
import type { HookRunResult } from "../hook-decision/types.js";
import type { HookQuery } from "../predicates/hooks.js";
import type { Trace } from "../trace.js";
import { assertCheck, requireHooksRecorded } from "./throw.js";

/**
 * Throws unless a hook fired for the event (or `Event:Subject`). A Trace without recorded fires
 * throws VacuousAssertionError: run the harness with `transcript: true`.
 *
 * @example
 * ```ts
 * assertHookFired(trace, "UserPromptSubmit");
 * ```
 */
export function assertHookFired(trace: Trace, query: HookQuery): void {
  requireHooksRecorded(trace, `assertHookFired(${JSON.stringify(query)})`);
  assertCheck(trace, hookFiredCheck(query));
}

/**
 * Throws unless the hook blocked: a runHook result whose decision blocks (exit 2, `decision:"block"`,
 * `permissionDecision:"deny"`, `continue:false` on UserPromptSubmit), or a Trace with a recorded blocking fire (for the
 * event, when given). The message shows the decision, the exit code and both streams.
 *
 * @example
 * ```ts
 * assertHookBlocked(hookResult);
 * ```
 */
export function assertHookBlocked(subject: Trace | HookRunResult, query?: HookQuery): void {
  requireHooksRecorded(subject, "assertHookBlocked");
  assertCheck(subject, blocked(query));
}

/**
 * Throws unless the hook let the action go ahead (neither blocked nor asked). Over a Trace, at least
 * one fire (for the event, when given) must be recorded and none may block.
 *
 * @example
 * ```ts
 * assertHookAllowed(hookResult);
 * ```
 */
export function assertHookAllowed(subject: Trace | HookRunResult, query?: HookQuery): void {
  requireHooksRecorded(subject, "assertHookAllowed");
  assertCheck(subject, allowed(query));
}
