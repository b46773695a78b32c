/**
 * The public readings of a harness's hook rules, each from its dialect in the registry: which
 * handlers a payload selects, what an event lets a hook do, and which events there are. `harness` is
 * an id or alias (`claude-code`, `codex`, `copilot-cli`/`copilot`, `gemini`); Claude Code by default.
 */
import { dialectOf } from "../../adapters/registry.js";
import { dialectEventNames, dialectEventRules } from "../../core/dialect.js";
import {
  selectHandlersWith,
  type HandlerSelection,
  type SelectOptions,
} from "../../core/hook-config/select.js";
import type { HooksConfig } from "../../core/hook-config/types.js";
import type { EventRules } from "../../core/hook-decision/event-rules.js";

/** Options of `selectHandlers`: the directories that anchor `if:` rules, and whose matcher rules apply. */
export interface SelectHandlersOptions extends SelectOptions {
  /** The harness whose matchers select (default Claude Code). */
  readonly harness?: string;
}

/**
 * Every handler registered for the payload's event (`hook_event_name`), each with whether the
 * harness would run it for this payload. Handlers of other events are not listed.
 *
 * @example
 * selectHandlers(config, { hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" } })
 *   .filter((s) => s.selected);
 */
export function selectHandlers(
  config: HooksConfig,
  payload: Readonly<Record<string, unknown>>,
  options: SelectHandlersOptions = {},
): HandlerSelection[] {
  return selectHandlersWith(dialectOf(options.harness), config, payload, options);
}

/** The rules of `event` on `harness`, or undefined for an event that harness does not have. */
export function eventRules(event: string, harness?: string): EventRules | undefined {
  return dialectEventRules(dialectOf(harness), event);
}

/** Every event name the harness fires hooks on, as its config writes them. */
export function knownHookEvents(harness?: string): readonly string[] {
  return dialectEventNames(dialectOf(harness));
}
