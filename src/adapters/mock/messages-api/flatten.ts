/**
 * Flattens a Messages API request body into the harness-agnostic `ModelRequest`: every content
 * block kind becomes text, because what reached the model is the question a probe asks. Since
 * Claude Code 2.1.228 a PostToolUse `additionalContext` arrives inside the tool_result content,
 * and the CLI appends `<system-reminder>` text blocks: a flattener that reads only `.text` blocks
 * reports injected context as "not delivered" when it was.
 */
import type { ModelRequest, ModelRequestMessage } from "../../../core/trace.js";
import { isRecord } from "../../../core/is-record.js";

/** One content block (or a plain string) as text; unknown kinds keep their JSON so nothing is dropped. */
export function flattenBlock(block: unknown): string {
  if (typeof block === "string") return block;
  if (!isRecord(block)) return "";
  switch (block["type"]) {
    case "text":
      return typeof block["text"] === "string" ? block["text"] : "";
    case "tool_result":
      return flattenContent(block["content"]);
    case "tool_use":
      return `[tool_use ${String(block["name"])}] ${JSON.stringify(block["input"] ?? {})}`;
    case "thinking":
      return typeof block["thinking"] === "string" ? block["thinking"] : "";
    case "redacted_thinking":
      return "";
    case "image":
    case "document":
      return `[${String(block["type"])}]`;
    default:
      return JSON.stringify(block);
  }
}

/** A `content` field: a string, or an array of blocks joined by newlines. */
export function flattenContent(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content))
    return content
      .map(flattenBlock)
      .filter((s) => s !== "")
      .join("\n");
  return "";
}

/** The tool names a request offers (an agent-loop request has at least one). */
export function requestToolNames(body: unknown): string[] {
  if (!isRecord(body) || !Array.isArray(body["tools"])) return [];
  return body["tools"].flatMap((t) => (isRecord(t) && typeof t["name"] === "string" ? [t["name"]] : []));
}

/**
 * Builds the recorded request. `sideChannel` marks the CLI's bookkeeping (a request without tools,
 * or a token count), which is answered but is not an agent turn.
 */
export function toModelRequest(
  body: unknown,
  options: { agentId?: string; sideChannel?: boolean },
): ModelRequest {
  const record = isRecord(body) ? body : {};
  const tools = requestToolNames(record);
  const rawMessages = Array.isArray(record["messages"]) ? record["messages"] : [];
  const messages: ModelRequestMessage[] = rawMessages.map((m) => {
    // The CLI sends a non-standard role:"system" message (environment, skills, hook context): keep it.
    const role = isRecord(m) && typeof m["role"] === "string" ? m["role"] : "unknown";
    return { role, text: isRecord(m) ? flattenContent(m["content"]) : "" };
  });
  return {
    sideChannel: options.sideChannel ?? tools.length === 0,
    ...(options.agentId !== undefined ? { agentId: options.agentId } : {}),
    ...(typeof record["model"] === "string" ? { model: record["model"] } : {}),
    system: flattenContent(record["system"]),
    tools,
    messages,
    body,
  };
}

/** Every text the request carried (system prompt and messages), for `requestContains`. */
export function requestText(request: ModelRequest): string {
  return [request.system, ...request.messages.map((m) => m.text)].join("\n");
}
