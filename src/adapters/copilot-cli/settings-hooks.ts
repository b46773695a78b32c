/**
 * The spec's `settings.hooks`, written in Claude Code's shape, as a Copilot hooks file. Copilot reads
 * a PascalCase event name as the VS Code-compatible variant: a snake_case payload with Claude's tool
 * names (`tool_name: "Bash"`) and Claude's `hookSpecificOutput` honoured (measured on PreToolUse), so
 * a Claude hook keeps its meaning there. Events Copilot has no counterpart for, and handlers other
 * than commands, are refused by name instead of being dropped.
 */
import { COPILOT_PASCAL_EVENTS } from "./dialect/rules.js";
import { InvalidOptionError } from "../../core/errors.js";
import { CopilotUnsupportedError } from "./errors.js";
import { isRecord } from "../../core/is-record.js";

type Json = Record<string, unknown>;

/** `settings.hooks` (Claude Code's shape) → the body of a Copilot hooks file. */
export function translateSettingsHooks(hooks: unknown): Json {
  if (!isRecord(hooks)) throw new InvalidOptionError("settings.hooks must be an object keyed by event name");
  const out: Json = {};
  for (const [event, groups] of Object.entries(hooks)) {
    if (!Object.hasOwn(COPILOT_PASCAL_EVENTS, event)) {
      throw new CopilotUnsupportedError(
        `run a settings.hooks.${event} hook`,
        `Copilot CLI has no counterpart of Claude Code's ${event} (it knows ${Object.keys(COPILOT_PASCAL_EVENTS).join(", ")})`,
      );
    }
    if (!Array.isArray(groups))
      throw new InvalidOptionError(`settings.hooks.${event} must be a list of matcher groups`);
    out[event] = groups.map((group: unknown, g) => {
      if (!isRecord(group) || !Array.isArray(group["hooks"])) {
        throw new InvalidOptionError(`settings.hooks.${event}[${g}] needs a "hooks" list`);
      }
      const handlers = group["hooks"].map((handler: unknown, h) => {
        if (!isRecord(handler) || handler["type"] !== "command" || typeof handler["command"] !== "string") {
          throw new CopilotUnsupportedError(
            `run settings.hooks.${event}[${g}].hooks[${h}]`,
            "only command hooks carry over to Copilot",
          );
        }
        if (handler["async"] === true) {
          throw new CopilotUnsupportedError(
            `run settings.hooks.${event}[${g}].hooks[${h}] asynchronously`,
            "Copilot hooks have no async mode",
          );
        }
        return {
          type: "command",
          bash: handler["command"],
          // Both count seconds (Claude Code `timeout`, Copilot `timeoutSec`).
          ...(typeof handler["timeout"] === "number" ? { timeoutSec: handler["timeout"] } : {}),
        };
      });
      return {
        ...(typeof group["matcher"] === "string" ? { matcher: group["matcher"] } : {}),
        hooks: handlers,
      };
    });
  }
  return { version: 1, hooks: out };
}
