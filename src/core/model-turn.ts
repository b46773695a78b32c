/**
 * The scripted model: what a mock serves in place of a real model, turn by turn. Shared by every
 * adapter's mock (Anthropic Messages, OpenAI Responses) so one script runs on every harness.
 */
import type { ModelRequest } from "./trace.js";

/** A tool call the mock model makes: tool name, input and an optional id. */
export interface ScriptedToolCall {
  readonly tool: string;
  readonly input: Readonly<Record<string, unknown>>;
  /** The tool-call id to send; generated when absent. */
  readonly id?: string;
}

interface TurnTiming {
  /** Wait this long before answering (latency and timeout tests). */
  readonly delayMs?: number;
}

/** A final (or intermediate) text answer. */
export interface TextTurn extends TurnTiming {
  readonly text: string;
}

/** One tool call, optionally preceded by text. */
export interface ToolTurn extends TurnTiming, ScriptedToolCall {
  readonly text?: string;
}

/** Several tool calls in one assistant message. */
export interface MultiToolTurn extends TurnTiming {
  readonly tools: readonly ScriptedToolCall[];
  readonly text?: string;
}

/** An HTTP error in place of an answer (429, 500, 529 overloaded …), for retry tests. */
export interface ErrorTurn extends TurnTiming {
  readonly error: {
    readonly status: number;
    /** The API error type, e.g. `rate_limit_error`, `overloaded_error`, `api_error`. */
    readonly type?: string;
    readonly message?: string;
    /** Seconds, sent as `retry-after`. */
    readonly retryAfter?: number;
  };
}

/** One scripted answer of the mock model: text, one tool call, several tool calls, or an HTTP error. */
export type ModelTurn = TextTurn | ToolTurn | MultiToolTurn | ErrorTurn;

/** A turn may be computed from the request that asks for it. */
export type ModelTurnSource = ModelTurn | ((request: ModelRequest) => ModelTurn);

export type ModelTurnKind = "text" | "tool" | "tools" | "error";

export function modelTurnKind(turn: ModelTurn): ModelTurnKind {
  if ("error" in turn) return "error";
  if ("tools" in turn) return "tools";
  if ("tool" in turn) return "tool";
  return "text";
}
