/**
 * Hook fires for a Codex run, read from the transparent recorder's fires dir (../../shared/), with the
 * PreToolUse fires that blocked a call: Codex's stream leaves no command_execution item for a blocked
 * call, so the recorded fire is what places it among the calls that ran.
 */
import type { HookFire } from "../../../core/trace.js";
import { hookFireFromRecord, readHookRecords } from "../../shared/hook-records.js";
import { codexDialect } from "../dialect.js";

/** A PreToolUse hook that blocked: the call it refused, as Codex reported it to the model. */
export interface BlockedToolCall {
  readonly toolUseId: string;
  readonly toolName: string;
  readonly toolInput: Readonly<Record<string, unknown>>;
  readonly reason: string;
  /** When the hook started (epoch ms), to place the call among the ones that ran. */
  readonly at: number;
}

export interface HookLog {
  readonly fires: HookFire[];
  /** Every PreToolUse fire in order, with the call it guarded and whether it blocked it. */
  readonly preToolUse: readonly { readonly toolName: string; readonly blocked?: BlockedToolCall }[];
}

/** Every fire the recorder left in `dir`, in the order they started; an absent dir means no hook ran. */
export function readHookLog(dir: string): HookLog {
  const records = readHookRecords(dir);
  const fires = records.map((record) => hookFireFromRecord(record, codexDialect));
  const preToolUse = records.flatMap((record, i) => {
    if (record.event !== "PreToolUse" || typeof record.input !== "object" || record.input === null) return [];
    const input = record.input as Record<string, unknown>;
    const toolName = typeof input["tool_name"] === "string" ? input["tool_name"] : "";
    const fire = fires[i];
    if (!fire?.blocked) return [{ toolName }];
    const toolInput = input["tool_input"];
    return [
      {
        toolName,
        blocked: {
          toolUseId: typeof input["tool_use_id"] === "string" ? input["tool_use_id"] : `blocked-${i}`,
          toolName,
          toolInput:
            typeof toolInput === "object" && toolInput !== null ? (toolInput as Record<string, unknown>) : {},
          reason: fire.stderr.trim() || fire.stdout.trim(),
          at: record.startedAt ?? 0,
        },
      },
    ];
  });
  return { fires, preToolUse };
}
