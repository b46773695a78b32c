/**
 * Static rules for Qwen Code hook files (`.qwen/settings.json`): the silent failures of a hook
 * configuration ported from Claude Code or Gemini CLI. Qwen Code 0.24.4 skips an event name it does
 * not know (Gemini's `BeforeTool`, Claude Code's `ConfigChange`), and reads a command hook's
 * `timeout` in seconds except that 1000 or more is read as milliseconds (hooks.md), so a guard
 * given `1800` (half an hour) is killed after 1.8 s and decides nothing.
 */
import { getMember, memberName, parseJson, rangeOf } from "../../../core/audit/json-ast.js";
import type { LintFinding, LintRuleMeta } from "../../../core/audit/types.js";
import { QWEN_HOOK_EVENTS } from "./events.js";

/** Gemini CLI's event names and the Qwen Code (Claude Code) event each stands for. */
const GEMINI_EVENT_NAMES: Readonly<Record<string, string>> = {
  BeforeTool: "PreToolUse",
  AfterTool: "PostToolUse",
  BeforeAgent: "UserPromptSubmit",
  AfterAgent: "Stop",
  PreCompress: "PreCompact",
};

/** From this value on, 0.24.4 reads a command hook's `timeout` as milliseconds. */
const MILLISECONDS_FROM = 1000;

export const qwenUnknownEventRule: LintRuleMeta = {
  id: "qwen-unknown-event",
  severity: "error",
  behaviour:
    "Qwen Code skips a hooks key that is not one of its events (Gemini CLI's BeforeTool, Claude Code's ConfigChange): the hook never runs.",
  fix: `Use Qwen Code's event name (${QWEN_HOOK_EVENTS.join(", ")}).`,
  autofix: false,
};

export const qwenTimeoutMillisecondsRule: LintRuleMeta = {
  id: "qwen-timeout-milliseconds",
  severity: "warning",
  behaviour:
    "Qwen Code 0.24.4 reads a command hook's `timeout` in seconds, but a value of 1000 or more as milliseconds: `1800` meant as half an hour kills the hook after 1.8 s, and a killed hook decides nothing (a guard fails open).",
  fix: "Write the timeout in seconds below 1000, or in milliseconds on purpose (30 minutes is 1800000).",
  autofix: false,
};

export const qwenHookRules: readonly LintRuleMeta[] = [qwenUnknownEventRule, qwenTimeoutMillisecondsRule];

function finding(
  rule: LintRuleMeta,
  file: string,
  node: Parameters<typeof rangeOf>[0],
  message: string,
  fix?: string,
): LintFinding {
  return {
    ruleId: rule.id,
    severity: rule.severity,
    message,
    file,
    range: rangeOf(node),
    fix: fix ?? rule.fix,
  };
}

/** Findings of one Qwen Code settings file; a file that does not parse, or has no `hooks` object, has none. */
export function checkQwenHooksFile(input: { readonly file: string; readonly text: string }): LintFinding[] {
  const parsed = parseJson(input.text);
  if (!parsed.ok) return [];
  const hooks = getMember(parsed.document.body, "hooks")?.value;
  if (hooks?.type !== "Object") return [];
  const out: LintFinding[] = [];
  for (const member of hooks.members) {
    const event = memberName(member);
    if (!QWEN_HOOK_EVENTS.includes(event)) {
      const counterpart = GEMINI_EVENT_NAMES[event];
      out.push(
        finding(
          qwenUnknownEventRule,
          input.file,
          member.name,
          counterpart
            ? `"${event}" is Gemini CLI's event name; Qwen Code skips it. Its name is "${counterpart}".`
            : `"${event}" is not a Qwen Code hook event; Qwen Code skips it.`,
          counterpart ? `Rename the key to "${counterpart}".` : undefined,
        ),
      );
      continue;
    }
    if (member.value.type !== "Array") continue;
    for (const group of member.value.elements) {
      const handlers = getMember(group.value, "hooks")?.value;
      if (handlers?.type !== "Array") continue;
      for (const handler of handlers.elements) {
        const type = getMember(handler.value, "type")?.value;
        const timeout = getMember(handler.value, "timeout")?.value;
        const isCommand = type?.type === "String" && type.value === "command";
        if (isCommand && timeout?.type === "Number" && timeout.value >= MILLISECONDS_FROM) {
          out.push(
            finding(
              qwenTimeoutMillisecondsRule,
              input.file,
              timeout,
              `timeout ${timeout.value} on a ${event} command hook is read as ${timeout.value} milliseconds by Qwen Code (${timeout.value / 1000} s), not seconds.`,
            ),
          );
        }
      }
    }
  }
  return out;
}
