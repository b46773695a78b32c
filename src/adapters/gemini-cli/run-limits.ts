/**
 * The spec's `maxTurns` and `disallowedTools` as Gemini CLI settings (user layer, in the private
 * HOME), each pinned by a real run in test/gemini/gemini-features.test.ts:
 *
 * - `maxTurns` → `model.maxSessionTurns`: Gemini counts every model call of the session, as Claude
 *   Code's `--max-turns` counts agent turns; past the cap the CLI ends the run with "Reached max
 *   session turns" (exit 53) and sends no further request.
 * - `disallowedTools` → `tools.exclude`, in Gemini's tool names (`Write` → `write_file`): the tool is
 *   left out of the request's function declarations, as Claude Code leaves a disallowed tool out.
 *   `tools.exclude` merges by union, so a fixture's own list adds to it. A Claude Code rule with a
 *   pattern (`Bash(git push:*)`) has no counterpart and is refused.
 */
import { CLAUDE_TO_GEMINI_TOOL, GEMINI_BUILTIN_TOOLS } from "./dialect/rules.js";
import type { SessionSpec } from "../port.js";
import { GeminiUnsupportedError } from "./errors.js";

type Json = Record<string, unknown>;

/** A disallowed tool in Gemini's name: a Claude Code name translated, or one of Gemini's own. */
function excludedToolName(rule: string): string {
  const name = rule.trim();
  const mapped = Object.hasOwn(CLAUDE_TO_GEMINI_TOOL, name) ? CLAUDE_TO_GEMINI_TOOL[name] : undefined;
  if (mapped !== undefined) return mapped;
  if (GEMINI_BUILTIN_TOOLS.includes(name)) return name;
  throw new GeminiUnsupportedError(
    `disallow ${JSON.stringify(rule)}`,
    /[()*]/.test(name)
      ? "a Claude Code permission rule with a pattern has no counterpart in Gemini's tools.exclude; name the whole tool"
      : `it names no Gemini tool (Claude Code names with a counterpart, or Gemini's own: ${GEMINI_BUILTIN_TOOLS.join(", ")})`,
  );
}

/** The user-layer settings that carry the spec's limits, merged into vigiles' pinned settings. */
export function geminiRunLimitSettings(spec: Pick<SessionSpec, "maxTurns" | "disallowedTools">): Json {
  const out: Json = {};
  if (spec.maxTurns !== undefined) out["model"] = { maxSessionTurns: spec.maxTurns };
  if ((spec.disallowedTools?.length ?? 0) > 0) {
    out["tools"] = { exclude: [...new Set((spec.disallowedTools ?? []).map(excludedToolName))] };
  }
  return out;
}

/**
 * Workspace settings outrank the user layer: a fixture that sets `model.maxSessionTurns` itself would
 * silently replace the spec's cap, so the two together are refused.
 */
export function assertFixtureKeepsLimits(
  settings: Json,
  file: string,
  spec: Pick<SessionSpec, "maxTurns">,
): void {
  const model = settings["model"];
  const fixtureCap =
    typeof model === "object" && model !== null ? (model as Json)["maxSessionTurns"] : undefined;
  if (spec.maxTurns !== undefined && fixtureCap !== undefined) {
    throw new GeminiUnsupportedError(
      `cap turns at ${spec.maxTurns}`,
      `${file} sets model.maxSessionTurns itself, which outranks the spec's maxTurns; set one of the two`,
    );
  }
}
