/**
 * The Anthropic Messages API wire format for a scripted turn: the streamed (SSE) form the CLI reads
 * with `stream:true`, the single JSON body otherwise, and the error body. Shapes as the pinned CLI
 * accepts them (test/harness/mock-model.test.ts sends them).
 */
import type { ModelTurn, ScriptedToolCall } from "../../../core/model-turn.js";

export type ContentBlock =
  | { readonly type: "text"; readonly text: string }
  | {
      readonly type: "tool_use";
      readonly id: string;
      readonly name: string;
      readonly input: Readonly<Record<string, unknown>>;
    };

export interface AssistantMessage {
  readonly id: string;
  readonly type: "message";
  readonly role: "assistant";
  readonly model: string;
  readonly content: readonly ContentBlock[];
  readonly stop_reason: "end_turn" | "tool_use";
  readonly stop_sequence: null;
  readonly usage: { readonly input_tokens: number; readonly output_tokens: number };
}

let counter = 0;
function nextId(prefix: string): string {
  counter += 1;
  return `${prefix}_vigiles_${process.pid.toString(36)}_${counter.toString(36)}`;
}

/** A rough token count: about four characters a token, never zero. */
export function estimateTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

function toolBlock(call: ScriptedToolCall): ContentBlock {
  return { type: "tool_use", id: call.id ?? nextId("toolu"), name: call.tool, input: call.input };
}

/** The assistant message a non-error turn stands for. */
export function assistantMessage(
  turn: Exclude<ModelTurn, { error: unknown }>,
  model: string,
  inputTokens: number,
): AssistantMessage {
  const content: ContentBlock[] = [];
  if ("tools" in turn) {
    if (turn.text) content.push({ type: "text", text: turn.text });
    for (const call of turn.tools) content.push(toolBlock(call));
  } else if ("tool" in turn) {
    if (turn.text) content.push({ type: "text", text: turn.text });
    content.push(toolBlock(turn));
  } else {
    content.push({ type: "text", text: turn.text });
  }
  const hasTool = content.some((b) => b.type === "tool_use");
  const outputTokens = estimateTokens(JSON.stringify(content));
  return {
    id: nextId("msg"),
    type: "message",
    role: "assistant",
    model,
    content,
    stop_reason: hasTool ? "tool_use" : "end_turn",
    stop_sequence: null,
    usage: { input_tokens: inputTokens, output_tokens: outputTokens },
  };
}

function sse(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** The SSE body of a streamed answer: message_start, one block at a time, message_delta, message_stop. */
export function messageToSse(message: AssistantMessage): string {
  let out = sse("message_start", {
    type: "message_start",
    message: {
      ...message,
      content: [],
      stop_reason: null,
      usage: { input_tokens: message.usage.input_tokens, output_tokens: 1 },
    },
  });
  message.content.forEach((block, index) => {
    if (block.type === "text") {
      out += sse("content_block_start", {
        type: "content_block_start",
        index,
        content_block: { type: "text", text: "" },
      });
      out += sse("content_block_delta", {
        type: "content_block_delta",
        index,
        delta: { type: "text_delta", text: block.text },
      });
    } else {
      out += sse("content_block_start", {
        type: "content_block_start",
        index,
        content_block: { type: "tool_use", id: block.id, name: block.name, input: {} },
      });
      out += sse("content_block_delta", {
        type: "content_block_delta",
        index,
        delta: { type: "input_json_delta", partial_json: JSON.stringify(block.input) },
      });
    }
    out += sse("content_block_stop", { type: "content_block_stop", index });
  });
  out += sse("message_delta", {
    type: "message_delta",
    delta: { stop_reason: message.stop_reason, stop_sequence: null },
    usage: { output_tokens: message.usage.output_tokens },
  });
  out += sse("message_stop", { type: "message_stop" });
  return out;
}

/** The API error type the CLI expects for an HTTP status. */
export function errorTypeFor(status: number): string {
  if (status === 429) return "rate_limit_error";
  if (status === 529) return "overloaded_error";
  if (status === 401) return "authentication_error";
  if (status === 403) return "permission_error";
  if (status === 404) return "not_found_error";
  if (status === 400 || status === 413) return "invalid_request_error";
  return "api_error";
}

export function errorBody(status: number, message: string, type?: string): string {
  return JSON.stringify({ type: "error", error: { type: type ?? errorTypeFor(status), message } });
}
