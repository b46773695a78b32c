/**
 * A spec's `settings.hooks` in Claude Code's shape, carried over to Gemini CLI where the meaning
 * does: the event (`PreToolUse` → `BeforeTool` …), the tool names in a matcher (`Bash` →
 * `run_shell_command`), and the timeout (Claude Code reads seconds, Gemini milliseconds). What does
 * not carry over (an event Gemini lacks, a tool Gemini does not have, a handler that is not a
 * command) is refused with a named error, never dropped. The hook's own output is not translated:
 * Gemini reads its own verdict fields (top-level `decision`), which is what a run then shows.
 */
import { InvalidOptionError } from "../../core/errors.js";
import { GeminiHookTranslationError } from "./errors.js";
import { CLAUDE_TO_GEMINI_TOOL, GEMINI_EVENT_RULES } from "./dialect/rules.js";
import { isRecord } from "../../core/is-record.js";

type Json = Record<string, unknown>;

/** Claude Code event → Gemini CLI event, for the events whose moment and meaning match (gemini-rules.ts). */
export const CLAUDE_TO_GEMINI_EVENT: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(GEMINI_EVENT_RULES).flatMap(([event, rules]) =>
    rules.claudeEvent !== undefined ? [[rules.claudeEvent, event]] : [],
  ),
);

const TOOL_EVENTS = new Set(["BeforeTool", "AfterTool"]);
const PLAIN_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A Claude Code matcher (`Bash`, `Write|Edit`, `*`) as Gemini's, or why it does not carry over. */
export function translateToolMatcher(matcher: string): string | { readonly refused: string } {
  const trimmed = matcher.trim();
  if (trimmed === "" || trimmed === "*" || trimmed === ".*") return trimmed;
  const parts = trimmed.split("|").map((p) => p.trim());
  const out: string[] = [];
  for (const part of parts) {
    // The dialect's one table of Claude Code tool names and their Gemini CLI counterparts.
    const mapped = Object.hasOwn(CLAUDE_TO_GEMINI_TOOL, part) ? CLAUDE_TO_GEMINI_TOOL[part] : undefined;
    if (mapped !== undefined) {
      out.push(mapped);
      continue;
    }
    if (!PLAIN_NAME.test(part)) {
      return { refused: `the matcher part ${JSON.stringify(part)} is a pattern, not a tool name` };
    }
    return { refused: `Gemini CLI has no counterpart of the tool ${JSON.stringify(part)}` };
  }
  return out.join("|");
}

/** Claude Code's `hooks` object as Gemini CLI's. */
export function translateClaudeHooks(hooks: unknown): Json {
  if (!isRecord(hooks)) throw new InvalidOptionError("settings.hooks must be an object keyed by event name");
  const out: Json = {};
  for (const [event, groups] of Object.entries(hooks)) {
    const geminiEvent = Object.hasOwn(CLAUDE_TO_GEMINI_EVENT, event)
      ? CLAUDE_TO_GEMINI_EVENT[event]
      : undefined;
    if (geminiEvent === undefined) {
      throw new GeminiHookTranslationError(`.${event}`, `Gemini CLI has no event matching ${event}`);
    }
    if (!Array.isArray(groups))
      throw new InvalidOptionError(`settings.hooks.${event} must be a list of matcher groups`);
    const translated = groups.map((group: unknown, g) => {
      if (!isRecord(group) || !Array.isArray(group["hooks"])) {
        throw new InvalidOptionError(`settings.hooks.${event}[${g}] needs a "hooks" list`);
      }
      const next: Json = {};
      if (typeof group["matcher"] === "string") {
        if (TOOL_EVENTS.has(geminiEvent)) {
          const matcher = translateToolMatcher(group["matcher"]);
          if (typeof matcher !== "string") {
            throw new GeminiHookTranslationError(`.${event}[${g}].matcher`, matcher.refused);
          }
          next["matcher"] = matcher;
        } else {
          next["matcher"] = group["matcher"];
        }
      }
      next["hooks"] = group["hooks"].map((handler: unknown, h) => {
        if (!isRecord(handler) || handler["type"] !== "command" || typeof handler["command"] !== "string") {
          throw new GeminiHookTranslationError(
            `.${event}[${g}].hooks[${h}]`,
            "only command hooks carry over",
          );
        }
        if (handler["async"] === true) {
          throw new GeminiHookTranslationError(
            `.${event}[${g}].hooks[${h}]`,
            "Gemini CLI has no async hooks",
          );
        }
        const { timeout, ...rest } = handler;
        if (timeout !== undefined && typeof timeout !== "number") {
          throw new InvalidOptionError(
            `settings.hooks.${event}[${g}].hooks[${h}].timeout must be a number of seconds`,
          );
        }
        // Claude Code reads seconds; Gemini CLI reads milliseconds.
        return { ...rest, ...(typeof timeout === "number" ? { timeout: Math.round(timeout * 1000) } : {}) };
      });
      return next;
    });
    out[geminiEvent] = [
      ...(Array.isArray(out[geminiEvent]) ? (out[geminiEvent] as unknown[]) : []),
      ...translated,
    ];
  }
  return out;
}
