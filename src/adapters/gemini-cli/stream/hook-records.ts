/**
 * Hook fires of a Gemini CLI run, read from the transparent recorder's fires dir (the same files as
 * the Codex recorder's, read by the same reader) and folded with Gemini's own hook rules.
 */
import { foldHookDecision } from "../../../core/hook-decision/fold.js";
import type { HookFire } from "../../../core/trace.js";
import { readHookRecords, type HookRecord } from "../../codex/stream/hook-records.js";

function subjectOf(record: HookRecord): string | undefined {
  const input = record.input;
  if (typeof input !== "object" || input === null) return undefined;
  const toolName = (input as Record<string, unknown>)["tool_name"];
  return typeof toolName === "string" ? toolName : undefined;
}

export function geminiHookFire(record: HookRecord): HookFire {
  const timedOut = record.exitCode === null;
  const folded = foldHookDecision({
    event: record.event,
    exitCode: record.exitCode,
    stdout: record.stdout,
    stderr: record.stderr,
    timedOut,
    signal: null,
    harness: "gemini",
  });
  const subject = subjectOf(record);
  return {
    name: subject !== undefined ? `${record.event}:${subject}` : record.event,
    event: record.event,
    exitCode: record.exitCode,
    blocked: folded.blocked,
    output: record.stdout,
    stdout: record.stdout,
    stderr: record.stderr,
    outcome: timedOut ? "cancelled" : record.exitCode === 0 ? "success" : "error",
  };
}

/** Every fire the recorder left in `dir`, in the order they started; an absent dir means no hook ran. */
export function readGeminiHookFires(dir: string): HookFire[] {
  return readHookRecords(dir).map(geminiHookFire);
}
