/**
 * One pass over a transcript's lines (main session, then each subagent's file), gathering prompts,
 * assistant messages, hook fires and refused calls in order of arrival. The two formats it reads are
 * described in read-transcript.ts.
 */
import { definedProps } from "../defined-props.js";
import { isRecord } from "../is-record.js";
import type { RecordedHook } from "./recorded-session.js";

type Json = Record<string, unknown>;
const str = (v: unknown): string => (typeof v === "string" ? v : "");

/** An assistant message: a message the stream splits over lines is merged by its id. */
export interface Message {
  readonly id: string;
  readonly parent?: string;
  readonly blocks: Json[];
}

function userText(message: Json): string | undefined {
  const content = message["content"];
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return undefined;
  if (content.some((b) => isRecord(b) && b["type"] === "tool_result")) return undefined;
  const text = content
    .filter(isRecord)
    .filter((b) => b["type"] === "text")
    .map((b) => str(b["text"]))
    .join("\n");
  return text === "" ? undefined : text;
}

/** Session JSONL attachment types that record one hook fire: the outcome and whether it blocked. */
const HOOK_ATTACHMENTS: Readonly<Record<string, { outcome: string; blocked: boolean }>> = {
  hook_success: { outcome: "success", blocked: false },
  hook_non_blocking_error: { outcome: "error", blocked: false },
  hook_error_during_execution: { outcome: "error", blocked: false },
  hook_blocking_error: { outcome: "error", blocked: true },
  hook_stopped_continuation: { outcome: "success", blocked: true },
  hook_cancelled: { outcome: "cancelled", blocked: false },
};

