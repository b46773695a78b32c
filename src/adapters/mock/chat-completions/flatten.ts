/**
 * Flattens an OpenAI chat-completions request body (`messages` of `system`, `user`, `assistant`
 * and `tool` roles, `tools[].function.name`) into the harness-agnostic `ModelRequest`. A tool
 * result becomes a `tool` message holding its text, and an assistant's `tool_calls` become
 * `[tool_call name] {arguments}` text, so a probe of "what reached the model" sees both.
 */
import type { ModelRequest, ModelRequestMessage } from "../../../core/trace.js";
import { isRecord } from "../../../core/is-record.js";

/** A `content` field: a string, or an array of parts (text parts kept, others by their type). */
export function chatContentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((part) => {
      if (typeof part === "string") return part;
      if (!isRecord(part)) return "";
      if (typeof part["text"] === "string") return part["text"];
      return `[${String(part["type"] ?? "part")}]`;
    })
    .filter((s) => s !== "")
    .join("\n");
}

function toolCallsText(calls: unknown): string[] {
  if (!Array.isArray(calls)) return [];
  return calls.flatMap((call) => {
    if (!isRecord(call) || !isRecord(call["function"])) return [];
    const fn = call["function"];
    return [
      `[tool_call ${String(fn["name"])}] ${typeof fn["arguments"] === "string" ? fn["arguments"] : "{}"}`,
    ];
  });
}

/** One request message as a recorded message (an assistant's text and its calls joined). */
function toMessage(m: unknown): ModelRequestMessage {
  if (!isRecord(m)) return { role: "unknown", text: "" };
  const role = typeof m["role"] === "string" ? m["role"] : "unknown";
  const text = [chatContentText(m["content"]), ...toolCallsText(m["tool_calls"])]
    .filter((s) => s !== "")
    .join("\n");
  return { role, text };
}

/** The function names a request offers. */
export function chatToolNames(body: unknown): string[] {
  if (!isRecord(body) || !Array.isArray(body["tools"])) return [];
  return body["tools"].flatMap((t) =>
    isRecord(t) && isRecord(t["function"]) && typeof t["function"]["name"] === "string"
      ? [t["function"]["name"]]
      : [],
  );
}

/**
 * Builds the recorded request. A request that offers no tools is the CLI's bookkeeping (a title,
 * a next-speaker check, a compression): answered, never a turn of the script. System messages
 * are the system prompt and are not repeated in `messages`.
 */
export function toChatModelRequest(body: unknown, options: { agentId?: string } = {}): ModelRequest {
  const record = isRecord(body) ? body : {};
  const tools = chatToolNames(record);
  const raw = Array.isArray(record["messages"]) ? record["messages"] : [];
  const all = raw.map(toMessage);
  return {
    sideChannel: tools.length === 0,
    ...(options.agentId !== undefined ? { agentId: options.agentId } : {}),
    ...(typeof record["model"] === "string" ? { model: record["model"] } : {}),
    system: all
      .filter((m) => m.role === "system")
      .map((m) => m.text)
      .join("\n"),
    tools,
    messages: all.filter((m) => m.role !== "system"),
    body,
  };
}
