/**
 * Flattens a Gemini API `generateContent` request (what Gemini CLI resends whole on every turn:
 * `contents` of `user` and `model` turns made of `text`, `functionCall` and `functionResponse`
 * parts, a `systemInstruction`, and `tools[].functionDeclarations`) into the harness-agnostic
 * `ModelRequest`. A function response becomes a `tool` message holding its output text, which is
 * where an AfterTool hook's `additionalContext` arrives (wrapped in `<hook_context>`).
 */
import type { ModelRequest, ModelRequestMessage } from "../../../core/trace.js";
import { isRecord } from "../../../core/is-record.js";

type Json = Record<string, unknown>;

function responseText(response: unknown): string {
  if (typeof response === "string") return response;
  if (!isRecord(response)) return JSON.stringify(response ?? "");
  const keys = Object.keys(response);
  // Gemini CLI answers with `{output}` or `{error}`; anything else is kept whole.
  if (keys.length === 1 && typeof response[keys[0] ?? ""] === "string")
    return String(response[keys[0] ?? ""]);
  return JSON.stringify(response);
}

/** One `contents[]` entry as messages: its text parts as one message, each function part as its own. */
function contentMessages(content: unknown): ModelRequestMessage[] {
  if (!isRecord(content) || !Array.isArray(content["parts"])) return [];
  const role = content["role"] === "model" ? "assistant" : String(content["role"] ?? "user");
  const out: ModelRequestMessage[] = [];
  const texts: string[] = [];
  const flushText = () => {
    if (texts.length > 0) out.push({ role, text: texts.join("\n") });
    texts.length = 0;
  };
  for (const part of content["parts"]) {
    if (!isRecord(part)) continue;
    if (typeof part["text"] === "string") {
      texts.push(part["text"]);
    } else if (isRecord(part["functionCall"])) {
      flushText();
      const call = part["functionCall"];
      out.push({
        role: "assistant",
        text: `[function_call ${String(call["name"])}] ${JSON.stringify(call["args"] ?? {})}`,
      });
    } else if (isRecord(part["functionResponse"])) {
      flushText();
      out.push({ role: "tool", text: responseText(part["functionResponse"]["response"]) });
    } else {
      texts.push(`[${Object.keys(part).join(",")}]`);
    }
  }
  flushText();
  return out;
}

function systemText(instruction: unknown): string {
  if (typeof instruction === "string") return instruction;
  if (!isRecord(instruction) || !Array.isArray(instruction["parts"])) return "";
  return instruction["parts"]
    .map((p) => (isRecord(p) && typeof p["text"] === "string" ? p["text"] : ""))
    .filter((s) => s !== "")
    .join("\n");
}

function toolNames(body: Json): string[] {
  const tools = body["tools"];
  if (!Array.isArray(tools)) return [];
  return tools.flatMap((t) => {
    if (!isRecord(t) || !Array.isArray(t["functionDeclarations"])) return [];
    return t["functionDeclarations"].flatMap((d) =>
      isRecord(d) && typeof d["name"] === "string" ? [d["name"]] : [],
    );
  });
}

/**
 * A request is the agent loop when it is a `streamGenerateContent` call offering tools; anything
 * else (token counts, the CLI's own JSON-schema side questions) is bookkeeping: answered, never a turn.
 */
export function toGeminiModelRequest(body: unknown, method: string, model: string | undefined): ModelRequest {
  const json = isRecord(body) ? body : {};
  const contents = Array.isArray(json["contents"]) ? json["contents"] : [];
  const tools = toolNames(json);
  return {
    sideChannel: method !== "streamGenerateContent" || tools.length === 0,
    ...(model !== undefined ? { model } : {}),
    system: systemText(json["systemInstruction"]),
    tools,
    messages: contents.flatMap(contentMessages),
    body,
  };
}
