/**
 * A mock model speaking the Anthropic Messages API (`POST /v1/messages`, SSE when `stream:true`),
 * the wire of two harnesses: Claude Code, and Copilot CLI's BYOK `anthropic` provider. It answers
 * the CLI's bookkeeping requests (no tools, token counts) with short text outside the script. What
 * differs between the two is passed in: how a request names its subagent, and the tool names a
 * scripted turn is sent in.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { ModelTurn } from "../../../core/model-turn.js";
import { parseJson, readBody, sendJson } from "../http.js";
import { startScriptedMock, type ScriptedMock } from "../running-mock.js";
import type { ModelScriptInput } from "../../port.js";
import { toModelRequest } from "./flatten.js";
import {
  assistantMessage,
  errorBody,
  estimateTokens,
  messageToSse,
  type AssistantMessage,
} from "./messages-wire.js";

/** The reply to bookkeeping requests (titles, summaries): short, and never a turn of the script. */
const SIDE_CHANNEL_TEXT = "vigiles mock";

type AnswerTurn = Exclude<ModelTurn, { error: unknown }>;

export interface MessagesApiMockOptions {
  /** Also listen on this unix socket (a confined run relays to it from inside its network namespace). */
  readonly socketPath?: string;
  /** How a request names the subagent that sent it (undefined: the main agent). */
  readonly agentIdOf: (req: IncomingMessage, body: unknown) => string | undefined;
  /** Rewrites a scripted turn before it is sent (another harness's tool names and input shapes). */
  readonly translateTurn?: (turn: AnswerTurn) => AnswerTurn;
}

function sendMessage(res: ServerResponse, message: AssistantMessage, stream: boolean): void {
  if (!stream) {
    sendJson(res, 200, JSON.stringify(message));
    return;
  }
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  res.end(messageToSse(message));
}

/** Starts a Messages API mock serving `script`; close it when the run is over. */
export function startMessagesApiMock(
  script: ModelScriptInput,
  options: MessagesApiMockOptions,
): Promise<ScriptedMock> {
  const mockOptions = {
    ...(options.socketPath !== undefined ? { socketPath: options.socketPath } : {}),
    errorBody,
  };
  return startScriptedMock(script, mockOptions, (mock) => async (req, res) => {
    const path = (req.url ?? "").split("?")[0] ?? "";
    if (req.method !== "POST" || !path.startsWith("/v1/messages")) {
      sendJson(res, 404, errorBody(404, `vigiles mock model: no route ${req.method ?? ""} ${path}`));
      return;
    }
    const text = await readBody(req);
    const body = parseJson(text);
    const agentId = options.agentIdOf(req, body);
    const stream =
      typeof body === "object" && body !== null && (body as { stream?: unknown }).stream === true;
    const requestedModel =
      mock.script.model ??
      (typeof body === "object" && body !== null ? String((body as { model?: unknown }).model) : "mock");

    if (path === "/v1/messages/count_tokens") {
      mock.record(toModelRequest(body, { sideChannel: true, ...(agentId ? { agentId } : {}) }));
      sendJson(res, 200, JSON.stringify({ input_tokens: estimateTokens(text) }));
      return;
    }
    const request = toModelRequest(body, agentId ? { agentId } : {});
    mock.record(request);
    // A judge's call has no tools, like the CLI's bookkeeping; a script that names it answers it.
    if (request.sideChannel && !mock.scripts(request)) {
      sendMessage(
        res,
        assistantMessage({ text: SIDE_CHANNEL_TEXT }, requestedModel, estimateTokens(text)),
        stream,
      );
      return;
    }
    const turn = await mock.serveTurn(request, res);
    if (turn === undefined) return;
    const sent = options.translateTurn ? options.translateTurn(turn) : turn;
    sendMessage(res, assistantMessage(sent, requestedModel, estimateTokens(text)), stream);
  });
}
