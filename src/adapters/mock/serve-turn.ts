/**
 * The part of answering a request that every mock shares: take the script's next turn, turn an
 * overrun (or a turn function that threw) into one recorded reason and a 400, wait out a scripted
 * delay, and answer a scripted error turn with its status and `retry-after`. What is left, an answer
 * turn, goes back to the adapter's mock to be written in its own wire format.
 */
import type { ServerResponse } from "node:http";
import type { ErrorTurn, ModelTurn } from "../../core/model-turn.js";
import type { ModelRequest } from "../../core/trace.js";
import { sendJson } from "./http.js";
import type { ScriptSession } from "./script.js";

export type AnswerTurn = Exclude<ModelTurn, ErrorTurn>;

export interface ServeTurnContext {
  readonly session: ScriptSession;
  /** Reasons the script could not answer, each recorded once (a CLI retries a 400 a few times). */
  readonly overruns: string[];
  readonly sleep: (ms: number) => Promise<void>;
  /**
   * The harness API's error body for a status and message (and error type). `retryAfter` (seconds)
   * is for APIs that carry the retry delay in the body too (Gemini's `RetryInfo`).
   */
  readonly errorBody: (status: number, message: string, type?: string, retryAfter?: number) => string;
}

/** The answer turn for `request`, or undefined when the response was already sent (overrun, error turn). */
export async function serveScriptedTurn(
  request: ModelRequest,
  res: ServerResponse,
  ctx: ServeTurnContext,
): Promise<AnswerTurn | undefined> {
  let next;
  try {
    next = ctx.session.next(request);
  } catch (error) {
    next = { kind: "overrun" as const, message: `a turn function of the script threw: ${String(error)}` };
  }
  if (next.kind === "overrun") {
    if (!ctx.overruns.includes(next.message)) ctx.overruns.push(next.message);
    // A 400 is not retried as a rate limit: the run ends and the tier throws ScriptOverrunError.
    sendJson(res, 400, ctx.errorBody(400, `vigiles mock model: script overrun: ${next.message}`));
    return undefined;
  }
  const { turn } = next;
  if (turn.delayMs !== undefined && turn.delayMs > 0) await ctx.sleep(turn.delayMs);
  if ("error" in turn) {
    const { status, type, message, retryAfter } = turn.error;
    sendJson(
      res,
      status,
      ctx.errorBody(status, message ?? `scripted error ${status}`, type, retryAfter),
      retryAfter !== undefined ? { "retry-after": String(retryAfter) } : {},
    );
    return undefined;
  }
  return turn;
}
