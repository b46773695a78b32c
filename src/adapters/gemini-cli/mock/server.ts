/**
 * The Gemini mock model: node:http on 127.0.0.1 (port 0, one per run) speaking the Gemini API
 * (`POST /v1beta/models/<model>:streamGenerateContent?alt=sse`) to the real Gemini CLI, serving the
 * same scripts as the other mocks. Token counts and non-streamed side questions are bookkeeping:
 * answered outside the script and recorded with `sideChannel: true`. On an overrun it answers 400,
 * which the CLI does not retry, and remembers why, so the run throws instead of repeating a turn.
 */
import { parseJson, readBody, sendJson, sendSse } from "../../mock/http.js";
import { startScriptedMock } from "../../mock/running-mock.js";
import type { ModelScriptInput, RunningMock } from "../../port.js";
import { toGeminiModelRequest } from "./flatten.js";
import { geminiErrorBody, partsToJson, partsToSse, turnParts } from "./gemini-wire.js";

const SIDE_CHANNEL_TEXT = "vigiles mock";
const ROUTE = /^\/v1(?:beta|alpha)?\/models\/([^/:]+):([A-Za-z]+)$/;

const estimateTokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));

/** The answer to a side question: JSON when the CLI asked for JSON, else a short text. */
function sideAnswer(body: unknown): string {
  const config =
    typeof body === "object" && body !== null
      ? (body as Record<string, unknown>)["generationConfig"]
      : undefined;
  const mime =
    typeof config === "object" && config !== null
      ? (config as Record<string, unknown>)["responseMimeType"]
      : undefined;
  return mime === "application/json" ? "{}" : SIDE_CHANNEL_TEXT;
}

/** Starts a Gemini API mock serving `script`; close it when the run is over. */
export function startGeminiMock(
  script: ModelScriptInput,
  options: { readonly socketPath?: string } = {},
): Promise<RunningMock> {
  const mockOptions = { ...options, errorBody: geminiErrorBody };
  return startScriptedMock(script, mockOptions, (mock) => async (req, res) => {
    const path = (req.url ?? "").split("?")[0] ?? "";
    const route = ROUTE.exec(path);
    if (req.method !== "POST" || !route) {
      sendJson(res, 404, geminiErrorBody(404, `vigiles mock model: no route ${req.method ?? ""} ${path}`));
      return;
    }
    const [, askedModel = "", method = ""] = route;
    const text = await readBody(req);
    const body = parseJson(text);
    const request = toGeminiModelRequest(body, method, decodeURIComponent(askedModel));
    mock.record(request);
    const modelName = mock.script.model ?? request.model ?? "mock";
    const usage = { inputTokens: estimateTokens(text), outputTokens: 8 };
    if (method === "countTokens") {
      sendJson(res, 200, JSON.stringify({ totalTokens: usage.inputTokens }));
      return;
    }
    if (request.sideChannel && !mock.scripts(request)) {
      const parts = [{ text: sideAnswer(body) }];
      if (method === "streamGenerateContent") sendSse(res, partsToSse(parts, usage, modelName));
      else sendJson(res, 200, partsToJson(parts, usage, modelName));
      return;
    }
    // Gemini CLI's requests name no subagent, so every answered turn counts as the main agent's.
    const turn = await mock.serveTurn(request, res);
    if (turn === undefined) return;
    sendSse(res, partsToSse(turnParts(turn), usage, modelName));
  });
}
