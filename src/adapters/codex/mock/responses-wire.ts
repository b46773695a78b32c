/**
 * The OpenAI Responses API as the pinned Codex CLI reads it from a mock: SSE events
 * `response.created`, one `response.output_item.done` per output item, then `response.completed`
 * (without it Codex reconnects, retries and ends the turn failed).
 *
 * Scripts are written once for every harness, in Claude Code's tool names. Here they become Codex's
 * own: `Bash {command}` is the `exec_command` function (`{cmd}`), `Write` and `Edit` become an
 * `apply_patch` patch (a freeform custom tool), and Codex's own names pass through unchanged.
 */
import type { ModelTurn, ScriptedToolCall } from "../../../core/model-turn.js";

type Json = Record<string, unknown>;

export interface ResponsesUsage {
  readonly inputTokens: number;
  readonly outputTokens: number;
}

let sequence = 0;
const nextId = (prefix: string) => `${prefix}_vigiles_${(++sequence).toString(36)}`;

function stringOf(input: Readonly<Record<string, unknown>>, key: string): string {
  const v = input[key];
  return typeof v === "string" ? v : "";
}

function plusLines(text: string): string {
  const lines = text.endsWith("\n") ? text.slice(0, -1).split("\n") : text.split("\n");
  return lines.map((l) => `+${l}`).join("\n");
}

function minusLines(text: string): string {
  const lines = text.endsWith("\n") ? text.slice(0, -1).split("\n") : text.split("\n");
  return lines.map((l) => `-${l}`).join("\n");
}

/** The patch an `apply_patch` call carries for a Claude-style Write or Edit. */
export function patchFor(call: ScriptedToolCall): string | undefined {
  const path = stringOf(call.input, "file_path") || stringOf(call.input, "path");
  switch (call.tool) {
    case "Write":
      return `*** Begin Patch\n*** Add File: ${path}\n${plusLines(stringOf(call.input, "content"))}\n*** End Patch`;
    case "Edit":
      return (
        `*** Begin Patch\n*** Update File: ${path}\n@@\n` +
        `${minusLines(stringOf(call.input, "old_string"))}\n${plusLines(stringOf(call.input, "new_string"))}\n*** End Patch`
      );
    case "apply_patch":
      return stringOf(call.input, "patch") || stringOf(call.input, "input");
    default:
      return undefined;
  }
}

/** One scripted call as a Responses output item. */
export function outputItemFor(call: ScriptedToolCall): Json {
  const callId = call.id ?? nextId("call");
  const patch = patchFor(call);
  if (patch !== undefined) {
    return {
      type: "custom_tool_call",
      id: nextId("ctc"),
      call_id: callId,
      name: "apply_patch",
      input: patch,
    };
  }
  const args =
    call.tool === "Bash"
      ? {
          cmd: stringOf(call.input, "command"),
          ...(call.input["workdir"] ? { workdir: call.input["workdir"] } : {}),
        }
      : call.input;
  const name = call.tool === "Bash" ? "exec_command" : call.tool;
  return { type: "function_call", id: nextId("fc"), call_id: callId, name, arguments: JSON.stringify(args) };
}

function messageItem(text: string): Json {
  return {
    type: "message",
    role: "assistant",
    id: nextId("msg"),
    status: "completed",
    content: [{ type: "output_text", text, annotations: [] }],
  };
}

/** The output items of a (non-error) turn. */
export function outputItems(turn: Exclude<ModelTurn, { error: unknown }>): Json[] {
  const items: Json[] = [];
  if ("tools" in turn) {
    if (turn.text) items.push(messageItem(turn.text));
    for (const call of turn.tools) items.push(outputItemFor(call));
  } else if ("tool" in turn) {
    if (turn.text) items.push(messageItem(turn.text));
    items.push(outputItemFor(turn));
  } else {
    items.push(messageItem(turn.text));
  }
  return items;
}

/** The whole SSE body of one response. */
export function responseToSse(items: readonly Json[], usage: ResponsesUsage, model: string): string {
  const id = nextId("resp");
  const event = (type: string, data: Json) =>
    `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
  let out = event("response.created", { response: { id, object: "response", model, status: "in_progress" } });
  items.forEach((item, outputIndex) => {
    out += event("response.output_item.done", { output_index: outputIndex, item });
  });
  out += event("response.completed", {
    response: {
      id,
      object: "response",
      model,
      status: "completed",
      usage: {
        input_tokens: usage.inputTokens,
        input_tokens_details: { cached_tokens: 0 },
        output_tokens: usage.outputTokens,
        output_tokens_details: { reasoning_tokens: 0 },
        total_tokens: usage.inputTokens + usage.outputTokens,
      },
    },
  });
  return out;
}

/** The error body the Responses API sends with a non-2xx status. */
export function responsesErrorBody(status: number, message: string, type?: string): string {
  const kind =
    type ??
    (status === 429 ? "rate_limit_exceeded" : status >= 500 ? "server_error" : "invalid_request_error");
  return JSON.stringify({ error: { message, type: kind, code: kind, param: null } });
}
