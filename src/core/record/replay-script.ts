/**
 * The replay script of a scanned transcript: the model's turns for the main agent and each subagent,
 * and what the main agent called, read, wrote and was refused, in order.
 */
import type { ModelTurn, ScriptedToolCall } from "../model-turn.js";
import { isRecord } from "../is-record.js";
import type { RecordedDenial } from "./recorded-session.js";
import type { TranscriptScan } from "./transcript-scan.js";

type Json = Record<string, unknown>;
const str = (v: unknown): string => (typeof v === "string" ? v : "");

/** Tools whose results come from outside the machine: a replay can only script their calls. */
const OUTSIDE = new Set(["WebFetch", "WebSearch"]);

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

/** What the session replays as and what it did, read from its assistant messages in order. */
export interface ReplayScript {
  readonly turns: ModelTurn[];
  readonly agents: Record<string, ModelTurn[]>;
  readonly toolSequence: string[];
  readonly denials: RecordedDenial[];
  readonly filesRead: string[];
  readonly filesWritten: string[];
  readonly unreproducible: string[];
}

export function replayScript(scan: TranscriptScan): ReplayScript {
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
