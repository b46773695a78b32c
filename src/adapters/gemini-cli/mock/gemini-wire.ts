/**
 * The Gemini API (`generativelanguage` v1beta) as the pinned Gemini CLI reads it from a mock:
 * `streamGenerateContent?alt=sse` answered with `data: {candidates, usageMetadata}` events. One
 * event carrying every part of a turn drives the CLI (measured on 0.61.0): a `functionCall` part per
 * scripted call, a `text` part for text, `finishReason: "STOP"`. Errors use Google's error body; a
 * 429 carries `google.rpc.RetryInfo`, which the CLI reads for its backoff.
 */
import type { ModelTurn } from "../../../core/model-turn.js";
import { toGeminiCall } from "./tool-names.js";

type Json = Record<string, unknown>;

export interface GeminiUsage {
  readonly inputTokens: number;
  readonly outputTokens: number;
}

/** The `parts` of a (non-error) scripted turn, in Gemini's tool names. */
export function turnParts(turn: Exclude<ModelTurn, { error: unknown }>): Json[] {
  const parts: Json[] = [];
  if (turn.text) parts.push({ text: turn.text });
  const calls = "tools" in turn ? turn.tools : "tool" in turn ? [turn] : [];
  for (const call of calls) {
    const { name, args } = toGeminiCall(call.tool, call.input);
    parts.push({ functionCall: { name, args, ...(call.id !== undefined ? { id: call.id } : {}) } });
  }
  return parts;
}

function usageMetadata(usage: GeminiUsage): Json {
  return {
    promptTokenCount: usage.inputTokens,
    candidatesTokenCount: usage.outputTokens,
    totalTokenCount: usage.inputTokens + usage.outputTokens,
  };
}

/** The whole SSE body of one streamed answer. */
export function partsToSse(parts: readonly Json[], usage: GeminiUsage, model: string): string {
  const chunk = {
    candidates: [{ content: { role: "model", parts }, finishReason: "STOP", index: 0 }],
    usageMetadata: usageMetadata(usage),
    modelVersion: model,
  };
  return `data: ${JSON.stringify(chunk)}\r\n\r\n`;
}

/** A non-streamed `generateContent` answer (the CLI's side questions). */
export function partsToJson(parts: readonly Json[], usage: GeminiUsage, model: string): string {
  return JSON.stringify({
    candidates: [{ content: { role: "model", parts }, finishReason: "STOP", index: 0 }],
    usageMetadata: usageMetadata(usage),
    modelVersion: model,
  });
}

const STATUS_NAMES: Readonly<Record<number, string>> = {
  400: "INVALID_ARGUMENT",
  401: "UNAUTHENTICATED",
  403: "PERMISSION_DENIED",
  404: "NOT_FOUND",
  429: "RESOURCE_EXHAUSTED",
  500: "INTERNAL",
  503: "UNAVAILABLE",
  504: "DEADLINE_EXCEEDED",
};

/** Google's error body for a status; `retryAfter` (seconds) becomes a `RetryInfo` detail. */
export function geminiErrorBody(status: number, message: string, type?: string, retryAfter?: number): string {
  const details =
    retryAfter !== undefined
      ? [{ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: `${retryAfter}s` }]
      : [];
  return JSON.stringify({
    error: {
      code: status,
      message,
      status: type ?? STATUS_NAMES[status] ?? (status >= 500 ? "INTERNAL" : "FAILED_PRECONDITION"),
      ...(details.length > 0 ? { details } : {}),
    },
  });
}
