/**
 * The OpenAI chat-completions wire for a scripted turn: the streamed form (SSE `chat.completion.chunk`
 * events: the role and text in `delta.content`, each call in `delta.tool_calls` with its `index`,
 * `id` and `function {name, arguments}` as a JSON string, then a chunk with `finish_reason`, a
 * `usage` chunk with empty `choices`, and `data: [DONE]`), the single `chat.completion` body when
 * the request did not ask to stream, and the error body `{error: {message, type, code}}`.
 */
import type { ModelTurn } from "../../../core/model-turn.js";

type Json = Record<string, unknown>;
type AnswerTurn = Exclude<ModelTurn, { error: unknown }>;

/** A scripted call as the function call the harness's model would make (its own tool name). */
export interface ChatFunctionCall {
  readonly id: string;
  readonly name: string;
  readonly arguments: Readonly<Record<string, unknown>>;
}

/** One answer in wire-neutral form: text and calls, already in the harness's names. */
export interface ChatAnswer {
  readonly text: string;
  readonly calls: readonly ChatFunctionCall[];
}

export interface ChatUsage {
  readonly promptTokens: number;
  readonly completionTokens: number;
}

let sequence = 0;
export const nextChatId = (prefix: string): string =>
  `${prefix}_vigiles_${process.pid.toString(36)}_${(++sequence).toString(36)}`;

/**
 * The answer a turn stands for; `translate` maps a scripted call (Claude Code's tool name and input)
 * to the harness's function name and arguments.
 */
export function chatAnswer(
  turn: AnswerTurn,
  translate: (tool: string, input: Readonly<Record<string, unknown>>) => { name: string; input: Json },
): ChatAnswer {
  const scripted = "tools" in turn ? turn.tools : "tool" in turn ? [turn] : [];
  const calls = scripted.map((call) => {
    const sent = translate(call.tool, call.input);
    return { id: call.id ?? nextChatId("call"), name: sent.name, arguments: sent.input };
  });
  return { text: turn.text ?? "", calls };
}

function finishReason(answer: ChatAnswer): "tool_calls" | "stop" {
  return answer.calls.length > 0 ? "tool_calls" : "stop";
}

function wireCalls(answer: ChatAnswer): Json[] {
  return answer.calls.map((call, index) => ({
    index,
    id: call.id,
    type: "function",
    function: { name: call.name, arguments: JSON.stringify(call.arguments) },
  }));
}

function usageJson(usage: ChatUsage): Json {
  return {
    prompt_tokens: usage.promptTokens,
    completion_tokens: usage.completionTokens,
    total_tokens: usage.promptTokens + usage.completionTokens,
  };
}

/** The SSE body of a streamed answer. */
export function answerToSse(answer: ChatAnswer, model: string, usage: ChatUsage): string {
  const id = nextChatId("chatcmpl");
  const created = Math.floor(Date.now() / 1000);
  const chunk = (choices: Json[], extra: Json = {}) =>
    `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model, choices, ...extra })}\n\n`;
  let out = chunk([
    {
      index: 0,
      delta: { role: "assistant", content: answer.text === "" ? null : answer.text },
      finish_reason: null,
    },
  ]);
  // Each call in its own chunk, as a real server streams them; the client joins them by `index`.
  for (const call of wireCalls(answer)) {
    out += chunk([{ index: 0, delta: { tool_calls: [call] }, finish_reason: null }]);
  }
  out += chunk([{ index: 0, delta: {}, finish_reason: finishReason(answer) }]);
  out += chunk([], { usage: usageJson(usage) });
  return `${out}data: [DONE]\n\n`;
}

/** The single JSON body of an answer the request did not ask to stream. */
export function answerToJson(answer: ChatAnswer, model: string, usage: ChatUsage): string {
  const calls = wireCalls(answer).map(({ index: _index, ...call }) => call);
  return JSON.stringify({
    id: nextChatId("chatcmpl"),
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: {
          role: "assistant",
          content: answer.text === "" ? null : answer.text,
          ...(calls.length > 0 ? { tool_calls: calls } : {}),
        },
        finish_reason: finishReason(answer),
      },
    ],
    usage: usageJson(usage),
  });
}

/** The OpenAI error type for an HTTP status. */
export function chatErrorType(status: number): string {
  if (status === 429) return "rate_limit_exceeded";
  if (status === 401) return "invalid_api_key";
  if (status === 400 || status === 404 || status === 413) return "invalid_request_error";
  return "server_error";
}

export function chatErrorBody(status: number, message: string, type?: string): string {
  const kind = type ?? chatErrorType(status);
  return JSON.stringify({ error: { message, type: kind, code: kind, param: null } });
}
