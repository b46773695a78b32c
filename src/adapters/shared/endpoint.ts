/**
 * The checks every adapter makes on where a run's model requests go, before it builds a command
 * line: a mock endpoint is plain http on the loopback, and the spec's env sets nothing that routes
 * requests (each harness names its own routing variables).
 */
import type { ModelEndpoint } from "../port.js";
import { InvalidOptionError } from "../../core/errors.js";
import { UnsafeEndpointError } from "./errors.js";

/** `http://127.0.0.1`, `http://localhost` or `http://[::1]`, any port. */
export function isLoopbackUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return (
      u.protocol === "http:" &&
      (u.hostname === "127.0.0.1" || u.hostname === "localhost" || u.hostname === "[::1]")
    );
  } catch {
    return false;
  }
}

/** A mock endpoint must be plain http on the loopback; anything else would leave the machine. */
export function assertEndpointAllowed(endpoint: ModelEndpoint, harness: string): void {
  if (endpoint.kind === "mock" && !isLoopbackUrl(endpoint.baseUrl)) {
    throw new UnsafeEndpointError(
      `the mock endpoint ${JSON.stringify(endpoint.baseUrl)} is not on 127.0.0.1`,
      harness,
    );
  }
}

/**
 * The proxy variables a CLI's HTTP stack reads, in both cases: an adapter pins them empty in its
 * launch env so the host's proxy never carries a run's traffic (Gemini CLI, Qwen Code, OpenCode).
 */
export const PROXY_ENV = [
  "HTTPS_PROXY",
  "HTTP_PROXY",
  "https_proxy",
  "http_proxy",
  "ALL_PROXY",
  "all_proxy",
] as const;

/**
 * Variables that send a CLI's traffic somewhere whatever harness reads them: proxies, base and API
 * URLs, telemetry exporters and switches, metadata servers, another GitHub host. Each adapter refuses
 * its own provider's names too; these the session runner refuses for every adapter, present or
 * future. A spec's env with `CLAUDE_CODE_ENABLE_TELEMETRY=1` and `OTEL_EXPORTER_OTLP_ENDPOINT` made
 * an unconfined Claude Code run (and Copilot CLI 1.0.102 with the OTEL names) connect to that
 * endpoint (test/attacks/endpoint-leak.test.ts).
 */
const ROUTES_ANYWHERE =
  /^(HTTPS?_PROXY|ALL_PROXY|NO_PROXY|OTEL_\w*|OTLP_\w*|(?!DISABLE_)\w*TELEMETRY\w*|\w+_BASE_URL|\w+_API_URL|\w+_API_BASE|\w+_ENDPOINT|GCE_METADATA\w*|METADATA_SERVER\w*|GH_HOST|GH_ENTERPRISE_TOKEN|GITHUB_SERVER_URL)$/i;

/** Refuses a spec's env that names a variable routing traffic for any harness (`ROUTES_ANYWHERE`). */
export function assertEnvRoutesNowhere(
  env: Readonly<Record<string, string>> | undefined,
  harness: string,
): void {
  const routing = Object.keys(env ?? {}).filter((name) => ROUTES_ANYWHERE.test(name));
  if (routing.length > 0) {
    throw new UnsafeEndpointError(
      `the spec's env sets ${routing.join(", ")}, which can send its traffic elsewhere`,
      harness,
    );
  }
}

/**
 * A spec's env, refused when it names a variable of the adapter's own `routing` pattern (its
 * provider's base URLs and keys): vigiles sets those for the mock and nothing else may.
 */
export function specEnvLeavingRouting(
  env: Readonly<Record<string, string>> | undefined,
  routing: RegExp,
): Readonly<Record<string, string>> {
  for (const name of Object.keys(env ?? {})) {
    if (routing.test(name))
      throw new InvalidOptionError(`the spec's env may not set ${name}: vigiles owns model routing`);
  }
  return env ?? {};
}
