/**
 * Hook fires read back from the transparent recorder's fires dir (./hook-recorder.ts writes them):
 * per hook execution its event, stdin payload, exit code and both streams, folded with the harness's
 * own hook rules. Recorded, never inferred: a blocked call that left no trace in the stream says
 * nothing by itself. Codex, Copilot and Gemini read their fires here.
 */
import { closeSync, openSync, readdirSync, readFileSync, readSync, statSync } from "node:fs";
import { join } from "node:path";
import { claudeToolName, dialectEvent, type HookDialect } from "../../core/dialect.js";
import type { HookFire } from "../../core/trace.js";

/** What one fire left, read back. */
export interface HookRecord {
  readonly event: string;
  /** The group's matcher (Gemini: the file holding the hook's command). */
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

/** The tool a fire guarded: `tool_name` (snake_case payloads) or `toolName` (Copilot's camelCase). */
export function recordSubject(record: HookRecord): string | undefined {
  const input = record.input;
  if (typeof input !== "object" || input === null) return undefined;
  const fields = input as Record<string, unknown>;
  const name = fields["tool_name"] ?? fields["toolName"];
  return typeof name === "string" ? name : undefined;
}

/** How a harness names its fires, besides its hook rules. */
export interface FireNaming {
  /** Claude Code's name for one of the harness's tools (Gemini `run_shell_command` → `Bash`). */
  readonly claudeTool?: (tool: string) => string;
}

/** The fire in Claude Code's names, where the harness names its event otherwise. */
function aliasOf(dialect: HookDialect, event: string, subject: string | undefined, naming: FireNaming) {
  const claudeEvent = dialectEvent(dialect, event)?.claudeEvent;
  if (claudeEvent === undefined) return undefined;
  if (subject === undefined) return claudeEvent;
  return `${claudeEvent}:${naming.claudeTool?.(subject) ?? claudeToolName(dialect, subject)}`;
}

/** One recorded fire as the Trace shows it, its decision folded with the harness's dialect. */
export function hookFireFromRecord(
  record: HookRecord,
  dialect: HookDialect,
  naming: FireNaming = {},
): HookFire {
  const timedOut = record.exitCode === null;
  const folded = dialect.fold({
    event: record.event,
    exitCode: record.exitCode,
    stdout: record.stdout,
    stderr: record.stderr,
    timedOut,
    signal: null,
  });
  const subject = recordSubject(record);
  const alias = aliasOf(dialect, record.event, subject, naming);
  return {
    name: subject !== undefined ? `${record.event}:${subject}` : record.event,
    event: record.event,
    ...(alias !== undefined ? { alias } : {}),
    exitCode: record.exitCode,
    blocked: folded.blocked,
    output: record.stdout,
    stdout: record.stdout,
    stderr: record.stderr,
    outcome: timedOut ? "cancelled" : record.exitCode === 0 ? "success" : "error",
  };
}

/** Every fire the recorder left in `dir`, in the order they started; an absent dir means no hook ran. */
export function readHookFires(dir: string, dialect: HookDialect, naming: FireNaming = {}): HookFire[] {
  return readHookRecords(dir).map((record) => hookFireFromRecord(record, dialect, naming));
}
