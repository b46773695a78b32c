/**
 * selectHandlers: which registered handlers fire for one event payload, and why each does or does
 * not. The same selection serves runHook, explain, audit and mutation testing.
 */
import type { HookDialect } from "../dialect.js";
import {
  explainDialectMatcher,
  isToolEventOf,
  matcherSubjectOf,
  matcherSubjectValue,
} from "./dialect-matcher.js";
import { permissionRuleMatches, type RuleContext } from "./if-rule.js";
import type { HookHandler, HooksConfig } from "./types.js";
import { isRecord } from "../is-record.js";

/** One handler of a hooks config and whether its matcher and `if:` select it for an event. */
export interface HandlerSelection {
  /** Where it sits in the config: `PreToolUse[0].hooks[1]`. */
  readonly at: string;
  readonly event: string;
  readonly groupIndex: number;
  readonly handlerIndex: number;
  readonly matcher: string | undefined;
  readonly handler: HookHandler;
  readonly selected: boolean;
  /** Why, in words: the matcher and `if:` verdicts. */
  readonly reason: string;
}

/** Options of `selectHandlers`: the directories that anchor `if:` path rules. */
export interface SelectOptions {
  /** The event, where the payload does not name it (Copilot's camelCase payload has no `hook_event_name`). */
  readonly event?: string;
  /** Anchors relative `if:` path rules; default the payload's `cwd`, else "/". */
  readonly cwd?: string;
  readonly projectDir?: string;
  readonly home?: string;
}

/**
 * Every handler registered for the payload's event (`hook_event_name`), each with whether the
 * harness would run it for this payload. Handlers of other events are not listed.
 *
 * @example
 * selectHandlers(config, { hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" } })
 *   .filter((s) => s.selected);
 */
export function selectHandlersWith(
  dialect: HookDialect,
  config: HooksConfig,
  payload: Readonly<Record<string, unknown>>,
  options: SelectOptions = {},
): HandlerSelection[] {
  const event = options.event ?? (typeof payload.hook_event_name === "string" ? payload.hook_event_name : "");
  const groups = Object.hasOwn(config, event) ? (config[event] ?? []) : [];
  const subjectField = matcherSubjectOf(dialect, event);
  const subject = matcherSubjectValue(dialect, event, payload) ?? "";
  const ctx: RuleContext = {
    cwd: options.cwd ?? (typeof payload.cwd === "string" ? payload.cwd : "/"),
    ...(options.projectDir !== undefined ? { projectDir: options.projectDir } : {}),
    ...(options.home !== undefined ? { home: options.home } : {}),
  };
  const out: HandlerSelection[] = [];
  groups.forEach((group, groupIndex) => {
    const matcherWhy = explainDialectMatcher(dialect, event, group.matcher, subjectField, subject);
    group.hooks.forEach((handler, handlerIndex) => {
      let selected = matcherWhy.matches;
      const reasons = [matcherWhy.reason];
      if (selected && handler.if !== undefined) {
        if (!isToolEventOf(dialect, event)) {
          reasons.push(`if ${JSON.stringify(handler.if)} ignored: ${event} is not a tool event`);
        } else {
          const toolInput = isRecord(payload.tool_input) ? payload.tool_input : {};
          const verdict = permissionRuleMatches(handler.if, subject, toolInput, ctx);
          selected = verdict.matches;
          reasons.push(`if ${JSON.stringify(handler.if)}: ${verdict.reason}`);
        }
      }
      out.push({
        at: `${event}[${groupIndex}].hooks[${handlerIndex}]`,
        event,
        groupIndex,
        handlerIndex,
        matcher: group.matcher,
        handler,
        selected,
        reason: reasons.join("; "),
      });
    });
  });
  return out;
}
