// Runs on the host, around a confined run that has a network namespace of its own: an HTTP proxy
// (CONNECT for https, absolute-form requests for http) on a unix socket that the sandbox's relay
// (egress-relay.mjs) pipes to, connecting only to the allowed host:port endpoints. Everything else is
// answered 403 and named on stderr (VIGILES_EGRESS_REFUSED). Starts the command once it listens, passes
// its exit code and signals through, and removes the socket's folder when it ends.
// Usage: node egress-proxy.mjs SOCKET HOST:PORT[,HOST:PORT...] -- COMMAND ARGS...
import { mkdirSync, rmSync } from "node:fs";
import { request as httpRequest, createServer } from "node:http";
import { connect } from "node:net";
import { dirname } from "node:path";
import { runPassingThrough } from "./pipe-relay.mjs";

const [socketPath, allowList, dashes, ...argv] = process.argv.slice(2);
if (!socketPath || allowList === undefined || dashes !== "--" || argv.length === 0) {
  process.stderr.write("vigiles egress: usage: egress-proxy.mjs SOCKET HOST:PORT,... -- COMMAND ARGS...\n");
  process.exit(2);
}
const allowed = new Set(
  allowList
    .split(",")
    .filter(Boolean)
    .map((e) => e.toLowerCase()),
);

/** `host:port` of a CONNECT target or an absolute URL, lowercased; undefined when unreadable. */
function endpointOf(hostPort, defaultPort) {
  try {
    const u = new URL(`http://${hostPort}`);
    return {
      host: u.hostname.replace(/^\[|\]$/g, ""),
      port: Number(u.port || defaultPort),
      key: `${u.hostname}:${u.port || defaultPort}`.toLowerCase(),
    };
  } catch {
    return undefined;
  }
}

function refusal(target) {
  const message = `vigiles egress: refused ${target}: not an allowed endpoint of this run (VIGILES_EGRESS_REFUSED; allowed: ${[...allowed].join(", ") || "none"})`;
  process.stderr.write(`${message}\n`);
  return message;
}

const server = createServer((req, res) => {
  let url;
  try {
    url = new URL(req.url ?? "");
  } catch {
    url = undefined;
  }
  const target = url && url.protocol === "http:" ? endpointOf(url.host, 80) : undefined;
  if (!target || !allowed.has(target.key)) {
    const message = refusal(url ? url.host : String(req.url));
    res.writeHead(403, { "content-type": "text/plain", "x-vigiles-error": "VIGILES_EGRESS_REFUSED" });
    res.end(`${message}\n`);
    return;
  }
  const headers = { ...req.headers };
  delete headers["proxy-connection"];
  delete headers["proxy-authorization"];
  const upstream = httpRequest(
    {
      host: target.host,
      port: target.port,
      method: req.method,
      path: `${url.pathname}${url.search}`,
      headers,
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on("error", (error) => {
    if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
    res.end(`vigiles egress: ${target.key}: ${error.message}\n`);
  });
  req.pipe(upstream);
});

server.on("connect", (req, client, head) => {
  const target = endpointOf(req.url ?? "", 443);
  if (!target || !allowed.has(target.key)) {
    const message = refusal(String(req.url));
    client.end(
      `HTTP/1.1 403 Forbidden\r\nX-Vigiles-Error: VIGILES_EGRESS_REFUSED\r\nContent-Length: ${Buffer.byteLength(message) + 1}\r\n\r\n${message}\n`,
    );
    return;
  }
  const upstream = connect(target.port, target.host, () => {
    client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
    if (head.length > 0) upstream.write(head);
    upstream.pipe(client).pipe(upstream);
  });
  const close = () => {
    client.destroy();
    upstream.destroy();
  };
  upstream.on("error", () => {
    if (client.writable) client.end("HTTP/1.1 502 Bad Gateway\r\n\r\n");
    close();
  });
  client.on("error", close);
});

const folder = dirname(socketPath);
try {
  mkdirSync(folder, { mode: 0o700 });
} catch (error) {
  process.stderr.write(`vigiles egress: cannot make ${folder}: ${error.message}\n`);
  process.exit(2);
}
const removeFolder = () => rmSync(folder, { recursive: true, force: true });
process.on("exit", removeFolder);

server.listen(socketPath, () => {
  runPassingThrough("vigiles egress", argv, process.env, () => {
    server.close();
    removeFolder();
  });
});
