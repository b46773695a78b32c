/**
 * A mock model speaking the OpenAI chat-completions API (`POST …/chat/completions`, SSE when
 * `stream:true`), the wire of the harnesses that take an OpenAI-compatible base URL (Qwen Code,
 * OpenCode). Scripts are written in Claude Code's tool names; `translateCall` gives each harness's
 * own name and arguments on the wire. A request that offers no tools is the CLI's bookkeeping:
 * answered outside the script (`{}` when it asked for JSON) and recorded with `sideChannel: true`.
 * `GET …/models` lists the script's model, for clients that check it.
 */
import type { IncomingMessage } from "node:http";
import { isRecord } from "../../../core/is-record.js";
import type { ModelRequest } from "../../../core/trace.js";
import { parseJson, readBody, sendJson } from "../http.js";
import { startScriptedMock, type ScriptedMock } from "../running-mock.js";
import type { ModelScriptInput } from "../../port.js";
import { toChatModelRequest } from "./flatten.js";
import {
  answerToJson,
  answerToSse,
  chatAnswer,
  chatErrorBody,
  type ChatAnswer,
  type ChatUsage,
} from "./chat-wire.js";

const SIDE_CHANNEL_TEXT = "vigiles mock";
const DEFAULT_MODEL = "mock-model";

type Json = Record<string, unknown>;

export interface ChatCompletionsMockOptions {
  /** Also listen on this unix socket (a confined run relays to it from inside its network namespace). */
  readonly socketPath?: string;
  /**
   * A scripted call (Claude Code's name and input) in the harness's name and arguments, given the
   * request it answers (a harness that wants absolute paths reads its working directory there);
   * identity by default.
   */
  readonly translateCall?: ChatCallTranslator;
  /** How a request names the subagent that sent it (undefined: the main agent). */
  readonly agentIdOf?: (req: IncomingMessage, body: unknown) => string | undefined;
}

/** How a harness names a scripted call on the wire. */
export type ChatCallTranslator = (
  tool: string,
  input: Readonly<Record<string, unknown>>,
  request: ModelRequest,
) => { name: string; input: Json };

const identity: ChatCallTranslator = (tool, input) => ({ name: tool, input: { ...input } });
const estimateTokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));

/** The answer to bookkeeping: JSON when the request asked for JSON, else a short text. */
function sideAnswer(body: unknown): ChatAnswer {
  const format =
    isRecord(body) && isRecord(body["response_format"]) ? body["response_format"]["type"] : undefined;
  const json = format === "json_object" || format === "json_schema";
  return { text: json ? "{}" : SIDE_CHANNEL_TEXT, calls: [] };
}

/** Starts a chat-completions mock serving `script`; close it when the run is over. */
export function startChatCompletionsMock(
  script: ModelScriptInput,
  options: ChatCompletionsMockOptions = {},
): Promise<ScriptedMock> {
  const translate = options.translateCall ?? identity;
  const mockOptions = {
    ...(options.socketPath !== undefined ? { socketPath: options.socketPath } : {}),
    errorBody: chatErrorBody,
  };
  return startScriptedMock(script, mockOptions, (mock) => async (req, res) => {
    const path = (req.url ?? "").split("?")[0] ?? "";
    if (req.method === "GET" && path.endsWith("/models")) {
      const id = mock.script.model ?? DEFAULT_MODEL;
      sendJson(
        res,
        200,
        JSON.stringify({ object: "list", data: [{ id, object: "model", owned_by: "vigiles" }] }),
      );
      return;
    }
    if (req.method !== "POST" || !path.endsWith("/chat/completions")) {
      sendJson(res, 404, chatErrorBody(404, `vigiles mock model: no route ${req.method ?? ""} ${path}`));
      return;
    }
    const text = await readBody(req);
    const body = parseJson(text);
    const agentId = options.agentIdOf?.(req, body);
    const request = toChatModelRequest(body, agentId !== undefined ? { agentId } : {});
    mock.record(request);
    const stream = isRecord(body) && body["stream"] === true;
    const model = mock.script.model ?? request.model ?? DEFAULT_MODEL;
    const send = (answer: ChatAnswer) => {
      const usage: ChatUsage = {
        promptTokens: estimateTokens(text),
        completionTokens: estimateTokens(JSON.stringify(answer)),
      };
      if (!stream) {
        sendJson(res, 200, answerToJson(answer, model, usage));
        return;
      }
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      res.end(answerToSse(answer, model, usage));
    };
    if (request.sideChannel && !mock.scripts(request)) {
      send(sideAnswer(body));
      return;
    }
    const turn = await mock.serveTurn(request, res);
    if (turn === undefined) return;
    send(chatAnswer(turn, (tool, input) => translate(tool, input, request)));
  });
}
