/**
 * Reads a Claude Code session (the stream-json output of `claude -p … --verbose`, or the JSONL the
 * CLI keeps per session) into what a replay needs: the user prompts, the model's turns as a script
 * (main agent and each subagent, keyed by the subagent type that started it), the tool calls and
 * hook outcomes that were observed, the calls a hook denied, the files read and written, and what
 * cannot be replayed. Pure: lines in, a recorded session out.
 *
 * The two formats record hooks differently (Claude Code 2.1.328, pinned in test/record):
 * - stream-json with `--include-hook-events` has a `hook_started`/`hook_response` pair per fire,
 *   exit code included: the complete list.
 * - the session JSONL (`$CLAUDE_CONFIG_DIR/projects/<cwd>/<session>.jsonl`) keeps only fires that
 *   said something: `attachment` lines `hook_success` (with output), `hook_non_blocking_error`,
 *   `hook_blocking_error` …, a `system`/`stop_hook_summary` per Stop, and on a denied call the tool
 *   result's `permissionDecision: {decision:"reject", source:"hook"}` with no exit code. A quiet
 *   exit 0 leaves nothing. Its subagents are separate files (`<session>/subagents/agent-<id>.jsonl`
 *   beside `agent-<id>.meta.json`), passed here as `subagents`; a prompt sent while a turn ran is an
 *   `attachment` `queued_command`, not a user line.
 */
import { definedProps } from "../defined-props.js";
import type { ModelTurn, ScriptedToolCall } from "../model-turn.js";
import { isRecord } from "../is-record.js";

type Json = Record<string, unknown>;
const str = (v: unknown): string => (typeof v === "string" ? v : "");

export interface RecordedHook {
  readonly name: string;
  readonly event: string;
  /** Null when the transcript does not say (a session JSONL's denial or Stop summary). */
  readonly exitCode: number | null;
  readonly outcome: string;
  /** The hook stopped the action, when the transcript says. */
  readonly blocked?: boolean;
}

/** A main-agent tool call the harness refused before it ran. */
export interface RecordedDenial {
  /** Its position in `toolSequence`. */
  readonly index: number;
  readonly tool: string;
  /** Who refused it, as the transcript says (`hook`, `config`, `rule` …). */
  readonly by: string;
}

/** A subagent's own transcript (session JSONL keeps each in a separate file). */
export interface SubagentTranscript {
  /** The Agent/Task call that started it (its meta.json `toolUseId`). */
  readonly toolUseId?: string;
  /** Its meta.json `agentType`. */
  readonly agentType?: string;
  readonly lines: readonly Json[];
}

export interface ReadTranscriptOptions {
  readonly subagents?: readonly SubagentTranscript[];
}

export interface RecordedSession {
  readonly prompts: readonly string[];
  readonly turns: readonly ModelTurn[];
  /** Subagent scripts keyed by the `subagent_type` (else description) of the call that started them. */
  readonly agents: Readonly<Record<string, readonly ModelTurn[]>>;
  /** Tool names the main agent called, in order. */
  readonly toolSequence: readonly string[];
  readonly hooks: readonly RecordedHook[];
  /**
   * `complete`: every fire is listed with its exit code (stream-json with hook events). `partial`:
   * only the fires the transcript kept (a session JSONL drops quiet successes), so a replay may fire more.
   */
  readonly hookEvidence: "complete" | "partial";
  /** Main-agent calls refused before they ran, in order. */
  readonly denials: readonly RecordedDenial[];
  /** Files the session read (Read tool calls that ran), as recorded. */
  readonly filesRead: readonly string[];
  /** Files the session wrote (Write tool calls that ran, not the denied ones), as recorded. */
  readonly filesWritten: readonly string[];
  /** The session's working directory, when the transcript says. */
  readonly cwd?: string;
  /** Plugins the CLI loaded (system/init), with their paths. */
  readonly plugins: readonly { readonly name: string; readonly path: string }[];
  /** What a free replay cannot reproduce, one line each. */
  readonly unreproducible: readonly string[];
  readonly claudeCodeVersion?: string;
}

/** Tools whose results come from outside the machine: a replay can only script their calls. */
const OUTSIDE = new Set(["WebFetch", "WebSearch"]);

interface Message {
  readonly id: string;
  readonly parent?: string;
  readonly blocks: Json[];
}

