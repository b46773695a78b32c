/**
 * The mock model: an in-process node:http server on 127.0.0.1 (port 0, one per run) speaking the
 * Anthropic Messages API to the real Claude Code CLI. It serves a `ModelScript`, records every
 * request as a `ModelRequest`, answers the CLI's bookkeeping requests (no tools) with short text
 * outside the script, and on an overrun answers with a non-retryable error and remembers it so the
 * run can throw `ScriptOverrunError`: it never repeats the last turn.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { listenMock, parseJson, readBody, scriptedDelays, sendJson } from "../../mock/http.js";
import type { ModelRequest } from "../../../core/trace.js";
import { toModelRequest } from "./flatten.js";
import {
  assistantMessage,
  errorBody,
  estimateTokens,
  messageToSse,
  type AssistantMessage,
} from "./messages-wire.js";
import { ScriptSession, toModelScript, type ModelScriptInput } from "../../mock/script.js";
import type { UnservedTurns } from "../../port.js";
import { serveScriptedTurn } from "../../mock/serve-turn.js";
import type { ModelTurn } from "../../../core/model-turn.js";

/** The header Claude Code puts on a subagent's requests. */
export const AGENT_ID_HEADER = "x-claude-code-agent-id";
/** The reply to bookkeeping requests (titles, summaries): short, and never a turn of the script. */
const SIDE_CHANNEL_TEXT = "vigiles mock";

/** Options of `startMockModel`. */
export interface MockModelOptions {
  /** Also listen on this unix socket (a confined run relays to it from inside its network namespace). */
  readonly socketPath?: string;
  /**
   * How a request names the subagent that sent it; defaults to Claude Code's `x-claude-code-agent-id`
   * header. Another harness on the same wire (Copilot's BYOK `anthropic` provider) passes its own.
   */
  readonly agentIdOf?: (req: IncomingMessage, body: unknown) => string | undefined;
  /** Rewrites a scripted turn before it is sent (another harness's tool names and input shapes). */
  readonly translateTurn?: (
    turn: Exclude<ModelTurn, { error: unknown }>,
  ) => Exclude<ModelTurn, { error: unknown }>;
}

/** A running mock model. */
export interface MockModel {
  /** `http://127.0.0.1:PORT`, the value for ANTHROPIC_BASE_URL. */
  readonly url: string;
  readonly port: number;
  readonly socketPath?: string;
  /** Every request that reached the mock, in arrival order. */
  readonly requests: readonly ModelRequest[];
  /** Why the script could not answer (overruns, turn functions that threw), in order. */
  readonly overruns: readonly string[];
  /** Main-agent turns answered with a message (errors, overruns and bookkeeping excluded). */
  answeredTurns(): number;
  /** Turns served per script label ("main agent", each subagent). */
  served(): Record<string, number>;
  /** The scripts (main agent, each started subagent) whose last turn was never served. */
  unservedTurns(): readonly UnservedTurns[];
  close(): Promise<void>;
}

function sendMessage(res: ServerResponse, message: AssistantMessage, stream: boolean): void {
  if (!stream) {
    sendJson(res, 200, JSON.stringify(message));
    return;
  }
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  res.end(messageToSse(message));
}

/** Starts a mock model serving `script`. Close it when the run is over. */
export async function startMockModel(
  script: ModelScriptInput,
  options: MockModelOptions = {},
): Promise<MockModel> {
  const session = new ScriptSession(toModelScript(script));
  const modelName = toModelScript(script).model;
  const requests: ModelRequest[] = [];
  const overruns: string[] = [];
  let answeredTurns = 0;
  // Scripted delays still pending when the mock closes are dropped, so a killed run leaves no timer behind.
  const delays = scriptedDelays();
  const sleep = delays.sleep;

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = (req.url ?? "").split("?")[0] ?? "";
    if (req.method !== "POST" || !path.startsWith("/v1/messages")) {
      sendJson(res, 404, errorBody(404, `vigiles mock model: no route ${req.method ?? ""} ${path}`));
      return;
    }
    const text = await readBody(req);
    const body = parseJson(text);
    const header = req.headers[AGENT_ID_HEADER];
    const agentId = options.agentIdOf
      ? options.agentIdOf(req, body)
      : Array.isArray(header)
        ? header[0]
        : header;
    const stream =
      typeof body === "object" && body !== null && (body as { stream?: unknown }).stream === true;
    const requestedModel =
      modelName ??
      (typeof body === "object" && body !== null ? String((body as { model?: unknown }).model) : "mock");

    if (path === "/v1/messages/count_tokens") {
      requests.push(toModelRequest(body, { sideChannel: true, ...(agentId ? { agentId } : {}) }));
      sendJson(res, 200, JSON.stringify({ input_tokens: estimateTokens(text) }));
      return;
    }
    const request = toModelRequest(body, agentId ? { agentId } : {});
    requests.push(request);
    if (request.sideChannel) {
      sendMessage(
        res,
        assistantMessage({ text: SIDE_CHANNEL_TEXT }, requestedModel, estimateTokens(text)),
        stream,
      );
      return;
    }
    const turn = await serveScriptedTurn(request, res, { session, overruns, sleep, errorBody });
    if (turn === undefined) return;
    if (request.agentId === undefined) answeredTurns += 1;
    const sent = options.translateTurn ? options.translateTurn(turn) : turn;
    sendMessage(res, assistantMessage(sent, requestedModel, estimateTokens(text)), stream);
  };

  const server = await listenMock(handle, (message) => errorBody(500, message), options.socketPath);

  return {
    url: server.url,
    port: server.port,
    ...(server.socketPath !== undefined ? { socketPath: server.socketPath } : {}),
    requests,
    overruns,
    answeredTurns: () => answeredTurns,
    served: () => session.served(),
    unservedTurns: () => session.unserved(),
    close: async () => {
      delays.cancelAll();
      await server.close();
    },
  };
}
