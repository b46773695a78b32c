// A stand-in for "a real endpoint": a node:http server on 127.0.0.1 that records every request it
// gets and answers each with a non-retryable 400, so a CLI rerouted to it fails fast. A test that
// proves a leak is closed asserts it saw 0 requests.
import { createServer } from "node:http";

export interface LoggingListener {
  readonly url: string;
  readonly requests: readonly { readonly method: string; readonly url: string }[];
  close(): Promise<void>;
}

export async function startLoggingListener(): Promise<LoggingListener> {
  const requests: { method: string; url: string }[] = [];
  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? "", url: req.url ?? "" });
    req.resume();
    req.on("end", () => {
      res.writeHead(400, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          type: "error",
          error: { type: "invalid_request_error", message: "logging listener: this is not the mock" },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address !== null ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
