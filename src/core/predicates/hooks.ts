/**
 * Predicates over the hook fires a run recorded. `trace.hooks` is undefined when nothing recorded
 * them (a harness run without `transcript: true`): the predicates then answer false, and the
 * assertions and checks built on them fail with "not recorded".
 */
import type { HookFire, Trace } from "../trace.js";
import { isSubagentTool } from "./tool-names.js";

/**
 * What a hook query names: an event (`PreToolUse`) or an event and its matcher subject
 * (`PreToolUse:Edit`), the way the CLI names a fire.
 */
export type HookQuery = string;

function splitName(name: string): { event: string; subject: string | undefined } {
  const colon = name.indexOf(":");
  return colon === -1
    ? { event: name, subject: undefined }
    : { event: name.slice(0, colon), subject: name.slice(colon + 1) };
}

function sameSubject(a: string, b: string): boolean {
  return a === b || (isSubagentTool(a) && isSubagentTool(b));
}

function nameMatches(name: string, wanted: { event: string; subject: string | undefined }): boolean {
  const fired = splitName(name);
  if (fired.event !== wanted.event) return false;
  if (wanted.subject === undefined) return true;
  return fired.subject !== undefined && sameSubject(fired.subject, wanted.subject);
}

/**
 * Whether a fire answers the query: same event, and same subject when the query names one, in the
 * harness's own names or in Claude Code's (the fire's `alias`), so one spec's queries read every harness.
 */
export function hookMatches(fire: HookFire, query: HookQuery): boolean {
  const wanted = splitName(query);
  if (fire.event === wanted.event) {
    if (wanted.subject === undefined) return true;
    const subject = splitName(fire.name).subject;
    return subject !== undefined && sameSubject(subject, wanted.subject);
  }
  return fire.alias !== undefined && nameMatches(fire.alias, wanted);
}

/** The recorded fires answering the query; undefined when fires were not recorded. */
export function firesOf(trace: Trace, query?: HookQuery): readonly HookFire[] | undefined {
  if (trace.hooks === undefined) return undefined;
  return query === undefined ? trace.hooks : trace.hooks.filter((fire) => hookMatches(fire, query));
}

/** Whether a hook fired for the event (or `Event:Subject`). False when fires were not recorded. */
export function didHookFire(trace: Trace, query: HookQuery): boolean {
  return (firesOf(trace, query)?.length ?? 0) > 0;
}

/**
 * Whether a hook fired for the event and blocked what it guards. With no query, any blocking fire.
 * False when fires were not recorded.
 *
 * @example
 * ```ts
 * hookBlocked(trace, "PreToolUse");
 * ```
 */
export function hookBlocked(trace: Trace, query?: HookQuery): boolean {
  return (firesOf(trace, query) ?? []).some((fire) => fire.blocked);
}
