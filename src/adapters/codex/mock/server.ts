/**
 * The Codex mock model: node:http on 127.0.0.1 (port 0, one per run) speaking the Responses API
 * (`POST /v1/responses`, SSE) to the real Codex CLI, serving the same scripts as the Claude Code
 * mock. On an overrun it answers 400 (which Codex does not retry) and remembers why, so the run
 * throws instead of seeing a repeated turn.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { ModelRequest } from "../../../core/trace.js";
import { ScriptSession, toModelScript } from "../../claude-code/mock/script.js";
import type { ModelScriptInput, RunningMock } from "../../port.js";
import { toCodexModelRequest } from "./flatten.js";
import { outputItems, responsesErrorBody, responseToSse } from "./responses-wire.js";

/** Codex marks a subagent's requests with this header. */
export const CODEX_SUBAGENT_HEADER = "x-openai-subagent";
const MAX_BODY_BYTES = 64 * 1024 * 1024;
const SIDE_CHANNEL_TEXT = "vigiles mock";

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const estimateTokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error(`request body over ${MAX_BODY_BYTES} bytes`));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function sendJson(
  res: ServerResponse,
  status: number,
  body: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(body);
}

function sendSse(res: ServerResponse, body: string): void {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  res.end(body);
}

/** Starts a Responses API mock serving `script`; close it when the run is over. */
export async function startCodexMock(
  script: ModelScriptInput,
  options: { readonly socketPath?: string } = {},
): Promise<RunningMock> {
  const model = toModelScript(script);
  const session = new ScriptSession(model);
  const requests: ModelRequest[] = [];
  const overruns: string[] = [];
  let answeredTurns = 0;

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = (req.url ?? "").split("?")[0] ?? "";
    if (req.method !== "POST" || !path.endsWith("/responses")) {
      sendJson(res, 404, responsesErrorBody(404, `vigiles mock model: no route ${req.method ?? ""} ${path}`));
      return;
    }
    const text = await readBody(req);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    const header = req.headers[CODEX_SUBAGENT_HEADER];
    const agentId = Array.isArray(header) ? header[0] : header;
    const request = toCodexModelRequest(body, agentId);
    requests.push(request);
    const modelName = model.model ?? request.model ?? "mock";
    const usage = { inputTokens: estimateTokens(text), outputTokens: 8 };
    if (request.sideChannel) {
      sendSse(res, responseToSse(outputItems({ text: SIDE_CHANNEL_TEXT }), usage, modelName));
      return;
    }
    let next;
    try {
      next = session.next(request);
    } catch (error) {
      next = { kind: "overrun" as const, message: `a turn function of the script threw: ${String(error)}` };
    }
    if (next.kind === "overrun") {
      if (!overruns.includes(next.message)) overruns.push(next.message);
      sendJson(res, 400, responsesErrorBody(400, `vigiles mock model: script overrun: ${next.message}`));
      return;
    }
    const { turn } = next;
    if (turn.delayMs !== undefined && turn.delayMs > 0) await sleep(turn.delayMs);
    if ("error" in turn) {
      const { status, type, message, retryAfter } = turn.error;
      sendJson(
        res,
        status,
        responsesErrorBody(status, message ?? `scripted error ${status}`, type),
        retryAfter !== undefined ? { "retry-after": String(retryAfter) } : {},
      );
      return;
    }
    if (request.agentId === undefined) answeredTurns += 1;
    sendSse(res, responseToSse(outputItems(turn), usage, modelName));
  };

  const listener = (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent)
        sendJson(res, 500, responsesErrorBody(500, `vigiles mock model failed: ${String(error)}`));
      else res.destroy();
    });
  };
  const server: Server = createServer(listener);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  let socketServer: Server | undefined;
  if (options.socketPath !== undefined) {
    const socketPath = options.socketPath;
    socketServer = createServer(listener);
    await new Promise<void>((resolve, reject) => {
      socketServer?.once("error", reject);
      socketServer?.listen(socketPath, () => resolve());
    });
  }
  const closeOne = (s: Server) =>
    new Promise<void>((resolve) => {
      s.close(() => resolve());
      s.closeAllConnections();
    });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    ...(options.socketPath !== undefined ? { socketPath: options.socketPath } : {}),
    requests,
    overruns,
    answeredTurns: () => answeredTurns,
    close: async () => {
      await Promise.all([closeOne(server), ...(socketServer ? [closeOne(socketServer)] : [])]);
    },
  };
}
