/**
 * The network of a confined run that may reach named endpoints (`network: "shared"`): the run keeps
 * a network namespace of its own (the host's abstract unix sockets and every other port stay out of
 * reach; with the host's namespace shared, a host abstract socket answered), and reaches the
 * network only through vigiles' egress proxy on the host, which connects to the allowed host:port
 * endpoints and refuses anything else by name (VIGILES_EGRESS_REFUSED on the run's stderr).
 *
 *   egress-proxy.mjs (host, unix socket) ← egress-relay.mjs (sandbox loopback, *_PROXY set) ← command
 */
import { randomUUID } from "node:crypto";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { InvalidOptionError } from "../core/errors.js";

const PROXY_SCRIPT = new URL("./egress-proxy.mjs", import.meta.url).pathname;
const RELAY_SCRIPT = new URL("./egress-relay.mjs", import.meta.url).pathname;

/** `host:port`, lowercased, as the proxy compares it; throws on anything else. */
export function normalizeEndpoint(endpoint: string): string {
  let url: URL | undefined;
  try {
    url = /^[\w.-]+:\d+$|^\[[\da-f:.]+\]:\d+$/i.test(endpoint) ? new URL(`http://${endpoint}`) : undefined;
  } catch {
    url = undefined;
  }
  const port = url ? endpoint.slice(endpoint.lastIndexOf(":") + 1) : "";
  if (!url || Number(port) < 1 || Number(port) > 65_535) {
    throw new InvalidOptionError(
      `Expected an allowed endpoint as host:port (e.g. "api.example.com:443"), got ${JSON.stringify(endpoint)}.`,
    );
  }
  return `${url.hostname}:${port}`.toLowerCase();
}

/** The `host:port` a base URL connects to (443 for https, 80 for http when it names no port). */
export function endpointOfUrl(baseUrl: string): string {
  const url = new URL(baseUrl);
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  return normalizeEndpoint(`${url.hostname}:${port}`);
}

/** How one run's egress is wired: the inner command, what to bind, and the outer wrapper. */
export interface EgressPlan {
  /** The sandbox's command: the relay, then the run's own argv. */
  readonly inner: [string, ...string[]];
  /** Bound read-only into the sandbox: the relay script's folder and the proxy socket's folder. */
  readonly readOnly: readonly string[];
  /** The proxy's socket (left connectable inside). */
  readonly socket: string;
  /** The whole run: the host-side proxy around the bwrap argv. */
  wrap(bwrapArgv: readonly string[]): [string, ...string[]];
}

/**
 * The egress of a run allowed to reach `allow` (host:port each, at least one). The socket's folder is
 * made by the proxy when it starts and removed when the run ends.
 */
export function egressPlan(argv: readonly string[], allow: readonly string[]): EgressPlan {
  if (allow.length === 0) {
    throw new InvalidOptionError(
      'A confined run with network "shared" reaches only the endpoints it names: give `allow: ["host:port"]` (or use network "none").',
    );
  }
  const endpoints = [...new Set(allow.map(normalizeEndpoint))];
  const folder = join(tmpdir(), `vigiles-egress-${randomUUID()}`);
  const socket = join(folder, "proxy.sock");
  return {
    inner: [process.execPath, RELAY_SCRIPT, socket, "--", ...argv],
    readOnly: [dirname(RELAY_SCRIPT), folder],
    socket,
    wrap: (bwrapArgv) => [process.execPath, PROXY_SCRIPT, socket, endpoints.join(","), "--", ...bwrapArgv],
  };
}
