/**
 * The HTTP plumbing every adapter's mock model shares: a capped body reader, JSON answers, and a
 * server on 127.0.0.1 (port 0) that can also listen on a unix socket, which a confined run's relay
 * reaches from inside its network namespace.
 */
import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";

const MAX_BODY_BYTES = 64 * 1024 * 1024;

export function readBody(req: IncomingMessage): Promise<string> {
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

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(body);
}

export function sendSse(res: ServerResponse, body: string): void {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  res.end(body);
}

/**
 * Scripted delays, all cancelled at once when the mock closes, so a killed run leaves no timer
 * behind (a cancelled delay never resolves: its request is gone with the connection).
 */
export function scriptedDelays(): { sleep(ms: number): Promise<void>; cancelAll(): void } {
  const pending = new Set<NodeJS.Timeout>();
  return {
    sleep: (ms) =>
      new Promise<void>((resolve) => {
        const t = setTimeout(() => {
          pending.delete(t);
          resolve();
        }, ms);
        pending.add(t);
      }),
    cancelAll: () => {
      for (const t of pending) clearTimeout(t);
      pending.clear();
    },
  };
}

export interface MockListener {
  readonly url: string;
  readonly port: number;
  readonly socketPath?: string;
  close(): Promise<void>;
}

/**
 * Serves `handle` on 127.0.0.1 (a fresh port) and, when given, on `socketPath`. A handler that
 * throws answers 500 (or drops a response already under way) with the error, never hangs the CLI.
 */
export async function listenMock(
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  errorBody: (message: string) => string,
  socketPath?: string,
): Promise<MockListener> {
  const listener: RequestListener = (req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, errorBody(`vigiles mock model failed: ${String(error)}`));
      else res.destroy();
    });
  };
  const listen = (server: Server, ...target: [number, string] | [string]) =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(...(target as [number, string]), () => resolve());
    });
  const tcp = createServer(listener);
  await listen(tcp, 0, "127.0.0.1");
  const port = (tcp.address() as AddressInfo).port;
  const servers = [tcp];
  if (socketPath !== undefined) {
    const unix = createServer(listener);
    await listen(unix, socketPath);
    servers.push(unix);
  }
  const closeOne = (s: Server) =>
    new Promise<void>((resolve) => {
      s.close(() => resolve());
      s.closeAllConnections();
    });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    ...(socketPath !== undefined ? { socketPath } : {}),
    close: async () => {
      await Promise.all(servers.map(closeOne));
    },
  };
}
