/**
 * Codex's hook trust, reproduced so the adapter can trust exactly the hooks under test. Codex skips
 * an untrusted hook silently; it runs one whose `[hooks.state."<file>:<event>:<group>:<handler>"]`
 * entry in config.toml carries the `trusted_hash` of its normalized declaration: `sha256:` over the
 * compact JSON, keys sorted, of `{ event_name, matcher?, hooks: [{ async, command, timeout, type }] }`
 * with Codex's defaults filled (timeout 600, async false). The command STRING is hashed, not the
 * script it names. Verified against the pinned 0.169.0 in test/codex.
 */
import { createHash } from "node:crypto";

/** `PreToolUse` → `pre_tool_use`, the event label Codex uses in trust keys. */
export function codexEventLabel(event: string): string {
  return event.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();
}

/** Codex's default timeout for a command hook, in seconds. */
export const CODEX_DEFAULT_HOOK_TIMEOUT_S = 600;

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

export interface TrustedHandler {
  readonly event: string;
  readonly matcher?: string;
  readonly command: string;
  readonly timeoutSeconds?: number;
}

/** The `trusted_hash` (`sha256:…`) Codex expects in config.toml for one hook handler, so the hook runs instead of being skipped. */
export function codexHookTrustHash(handler: TrustedHandler): string {
  const identity = {
    event_name: codexEventLabel(handler.event),
    matcher: handler.matcher,
    hooks: [
      {
        async: false,
        command: handler.command,
        timeout: handler.timeoutSeconds ?? CODEX_DEFAULT_HOOK_TIMEOUT_S,
        type: "command",
      },
    ],
  };
  return `sha256:${createHash("sha256").update(canonicalJson(identity)).digest("hex")}`;
}

/** The `[hooks.state."<file>:<event>:<group>:<handler>"]` key under which Codex looks up a hook's trust. */
export function codexHookStateKey(file: string, event: string, group: number, handler: number): string {
  return `${file}:${codexEventLabel(event)}:${group}:${handler}`;
}

/** A TOML basic string (JSON string escapes are valid TOML for the characters we write). */
export function tomlString(value: string): string {
  return JSON.stringify(value);
}
