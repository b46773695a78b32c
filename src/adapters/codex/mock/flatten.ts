/**
 * Flattens a Responses API request (what Codex resends whole on every turn: developer messages, the
 * environment context, the prompt, then function_call / function_call_output pairs) into the
 * harness-agnostic `ModelRequest`. Developer messages are the system prompt; every item kind becomes
 * text so a probe can see what reached the model.
 */
import type { ModelRequest, ModelRequestMessage } from "../../../core/trace.js";
import { isRecord } from "../../../core/is-record.js";

type Json = Record<string, unknown>;

function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((part) => {
      if (!isRecord(part)) return "";
      if (typeof part["text"] === "string") return part["text"];
      return `[${String(part["type"])}]`;
    })
    .filter((s) => s !== "")
    .join("\n");
}

/** One input item as a message of the flattened view. */
function itemMessage(item: unknown): ModelRequestMessage | undefined {
  if (!isRecord(item)) return undefined;
  switch (item["type"]) {
    case "message":
    case undefined:
      return { role: String(item["role"] ?? "user"), text: contentText(item["content"]) };
    case "function_call":
      return {
        role: "assistant",
        text: `[function_call ${String(item["name"])}] ${String(item["arguments"] ?? "")}`,
      };
    case "custom_tool_call":
      return {
        role: "assistant",
        text: `[custom_tool_call ${String(item["name"])}] ${String(item["input"] ?? "")}`,
      };
    case "function_call_output":
    case "custom_tool_call_output": {
      const output = item["output"];
      return { role: "tool", text: typeof output === "string" ? output : contentText(output) };
    }
    case "reasoning":
      return { role: "assistant", text: contentText(item["summary"]) };
    default:
      return { role: "user", text: JSON.stringify(item) };
  }
}

function toolNames(body: Json): string[] {
  const tools = body["tools"];
  if (!Array.isArray(tools)) return [];
  return tools.flatMap((t) => {
    if (!isRecord(t)) return [];
    const name = t["name"] ?? t["type"];
    return typeof name === "string" ? [name] : [];
  });
}

/** A request without tools is Codex's own bookkeeping (titles, compaction): answered, never a turn. */
export function toCodexModelRequest(body: unknown, agentId?: string): ModelRequest {
  const json = isRecord(body) ? body : {};
  const input = Array.isArray(json["input"]) ? json["input"] : [];
  const messages = input.map(itemMessage).filter((m): m is ModelRequestMessage => m !== undefined);
  const system = [
    typeof json["instructions"] === "string" ? json["instructions"] : "",
    ...messages.filter((m) => m.role === "developer" || m.role === "system").map((m) => m.text),
  ]
    .filter((s) => s !== "")
    .join("\n");
  const tools = toolNames(json);
  return {
    sideChannel: tools.length === 0,
    ...(agentId !== undefined ? { agentId } : {}),
    ...(typeof json["model"] === "string" ? { model: json["model"] } : {}),
    system,
    tools,
    messages,
    body,
  };
}