/** The lines of a transcript, parsed; lines that are not JSON objects are skipped. */
export function parseTranscriptLines(text: string): Json[] {
  return text.split("\n").flatMap((line) => {
    if (line.trim() === "") return [];
    try {
      const v: unknown = JSON.parse(line);
      return isRecord(v) ? [v] : [];
    } catch {
      return [];
    }
  });
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

function turnOf(blocks: readonly Json[]): ModelTurn | undefined {
  const text = blocks
    .filter((b) => b["type"] === "text")
    .map((b) => str(b["text"]))
    .join("\n");
  const calls: ScriptedToolCall[] = blocks
    .filter((b) => b["type"] === "tool_use")
    .map((b) => ({ tool: str(b["name"]), input: isRecord(b["input"]) ? b["input"] : {} }));
  if (calls.length === 0) return text === "" ? undefined : { text };
  if (calls.length === 1) return { ...calls[0]!, ...(text !== "" ? { text } : {}) };
  return { tools: calls, ...(text !== "" ? { text } : {}) };
}

/** What a scan of the transcript (main session, then each subagent) gathers, in order of arrival. */
interface TranscriptScan {
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

function emptyScan(): TranscriptScan {
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

/** What the session replays as and what it did, read from its assistant messages in order. */
interface ReplayScript {
  readonly turns: ModelTurn[];
  readonly agents: Record<string, ModelTurn[]>;
  readonly toolSequence: string[];
  readonly denials: RecordedDenial[];
  readonly filesRead: string[];
  readonly filesWritten: string[];
  readonly unreproducible: string[];
}

export function readTranscript(lines: readonly Json[], options: ReadTranscriptOptions = {}): RecordedSession {
  const scan = emptyScan();
  scanLines(scan, lines);
  (options.subagents ?? []).forEach((sub, i) => {
    const key = sub.toolUseId ?? `subagent-${i}`;
    if (sub.agentType !== undefined && !scan.agentKeys.has(key)) scan.agentKeys.set(key, sub.agentType);
    scanLines(scan, sub.lines, key);
  });
  scan.keptHooks.push(...hookDenials(scan));
  const script = replayScript(scan);
  const complete = scan.streamHooks.length > 0;
  return {
    prompts: scan.prompts,
    turns: script.turns,
    agents: script.agents,
    toolSequence: script.toolSequence,
    hooks: complete ? scan.streamHooks : scan.keptHooks,
    hookEvidence: complete ? "complete" : "partial",
    denials: script.denials,
    filesRead: [...new Set(script.filesRead)],
    filesWritten: [...new Set(script.filesWritten)],
    ...definedProps({ cwd: scan.cwd }),
    plugins: scan.plugins,
    unreproducible: [...new Set([...scan.unreproducible, ...script.unreproducible])],
    ...definedProps({ claudeCodeVersion: scan.version }),
  };
}

/** Reads one transcript's lines into `scan`; `subagent` is the key of the subagent they belong to. */
function scanLines(scan: TranscriptScan, source: readonly Json[], subagent?: string): void {
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
function hookDenials(scan: TranscriptScan): RecordedHook[] {
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

function replayScript(scan: TranscriptScan): ReplayScript {
  const script: ReplayScript = {
    turns: [],
    agents: {},
    toolSequence: [],
    denials: [],
    filesRead: [],
    filesWritten: [],
    unreproducible: [],
  };
  for (const m of scan.messages) {
    const turn = turnOf(m.blocks);
    if (!turn) continue;
    if (m.parent === undefined) script.turns.push(turn);
    else (script.agents[scan.agentKeys.get(m.parent) ?? "*"] ??= []).push(turn);
    for (const block of m.blocks.filter((b) => b["type"] === "tool_use"))
      noteToolCall(script, block, m.parent === undefined, scan.refused.get(str(block["id"])));
  }
  return script;
}

function noteToolCall(
  script: ReplayScript,
  block: Json,
  mainAgent: boolean,
  refusal: { readonly by: string } | undefined,
): void {
  const name = str(block["name"]);
  const input = isRecord(block["input"]) ? block["input"] : {};
  if (mainAgent) {
    if (refusal) script.denials.push({ index: script.toolSequence.length, tool: name, by: refusal.by });
    script.toolSequence.push(name);
  }
  // A refused call never ran: it read and wrote nothing.
  if (name === "Read" && typeof input["file_path"] === "string" && !refusal)
    script.filesRead.push(input["file_path"]);
  if (name === "Write" && typeof input["file_path"] === "string" && !refusal)
    script.filesWritten.push(input["file_path"]);
  if (OUTSIDE.has(name))
    script.unreproducible.push(
      `${name} ${JSON.stringify(input).slice(0, 120)}: the replay scripts the call; the CLI's real fetch is not reproduced`,
    );
  if (name.startsWith("mcp__"))
    script.unreproducible.push(
      `${name}: an MCP call; replayed only if that server is configured in the replay`,
    );
}
