/**
 * Hook fires of a Copilot run, from the transparent recorder's fires dir (the same files as Codex's
 * recorder, read by ../../codex/stream/hook-records.ts), folded with Copilot's own rules.
 */
import { foldCopilotHookDecision } from "../../../core/hook-decision/fold-copilot.js";
import type { HookFire } from "../../../core/trace.js";
import { readHookRecords, type HookRecord } from "../../codex/stream/hook-records.js";

/** The tool a fire guarded: `toolName` (camelCase payload) or `tool_name` (the PascalCase variant). */
function subjectOf(record: HookRecord): string | undefined {
  const input = record.input;
  if (typeof input !== "object" || input === null) return undefined;
  const fields = input as Record<string, unknown>;
  const name = fields["toolName"] ?? fields["tool_name"];
  return typeof name === "string" ? name : undefined;
}

export function copilotFireFromRecord(record: HookRecord): HookFire {
  const timedOut = record.exitCode === null;
  const folded = foldCopilotHookDecision({
    event: record.event,
    exitCode: record.exitCode,
    stdout: record.stdout,
    stderr: record.stderr,
    timedOut,
    signal: null,
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
export function readCopilotHookFires(dir: string): HookFire[] {
  return readHookRecords(dir).map(copilotFireFromRecord);
}