/** The text a PreToolUse hook's exit 2 leaves as the tool result: `PreToolUse:Bash hook error: [cmd]: stderr`. */
const EXIT_2_RESULT = /^[A-Za-z]+:\S* hook error: \[/;

/** What a scan of the transcript (main session, then each subagent) gathers, in order of arrival. */
export interface TranscriptScan {
  readonly prompts: string[];
  /** Assistant messages in order; a message split over lines is merged by its id. */
  readonly messages: Message[];
  readonly byId: Map<string, Message>;
  /** Fires from stream-json hook events: the complete list when there is any. */
  readonly streamHooks: RecordedHook[];
  /** Fires a session JSONL kept (attachments, Stop summaries, denials): only those that said something. */
  readonly keptHooks: RecordedHook[];
  /** hook_id -> hook name, from `hook_started` (its `hook_response` may not name it). */
  readonly hookNames: Map<string, string>;
  readonly unreproducible: string[];
  readonly plugins: { name: string; path: string }[];
  cwd: string | undefined;
  version: string | undefined;
  /** tool_use id of an Agent/Task call -> the key its subagent's script goes under. */
  readonly agentKeys: Map<string, string>;
  /** tool_use id -> who refused the call. */
  readonly refused: Map<string, { by: string; text: string; event: string }>;
  /** tool_use id -> tool name, for naming a denial's hook. */
  readonly toolNames: Map<string, string>;
}

export function emptyScan(): TranscriptScan {
  return {
    prompts: [],
    messages: [],
    byId: new Map(),
    streamHooks: [],
    keptHooks: [],
    hookNames: new Map(),
    unreproducible: [],
    plugins: [],
    cwd: undefined,
    version: undefined,
    agentKeys: new Map(),
    refused: new Map(),
    toolNames: new Map(),
  };
}

/** Reads one transcript's lines into `scan`; `subagent` is the key of the subagent they belong to. */
export function scanLines(scan: TranscriptScan, source: readonly Json[], subagent?: string): void {
  for (const line of source) {
    const type = line["type"];
    const message = isRecord(line["message"]) ? line["message"] : undefined;
    const parent =
      subagent ?? (typeof line["parent_tool_use_id"] === "string" ? line["parent_tool_use_id"] : undefined);
    if (typeof line["cwd"] === "string" && scan.cwd === undefined) scan.cwd = line["cwd"];
    if (typeof line["version"] === "string" && scan.version === undefined) scan.version = line["version"];
    if (type === "system") scanSystemLine(scan, line, subagent);
    else if (type === "attachment" && isRecord(line["attachment"]))
      scanAttachment(scan, line["attachment"], subagent);
    else if (type === "user" && message) scanUserLine(scan, line, message, parent);
    else if (type === "assistant" && message) scanAssistantMessage(scan, message, parent);
  }
}

function scanSystemLine(scan: TranscriptScan, line: Json, subagent: string | undefined): void {
  const subtype = line["subtype"];
  if (subtype === "init") {
    scan.version = str(line["claude_code_version"]) || scan.version;
    for (const p of Array.isArray(line["plugins"]) ? line["plugins"].filter(isRecord) : []) {
      if (typeof p["path"] === "string") scan.plugins.push({ name: str(p["name"]), path: p["path"] });
    }
    for (const server of Array.isArray(line["mcp_servers"]) ? line["mcp_servers"].filter(isRecord) : []) {
      scan.unreproducible.push(
        `MCP server "${str(server["name"])}": its tools are replayed as scripted calls only if it is configured in the replay`,
      );
    }
  } else if (subtype === "hook_started") {
    scan.hookNames.set(str(line["hook_id"]), str(line["hook_name"]));
  } else if (subtype === "hook_response") {
    const name = scan.hookNames.get(str(line["hook_id"])) ?? str(line["hook_name"]);
    scan.streamHooks.push({
      name,
      event: str(line["hook_event"]) || name.split(":")[0] || "",
      exitCode: typeof line["exit_code"] === "number" ? line["exit_code"] : null,
      outcome: str(line["outcome"]),
    });
  } else if (subtype === "stop_hook_summary") {
    const event = subagent === undefined ? "Stop" : "SubagentStop";
    const count = Array.isArray(line["hookInfos"]) ? line["hookInfos"].length : 0;
    const failed = Array.isArray(line["hookErrors"]) && line["hookErrors"].length > 0;
    for (let i = 0; i < count; i++) {
      scan.keptHooks.push({
        name: event,
        event,
        exitCode: null,
        outcome: failed ? "error" : "success",
        ...(line["preventedContinuation"] === true ? { blocked: true } : {}),
      });
    }
  }
}

/** A session JSONL attachment: a hook fire it kept, or a prompt queued while a turn ran. */
function scanAttachment(scan: TranscriptScan, a: Json, subagent: string | undefined): void {
  const kind = HOOK_ATTACHMENTS[str(a["type"])];
  if (kind) {
    scan.keptHooks.push({
      name: str(a["hookName"]),
      event: str(a["hookEvent"]) || str(a["hookName"]).split(":")[0] || "",
      exitCode: typeof a["exitCode"] === "number" ? a["exitCode"] : null,
      outcome: kind.outcome,
      blocked: kind.blocked,
    });
  } else if (
    a["type"] === "queued_command" &&
    subagent === undefined &&
    typeof a["prompt"] === "string" &&
    (a["commandMode"] === undefined || a["commandMode"] === "prompt")
  ) {
    scan.prompts.push(a["prompt"]);
  }
}

function scanUserLine(scan: TranscriptScan, line: Json, message: Json, parent: string | undefined): void {
  noteDecisions(scan, line, message);
  // Hook feedback, task notifications and meta lines arrive as user text too; only real prompts start a replay turn.
  if (parent !== undefined || line["isSidechain"] === true || line["isMeta"] === true || "origin" in line)
    return;
  const text = userText(message);
  if (text !== undefined && !/^(Stop hook feedback:|<task-notification>|<system-reminder>)/.test(text))
    scan.prompts.push(text);
}

function scanAssistantMessage(scan: TranscriptScan, message: Json, parent: string | undefined): void {
  const id = str(message["id"]) || `line-${scan.messages.length}`;
  let m = scan.byId.get(id);
  if (!m) {
    m = { id, ...definedProps({ parent }), blocks: [] };
    scan.byId.set(id, m);
    scan.messages.push(m);
  }
  for (const block of Array.isArray(message["content"]) ? message["content"].filter(isRecord) : []) {
    m.blocks.push(block);
    if (block["type"] !== "tool_use") continue;
    scan.toolNames.set(str(block["id"]), str(block["name"]));
    if (block["name"] === "Agent" || block["name"] === "Task") {
      const input = isRecord(block["input"]) ? block["input"] : {};
      scan.agentKeys.set(str(block["id"]), str(input["subagent_type"]) || str(input["description"]) || "*");
    }
  }
}

/** A refused call: stream-json says so in `tool_result_meta`, a session JSONL in the line's `permissionDecision`. */
function noteDecisions(scan: TranscriptScan, line: Json, message: Json): void {
  const meta = Array.isArray(line["tool_result_meta"]) ? line["tool_result_meta"].filter(isRecord) : [];
  for (const block of Array.isArray(message["content"]) ? message["content"].filter(isRecord) : []) {
    if (block["type"] !== "tool_result") continue;
    const id = str(block["tool_use_id"]);
    const decision = isRecord(line["permissionDecision"])
      ? line["permissionDecision"]
      : meta.find((m) => m["id"] === id)?.["permission_decision"];
    if (!isRecord(decision) || decision["decision"] !== "reject") continue;
    const code = str(decision["reasonCode"]);
    scan.refused.set(id, {
      by: str(decision["source"]) || "unknown",
      text: typeof block["content"] === "string" ? block["content"] : "",
      event: code.startsWith("hook:") ? code.slice(5) : "PreToolUse",
    });
  }
}

/** The fires behind the calls a hook refused (a session JSONL records no other trace of them). */
export function hookDenials(scan: TranscriptScan): RecordedHook[] {
  return [...scan.refused]
    .filter(([, r]) => r.by === "hook")
    .map(([id, r]) => ({
      name: `${r.event}:${scan.toolNames.get(id) ?? ""}`,
      event: r.event,
      exitCode: EXIT_2_RESULT.test(r.text) ? 2 : null,
      outcome: "success",
      blocked: true,
    }));
}
