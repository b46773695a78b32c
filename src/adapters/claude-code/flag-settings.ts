/**
 * The endpoint pinned through Claude Code's flag-settings layer (`--settings '<json>'`). Settings
 * `env` is applied over the process env, and the CLI reloads `.claude/settings.local.json` when it
 * changes, so a hook or a scripted command that writes `env.ANTHROPIC_BASE_URL` there mid-run would
 * reroute the next request. Flag settings outrank user, project and local settings (only managed
 * settings beat them): both pinned in test/harness/endpoint-leaks.test.ts against 2.1.328. The JSON
 * goes inline, so there is no file for a hook to rewrite. The key stays in the env: argv is visible
 * to every user of the machine.
 */
import type { ModelEndpoint } from "../port.js";

/** The `env` every run pins in flag settings: the endpoint, and every provider switch off. */
export function endpointFlagEnv(endpoint: ModelEndpoint): Record<string, string> {
  return {
    ANTHROPIC_BASE_URL: endpoint.baseUrl,
    // "0" is not truthy for the CLI's provider switches, so Bedrock, Vertex and Foundry stay off.
    CLAUDE_CODE_USE_BEDROCK: "0",
    CLAUDE_CODE_USE_VERTEX: "0",
    CLAUDE_CODE_USE_FOUNDRY: "0",
    // A mock lives on the loopback: no proxy that a settings layer names may sit in between.
    ...(endpoint.kind === "mock" ? { NO_PROXY: "*", no_proxy: "*" } : {}),
  };
}

/** The `--settings` argument of one run. */
export function endpointFlagSettings(endpoint: ModelEndpoint): string {
  return JSON.stringify({ env: endpointFlagEnv(endpoint) });
}
