/**
 * Hook fires for a Codex run, read from the transparent recorder's log: one JSON line per hook
 * execution with its event, stdin payload, exit code and both streams. Recorded, never inferred:
 * a blocked call that left no command_execution item says nothing by itself.
 */
import { readFileSync } from "node:fs";
import { foldHookDecision } from "../../../core/hook-decision/fold.js";
import type { HookFire } from "../../../core/trace.js";

interface HookRecord {
  readonly event: string;
  readonly matcher?: string;
  readonly input?: unknown;
  readonly exitCode: number | null;
  readonly signal?: string | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly startedAt?: number;
}

function subjectOf(record: HookRecord): string | undefined {
  const input = record.input;
  if (typeof input !== "object" || input === null) return undefined;
  const toolName = (input as Record<string, unknown>)["tool_name"];
  return typeof toolName === "string" ? toolName : undefined;
}

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

export function hookFireFromRecord(record: HookRecord): HookFire {
  const timedOut = record.exitCode === null;
  const folded = foldHookDecision({
    event: record.event,
    exitCode: record.exitCode,
    stdout: record.stdout,
    stderr: record.stderr,
    timedOut,
    signal: record.signal ?? null,
    harness: "codex",
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

/** Every fire in the log, in the order they finished; an absent log means no hook ran. */
export function readHookLog(logPath: string): HookLog {
  let text: string;
  try {
    text = readFileSync(logPath, "utf8");
  } catch {
    return { fires: [], preToolUse: [] };
  }
  const records = text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as HookRecord);
  const fires = records.map(hookFireFromRecord);
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
