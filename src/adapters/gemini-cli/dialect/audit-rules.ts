/**
 * Static rules for Gemini CLI hook files (`.gemini/settings.json` and an extension's
 * `hooks/hooks.json`): the silent failures of a hook configuration ported from Claude Code. Gemini
 * skips an event name it does not know with a warning nobody sees in CI, reads `timeout` in
 * milliseconds (so `30` kills the hook after 30 ms, and a killed hook decides nothing), and matches
 * tool matchers as regular expressions over its own tool names (so `Bash` never matches
 * `run_shell_command`).
 */
import {
  CLAUDE_TO_GEMINI_TOOL,
  GEMINI_BUILTIN_TOOLS,
  GEMINI_HOOK_EVENTS,
  geminiEventRules,
} from "./rules.js";
import { getMember, memberName, parseJson, rangeOf } from "../../../core/audit/json-ast.js";
import type { LintFinding, LintRuleMeta } from "../../../core/audit/types.js";

/** The keys of a Gemini `hooks` object that configure hooks rather than name an event. */
const CONFIG_KEYS = new Set(["enabled", "disabled", "notifications"]);

/** Claude Code's event names that have a Gemini counterpart. */
const CLAUDE_EVENT_NAMES: Readonly<Record<string, string>> = {
  PreToolUse: "BeforeTool",
  PostToolUse: "AfterTool",
  UserPromptSubmit: "BeforeAgent",
  Stop: "AfterAgent",
  PreCompact: "PreCompress",
};

/** Below this a `timeout` reads as seconds written where Gemini reads milliseconds. */
const SECONDS_LIKE_MS = 1000;

export const geminiUnknownEventRule: LintRuleMeta = {
  id: "gemini-unknown-event",
  severity: "error",
  behaviour:
    'Gemini CLI skips a hooks key that is not one of its eleven events ("Invalid hook event name … Skipping"): the hook never runs.',
  fix: "Use Gemini's event name (BeforeTool, AfterTool, BeforeAgent, AfterAgent, BeforeModel, AfterModel, BeforeToolSelection, SessionStart, SessionEnd, Notification, PreCompress).",
  autofix: false,
};

export const geminiTimeoutSecondsRule: LintRuleMeta = {
  id: "gemini-timeout-seconds",
  severity: "warning",
  behaviour:
    "Gemini CLI reads a hook's `timeout` in milliseconds; a value written in seconds (30) kills the hook almost at once, and a killed hook decides nothing: a guard fails open.",
  fix: "Write the timeout in milliseconds (30 s is 30000).",
  autofix: false,
};

export const geminiClaudeToolMatcherRule: LintRuleMeta = {
  id: "gemini-claude-tool-matcher",
  severity: "error",
  behaviour:
    "A BeforeTool/AfterTool matcher is a case-sensitive regular expression over Gemini's tool names; one written with Claude Code's (`Bash`, `Write|Edit`) matches no Gemini tool, so the hook never runs.",
  fix: "Name Gemini's tools: run_shell_command, write_file, replace, read_file, glob, grep_search, list_directory, web_fetch.",
  autofix: false,
};

export const geminiHookRules: readonly LintRuleMeta[] = [
  geminiUnknownEventRule,
  geminiTimeoutSecondsRule,
  geminiClaudeToolMatcherRule,
];

/** A Gemini hooks file as read by the audit tier. */
export interface GeminiHookFileInput {
  readonly file: string;
  readonly text: string;
}

function finding(
  rule: LintRuleMeta,
  file: string,
  node: Parameters<typeof rangeOf>[0] | undefined,
  message: string,
  fix?: string,
): LintFinding {
  return {
    ruleId: rule.id,
    severity: rule.severity,
    message,
    file,
    ...(node ? { range: rangeOf(node) } : {}),
    fix: fix ?? rule.fix,
  };
}

/** Whether a matcher, as Gemini compiles it, selects any of its built-in tools. */
function matchesSomeGeminiTool(matcher: string): boolean {
  const trimmed = matcher.trim();
  if (trimmed === "" || trimmed === "*") return true;
  try {
    const re = new RegExp(trimmed);
    return GEMINI_BUILTIN_TOOLS.some((t) => re.test(t)) || /^mcp_|\bmcp/.test(trimmed);
  } catch {
    return GEMINI_BUILTIN_TOOLS.includes(trimmed);
  }
}

/** Findings of one Gemini hooks file; a file that does not parse, or has no `hooks` object, has none here. */
export function checkGeminiHooksFile(input: GeminiHookFileInput): LintFinding[] {
  const parsed = parseJson(input.text);
  if (!parsed.ok) return [];
  const hooks = getMember(parsed.document.body, "hooks")?.value;
  if (hooks?.type !== "Object") return [];
  const out: LintFinding[] = [];
  for (const member of hooks.members) {
    const event = memberName(member);
    if (CONFIG_KEYS.has(event)) continue;
    const rules = geminiEventRules(event);
    if (!rules) {
      const counterpart = CLAUDE_EVENT_NAMES[event];
      out.push(
        finding(
          geminiUnknownEventRule,
          input.file,
          member.name,
          counterpart
            ? `"${event}" is Claude Code's event name; Gemini CLI skips it. Gemini's is "${counterpart}".`
            : `"${event}" is not a Gemini CLI hook event (it knows ${GEMINI_HOOK_EVENTS.join(", ")}); Gemini skips it.`,
          counterpart ? `Rename the key to "${counterpart}".` : undefined,
        ),
      );
      continue;
    }
    if (member.value.type !== "Array") continue;
    for (const group of member.value.elements) {
      const matcherNode = getMember(group.value, "matcher")?.value;
      if (rules.matcherField === "tool_name" && matcherNode?.type === "String") {
        const matcher = matcherNode.value;
        const claudeNames = matcher
          .split("|")
          .map((p) => p.trim())
          .filter((p) => Object.hasOwn(CLAUDE_TO_GEMINI_TOOL, p));
        if (claudeNames.length > 0 && !matchesSomeGeminiTool(matcher)) {
          const suggestion = [...new Set(claudeNames.map((n) => CLAUDE_TO_GEMINI_TOOL[n]))].join("|");
          out.push(
            finding(
              geminiClaudeToolMatcherRule,
              input.file,
              matcherNode,
              `The ${event} matcher "${matcher}" names Claude Code's tool ${claudeNames.map((n) => `"${n}"`).join(", ")}; it matches no Gemini CLI tool, so the hook never runs.`,
              `Use "${suggestion}".`,
            ),
          );
        }
      }
      const handlers = getMember(group.value, "hooks")?.value;
      if (handlers?.type !== "Array") continue;
      for (const handler of handlers.elements) {
        const timeout = getMember(handler.value, "timeout")?.value;
        if (timeout?.type === "Number" && timeout.value > 0 && timeout.value < SECONDS_LIKE_MS) {
          out.push(
            finding(
              geminiTimeoutSecondsRule,
              input.file,
              timeout,
              `timeout ${timeout.value} on a ${event} hook is ${timeout.value} milliseconds in Gemini CLI; it is killed before it can answer.`,
              `If you meant ${timeout.value} seconds, write ${timeout.value * 1000}.`,
            ),
          );
        }
      }
    }
  }
  return out;
}
