/**
 * The checks every adapter makes on where a run's model requests go, before it builds a command
 * line: a mock endpoint is plain http on the loopback, and the spec's env sets nothing that routes
 * requests (each harness names its own routing variables).
 */
import type { ModelEndpoint } from "../port.js";
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
