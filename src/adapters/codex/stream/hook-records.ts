/**
 * Hook fires for a Codex run, read from the transparent recorder's fires dir: per hook execution its
 * event, stdin payload, exit code and both streams (see ../hook-recorder.ts for the files). Recorded,
 * never inferred: a blocked call that left no command_execution item says nothing by itself.
 */
import { closeSync, openSync, readdirSync, readFileSync, readSync, statSync } from "node:fs";
import { join } from "node:path";
import { foldHookDecision } from "../../../core/hook-decision/fold.js";
import type { HookFire } from "../../../core/trace.js";

/** What one fire left, read back. */
export interface HookRecord {
  readonly event: string;
  readonly matcher?: string;
  readonly input?: unknown;
  readonly exitCode: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** When the hook started (epoch ms). */
  readonly startedAt?: number;
}

/** Each stream is read up to this many bytes into the Trace (a hook may print megabytes). */
const STREAM_CAP = 1024 * 1024;

function readCapped(path: string): string {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch {
    return "";
  }
  try {
    const buffer = Buffer.alloc(Math.min(STREAM_CAP, statSync(path).size));
    const n = readSync(fd, buffer, 0, buffer.length, 0);
    return buffer.subarray(0, n).toString("utf8");
  } finally {
    closeSync(fd);
  }
}

function readOptional(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}

/** The fire numbered `n` in `dir`, as the recorder left it. */
function readFire(dir: string, n: number): HookRecord {
  const base = join(dir, String(n));
  const raw = readFileSync(`${base}.in`, "utf8");
  let input: unknown = raw;
  try {
    input = JSON.parse(raw);
  } catch {
    // Not JSON: kept as the text the hook was given.
  }
  const [event = "", matcher = ""] = (readOptional(`${base}.hook`) ?? "").split("\n");
  const payloadEvent =
    typeof input === "object" && input !== null
      ? (input as Record<string, unknown>)["hook_event_name"]
      : undefined;
  // No exit code: the recorder was killed before the hook exited (Codex's timeout).
  const rc = readOptional(`${base}.rc`)?.trim();
  return {
    event: event || (typeof payloadEvent === "string" ? payloadEvent : ""),
    ...(matcher !== "" ? { matcher } : {}),
    input,
    exitCode: rc === undefined || rc === "" ? null : Number(rc),
    stdout: readCapped(`${base}.out`),
    stderr: readCapped(`${base}.err`),
    startedAt: statSync(`${base}.in`).mtimeMs,
  };
}

/** Every fire in a fires dir, in the order they started; an absent or empty dir means no hook ran. */
export function readHookRecords(dir: string): HookRecord[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .flatMap((name) => {
      const m = /^(\d+)\.in$/.exec(name);
      return m?.[1] !== undefined ? [Number(m[1])] : [];
    })
    .sort((a, b) => a - b)
    .map((n) => readFire(dir, n));
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
    signal: null,
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

/** Every fire the recorder left in `dir`, in the order they started; an absent dir means no hook ran. */
export function readHookLog(dir: string): HookLog {
  const records = readHookRecords(dir);
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
