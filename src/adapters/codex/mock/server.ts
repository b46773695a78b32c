/**
 * The Codex mock model: node:http on 127.0.0.1 (port 0, one per run) speaking the Responses API
 * (`POST /v1/responses`, SSE) to the real Codex CLI, serving the same scripts as the Claude Code
 * mock. On an overrun it answers 400 (which Codex does not retry) and remembers why, so the run
 * throws instead of seeing a repeated turn.
 */
import { readBody, parseJson, sendJson, sendSse } from "../../mock/http.js";
import { startScriptedMock } from "../../mock/running-mock.js";
import type { ModelScriptInput, RunningMock } from "../../port.js";
import { toCodexModelRequest } from "./flatten.js";
import { outputItems, responsesErrorBody, responseToSse } from "./responses-wire.js";

/** Codex marks a subagent's requests with this header. */
export const CODEX_SUBAGENT_HEADER = "x-openai-subagent";
const SIDE_CHANNEL_TEXT = "vigiles mock";

const estimateTokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));

/** Starts a Responses API mock serving `script`; close it when the run is over. */
export function startCodexMock(
  script: ModelScriptInput,
  options: { readonly socketPath?: string } = {},
): Promise<RunningMock> {
  const mockOptions = { ...options, errorBody: responsesErrorBody };
  return startScriptedMock(script, mockOptions, (mock) => async (req, res) => {
    const path = (req.url ?? "").split("?")[0] ?? "";
    if (req.method !== "POST" || !path.endsWith("/responses")) {
      sendJson(res, 404, responsesErrorBody(404, `vigiles mock model: no route ${req.method ?? ""} ${path}`));
      return;
    }
    const text = await readBody(req);
    const body = parseJson(text);
    const header = req.headers[CODEX_SUBAGENT_HEADER];
    const agentId = Array.isArray(header) ? header[0] : header;
    const request = toCodexModelRequest(body, agentId);
    mock.record(request);
    const modelName = mock.script.model ?? request.model ?? "mock";
    const usage = { inputTokens: estimateTokens(text), outputTokens: 8 };
    if (request.sideChannel && !mock.scripts(request)) {
      sendSse(res, responseToSse(outputItems({ text: SIDE_CHANNEL_TEXT }), usage, modelName));
      return;
    }
    const turn = await mock.serveTurn(request, res);
    if (turn === undefined) return;
    sendSse(res, responseToSse(outputItems(turn), usage, modelName));
  });
}
