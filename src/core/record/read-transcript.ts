/**
 * Reads a Claude Code session (the stream-json output of `claude -p … --verbose`, or the JSONL the
 * CLI keeps per session) into what a replay needs: the user prompts, the model's turns as a script
 * (main agent and each subagent, keyed by the subagent type that started it), the tool calls and
 * hook outcomes that were observed, the files read and written, and what cannot be replayed.
 * Pure: lines in, a recorded session out.
 */
import type { ModelTurn, ScriptedToolCall } from "../model-turn.js";

type Json = Record<string, unknown>;
const isRecord = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === "string" ? v : "");

export interface RecordedHook {
  readonly name: string;
  readonly event: string;
  readonly exitCode: number | null;
  readonly outcome: string;
}

export interface RecordedSession {
  readonly prompts: readonly string[];
  readonly turns: readonly ModelTurn[];
  /** Subagent scripts keyed by the `subagent_type` (else description) of the call that started them. */
  readonly agents: Readonly<Record<string, readonly ModelTurn[]>>;
  /** Tool names the main agent called, in order. */
  readonly toolSequence: readonly string[];
  readonly hooks: readonly RecordedHook[];
  /** Files the session read (Read tool), absolute as recorded. */
  readonly filesRead: readonly string[];
  /** Files the session wrote (Write tool), absolute as recorded. */
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

export function readTranscript(lines: readonly Json[]): RecordedSession {
  const prompts: string[] = [];
  const messages: Message[] = [];
  const byId = new Map<string, Message>();
  const hooks: RecordedHook[] = [];
  const hookNames = new Map<string, string>();
  const unreproducible: string[] = [];
  const plugins: { name: string; path: string }[] = [];
  let cwd: string | undefined;
  let version: string | undefined;
  /** tool_use id of an Agent/Task call -> the key its subagent's script goes under. */
  const agentKeys = new Map<string, string>();

  for (const line of lines) {
    const type = line["type"];
    const message = isRecord(line["message"]) ? line["message"] : undefined;
    const parent = typeof line["parent_tool_use_id"] === "string" ? line["parent_tool_use_id"] : undefined;
    if (typeof line["cwd"] === "string" && cwd === undefined) cwd = line["cwd"];
    if (type === "system" && line["subtype"] === "init") {
      version = str(line["claude_code_version"]) || version;
      for (const p of Array.isArray(line["plugins"]) ? line["plugins"].filter(isRecord) : []) {
        if (typeof p["path"] === "string") plugins.push({ name: str(p["name"]), path: p["path"] });
      }
      for (const server of Array.isArray(line["mcp_servers"]) ? line["mcp_servers"].filter(isRecord) : []) {
        unreproducible.push(
          `MCP server "${str(server["name"])}": its tools are replayed as scripted calls only if it is configured in the replay`,
        );
      }
    } else if (type === "system" && line["subtype"] === "hook_started") {
      hookNames.set(str(line["hook_id"]), str(line["hook_name"]));
    } else if (type === "system" && line["subtype"] === "hook_response") {
      const name = hookNames.get(str(line["hook_id"])) ?? str(line["hook_name"]);
      hooks.push({
        name,
        event: str(line["hook_event"]) || name.split(":")[0] || "",
        exitCode: typeof line["exit_code"] === "number" ? line["exit_code"] : null,
        outcome: str(line["outcome"]),
      });
    } else if (type === "user" && message && parent === undefined) {
      const text = userText(message);
      // Hook feedback and system notes arrive as user text too; only real prompts start a replay turn.
      if (text !== undefined && !/^(Stop hook feedback:|<task-notification>|<system-reminder>)/.test(text))
        prompts.push(text);
    } else if (type === "assistant" && message) {
      const id = str(message["id"]) || `line-${messages.length}`;
      let m = byId.get(id);
      if (!m) {
        m = { id, ...(parent !== undefined ? { parent } : {}), blocks: [] };
        byId.set(id, m);
        messages.push(m);
      }
      for (const block of Array.isArray(message["content"]) ? message["content"].filter(isRecord) : []) {
        m.blocks.push(block);
        if (block["type"] === "tool_use" && (block["name"] === "Agent" || block["name"] === "Task")) {
          const input = isRecord(block["input"]) ? block["input"] : {};
          agentKeys.set(str(block["id"]), str(input["subagent_type"]) || str(input["description"]) || "*");
        }
      }
    }
  }

  const turns: ModelTurn[] = [];
  const agents: Record<string, ModelTurn[]> = {};
  const toolSequence: string[] = [];
  const filesRead: string[] = [];
  const filesWritten: string[] = [];
  for (const m of messages) {
    const turn = turnOf(m.blocks);
    if (!turn) continue;
    if (m.parent === undefined) turns.push(turn);
    else (agents[agentKeys.get(m.parent) ?? "*"] ??= []).push(turn);
    for (const block of m.blocks.filter((b) => b["type"] === "tool_use")) {
      const name = str(block["name"]);
      const input = isRecord(block["input"]) ? block["input"] : {};
      if (m.parent === undefined) toolSequence.push(name);
      if (name === "Read" && typeof input["file_path"] === "string") filesRead.push(input["file_path"]);
      if (name === "Write" && typeof input["file_path"] === "string") filesWritten.push(input["file_path"]);
      if (OUTSIDE.has(name))
        unreproducible.push(
          `${name} ${JSON.stringify(input).slice(0, 120)}: the replay scripts the call; the CLI's real fetch is not reproduced`,
        );
      if (name.startsWith("mcp__"))
        unreproducible.push(`${name}: an MCP call; replayed only if that server is configured in the replay`);
    }
  }
  return {
    prompts,
    turns,
    agents,
    toolSequence,
    hooks,
    filesRead: [...new Set(filesRead)],
    filesWritten: [...new Set(filesWritten)],
    ...(cwd !== undefined ? { cwd } : {}),
    plugins,
    unreproducible: [...new Set(unreproducible)],
    ...(version !== undefined ? { claudeCodeVersion: version } : {}),
  };
}
