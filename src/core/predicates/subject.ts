/** Telling apart the two things a check or hook assertion reads: a Trace and a runHook result. */
import type { HookRunResult } from "../hook-decision/types.js";
import type { Trace } from "../trace.js";

/**
 * A run as recorded by any tier. A Trace read back from JSON counts too: it has lost `file()` (and
 * `sh()`), and the checks that need them say so instead of crashing.
 */
export function isTrace(value: unknown): value is Trace {
  return (
    typeof value === "object" && value !== null && Array.isArray((value as { toolCalls?: unknown }).toolCalls)
  );
}

/** The Trace's post-run file, or undefined when it has no `file()` (read back from JSON). */
export function traceFile(trace: Trace, path: string): string | null | undefined {
  return typeof (trace as { file?: unknown }).file === "function" ? trace.file(path) : undefined;
}

/** The result of running one hook through the hook protocol (runHook). */
export function isHookRunResult(value: unknown): value is HookRunResult {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Partial<Record<keyof HookRunResult, unknown>>;
  return (
    typeof v.decision === "string" &&
    typeof v.blocked === "boolean" &&
    typeof v.decidedBy === "string" &&
    "exitCode" in v
  );
}

/** How an unexpected value reads in an error message. */
export function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof (value as { then?: unknown }).then === "function") return "a Promise (await the run first)";
  if (typeof value === "object") return `an object with keys [${Object.keys(value).slice(0, 8).join(", ")}]`;
  return `${typeof value} ${JSON.stringify(value)}`;
}
