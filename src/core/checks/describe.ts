/**
 * The "what happened" half of failure messages: the tools used in order, the hooks that fired,
 * a hook run's decision with its exit code and both streams.
 */
import type { HookRunResult } from "../hook-decision/types.js";
import type { HookFire, ToolCall, Trace } from "../trace.js";
import { quote } from "../predicates/text-match.js";

/** Shown where a Trace has no hook fires recorded. */
export const HOOKS_NOT_RECORDED = "hook fires were not recorded (run with transcript: true)";

/** `[Read, Edit, Bash]`, or `no tools` for an empty run. */
export function describeToolCalls(calls: readonly ToolCall[]): string {
  if (calls.length === 0) return "no tools";
  const shown = calls.slice(0, 40).map((call) => call.name);
  const more = calls.length > shown.length ? `, … ${calls.length - shown.length} more` : "";
  return `[${shown.join(", ")}${more}]`;
}

/** "it used [Read, Edit]" / "it used no tools". */
export function toolsUsed(trace: Trace): string {
  return `it used ${describeToolCalls(trace.toolCalls)}`;
}

function describeFire(fire: HookFire): string {
  const flags = [
    fire.blocked ? "blocked" : undefined,
    fire.exitCode !== 0 ? `exit ${String(fire.exitCode)}` : undefined,
  ]
    .filter((flag) => flag !== undefined)
    .join(", ");
  return flags === "" ? fire.name : `${fire.name} (${flags})`;
}

/** "hooks fired: [PreToolUse:Bash (blocked, exit 2), Stop]", "no hook fired", or "not recorded". */
export function hooksFired(trace: Trace): string {
  if (trace.hooks === undefined) return HOOKS_NOT_RECORDED;
  if (trace.hooks.length === 0) return "no hook fired";
  return `hooks fired: [${trace.hooks.map(describeFire).join(", ")}]`;
}

/** A runHook result in one line: decision, source, exit code, signal/timeout, both streams. */
export function describeHookRun(result: HookRunResult): string {
  const parts = [
    `decision ${result.decision} (by ${result.decidedBy})`,
    `blocked ${String(result.blocked)}`,
    `exit ${String(result.exitCode)}`,
  ];
  if (result.signal !== null) parts.push(`signal ${result.signal}`);
  if (result.timedOut) parts.push("timed out");
  if (result.reason !== undefined) parts.push(`reason ${quote(result.reason)}`);
  if (result.invalidReason !== undefined) parts.push(`invalid: ${result.invalidReason}`);
  if (result.hookError !== undefined) parts.push(`hook error: ${result.hookError}`);
  if (result.selected === false) {
    const why = (result.selection ?? []).map((note) => `${note.at}: ${note.reason}`).join("; ");
    parts.push(`not selected for this event${why === "" ? "" : ` (${why})`}`);
  }
  parts.push(`stdout ${quote(result.stdout)}`, `stderr ${quote(result.stderr)}`);
  return parts.join(", ");
}
