/** Checks on hooks: fired (over a Trace), blocked and allowed (over a runHook result or a Trace). */
import type { HookRunResult } from "../hook-decision/types.js";
import { InvalidOptionError } from "../errors.js";
import { firesOf, type HookQuery } from "../predicates/hooks.js";
import type { HookFire, Trace } from "../trace.js";
import { quote } from "../predicates/text-match.js";
import { fail, makeCheck, onHookSubject, onTrace, pass } from "./define.js";
import { describeHookRun, HOOKS_NOT_RECORDED, hooksFired } from "./describe.js";
import type { Check, CheckResult } from "./types.js";

function requireQuery(query: unknown, what: string): void {
  if (typeof query !== "string" || query === "") {
    throw new InvalidOptionError(
      `${what} takes an event name such as "PreToolUse" or "PreToolUse:Edit", got ${JSON.stringify(query)}.`,
    );
  }
}

function label(kind: string, query: HookQuery | undefined): string {
  return `${kind}(${query === undefined ? "" : JSON.stringify(query)})`;
}

function forWhat(query: HookQuery | undefined): string {
  return query === undefined ? "" : ` for ${JSON.stringify(query)}`;
}

/**
 * The check form of `hookFired`: holds when a recorded hook fired for the event (or `Event:Subject`).
 * Fails as "not recorded" when the Trace has no hook fires (run with `transcript: true`).
 */
export function hookFiredCheck(query: HookQuery): Check {
  requireQuery(query, "hookFired(event)");
  const name = label("hookFired", query);
  return makeCheck(
    "hookFired",
    name,
    { event: query },
    onTrace(name, (trace) => {
      const fires = firesOf(trace, query);
      if (fires === undefined) return fail(`${name}: ${HOOKS_NOT_RECORDED}`);
      return fires.length > 0
        ? pass(`a hook fired for ${JSON.stringify(query)} (${fires.length}×)`)
        : fail(`expected a hook to fire for ${JSON.stringify(query)}, but ${hooksFired(trace)}`);
    }),
  );
}

/**
 * The hook ran and let the action go ahead without stopping it or asking the user. A registration
 * that was not selected for the event never ran, so it allowed nothing: that is a failure, not a pass.
 */
export function hookRunAllowed(result: HookRunResult): boolean {
  return result.selected !== false && !result.blocked && result.decision !== "ask";
}

/** Exit code and both streams of the first few fires, for a failure message. */
function fireStreams(fires: readonly HookFire[]): string {
  return fires
    .slice(0, 3)
    .map(
      (f) =>
        `${f.name}: exit ${String(f.exitCode)}, stdout ${quote(f.stdout, 120)}, stderr ${quote(f.stderr, 120)}`,
    )
    .join("; ");
}

function onFires(
  name: string,
  query: HookQuery | undefined,
  trace: Trace,
  wantBlocked: boolean,
): CheckResult {
  const fires = firesOf(trace, query);
  if (fires === undefined) return fail(`${name}: ${HOOKS_NOT_RECORDED}`);
  if (fires.length === 0) {
    return fail(
      `expected a hook${forWhat(query)} to ${wantBlocked ? "block" : "allow"}, but ${trace.hooks?.length === 0 ? "no hook fired" : `none fired${forWhat(query)}; ${hooksFired(trace)}`}`,
    );
  }
  const blocking = fires.filter((fire) => fire.blocked);
  if (wantBlocked) {
    return blocking.length > 0
      ? pass(`${blocking[0]?.name ?? "a hook"} blocked`)
      : fail(
          `expected a hook${forWhat(query)} to block, but none did; ${hooksFired(trace)}; ${fireStreams(fires)}`,
        );
  }
  return blocking.length === 0
    ? pass(`${fires.length} hook fire(s)${forWhat(query)}, none blocked`)
    : fail(
        `expected the hooks${forWhat(query)} to allow, but ${blocking.map((f) => f.name).join(", ")} blocked; ${hooksFired(trace)}; ${fireStreams(blocking)}`,
      );
}

/**
 * Holds when the hook blocked: over a runHook result, its folded decision; over a Trace, a recorded
 * fire (for the event, when given) that blocked.
 *
 * @example
 * ```ts
 * assertChecks(hookResult, [blocked()]);
 * ```
 */
export function blocked(query?: HookQuery): Check {
  if (query !== undefined) requireQuery(query, "blocked(event)");
  const name = label("blocked", query);
  return makeCheck(
    "blocked",
    name,
    query === undefined ? {} : { event: query },
    onHookSubject(
      name,
      (run) =>
        run.blocked && run.selected !== false
          ? pass(`the hook blocked: ${describeHookRun(run)}`)
          : fail(`expected the hook to block, but ${describeHookRun(run)}`),
      (trace) => onFires(name, query, trace, true),
    ),
  );
}

/**
 * Holds when the hook let the action go ahead (not blocked, not asking): over a runHook result,
 * its folded decision; over a Trace, at least one recorded fire (for the event, when given) and
 * none of them blocking.
 */
export function allowed(query?: HookQuery): Check {
  if (query !== undefined) requireQuery(query, "allowed(event)");
  const name = label("allowed", query);
  return makeCheck(
    "allowed",
    name,
    query === undefined ? {} : { event: query },
    onHookSubject(
      name,
      (run) =>
        hookRunAllowed(run)
          ? pass(`the hook allowed: ${describeHookRun(run)}`)
          : fail(`expected the hook to allow, but ${describeHookRun(run)}`),
      (trace) => onFires(name, query, trace, false),
    ),
  );
}
