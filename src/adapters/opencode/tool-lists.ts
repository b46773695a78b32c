/**
 * A spec's tool lists in OpenCode 1.18.33's config (its schema: `tools: Record<string, boolean>`
 * turns a tool off, so the model is never offered it; `permission: Record<tool, "allow" | "ask" |
 * "deny">`). `disallowedTools` removes each tool from what the model is offered, as Claude Code's
 * does; `allowedTools` lets each run without a permission ask (an ask ends a headless run). Tools
 * in Claude Code's names or OpenCode's; a rule with a pattern (`Bash(git *)`) is refused, since no
 * mapping to OpenCode's per-pattern permissions has been measured.
 */
import type { SessionSpec } from "../port.js";
import { OpenCodeUnsupportedError } from "./errors.js";
import { CLAUDE_TO_OPENCODE_TOOL } from "./mock/tool-names.js";

const NATIVE = new Set(Object.values(CLAUDE_TO_OPENCODE_TOOL));

function nativeTool(name: string, list: string): string {
  const native = CLAUDE_TO_OPENCODE_TOOL[name] ?? (NATIVE.has(name) ? name : undefined);
  if (native === undefined)
    throw new OpenCodeUnsupportedError(
      `take ${JSON.stringify(name)} in ${list}`,
      /\(/.test(name)
        ? "a tool rule with a pattern has no measured OpenCode mapping; name the whole tool"
        : `OpenCode has no such tool; its tools are ${[...NATIVE].join(", ")} (or Claude Code's names for them)`,
    );
  return native;
}

/** The config keys the spec's tool lists become (merged into the run's inline config). */
export function openCodeToolConfig(spec: SessionSpec): Record<string, unknown> {
  const off = (spec.disallowedTools ?? []).map((t) => nativeTool(t, "disallowedTools"));
  const allowed = (spec.allowedTools ?? []).map((t) => nativeTool(t, "allowedTools"));
  const clash = allowed.find((t) => off.includes(t));
  if (clash !== undefined)
    throw new OpenCodeUnsupportedError(
      `both allow and disallow ${clash}`,
      "a tool is in allowedTools and disallowedTools; keep it in one",
    );
  return {
    ...(off.length > 0 ? { tools: Object.fromEntries(off.map((t) => [t, false])) } : {}),
    ...(allowed.length > 0 ? { permission: Object.fromEntries(allowed.map((t) => [t, "allow"])) } : {}),
  };
}
