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
  source:
    "Gemini CLI 0.61.0's hook registry (its eleven events); seen with the pinned CLI in `test/gemini/gemini-audit.test.ts`",
};

export const geminiTimeoutSecondsRule: LintRuleMeta = {
  id: "gemini-timeout-seconds",
  severity: "warning",
  behaviour:
    "Gemini CLI reads a hook's `timeout` in milliseconds; a value written in seconds (30) kills the hook almost at once, and a killed hook decides nothing: a guard fails open.",
  fix: "Write the timeout in milliseconds (30 s is 30000).",
  autofix: false,
  source:
    "Gemini CLI 0.61.0's hook runner (timeout in ms, 60000 default); seen with the pinned CLI in `test/gemini/gemini-harness.test.ts` (a 1500 ms hook killed)",
};

export const geminiClaudeToolMatcherRule: LintRuleMeta = {
  id: "gemini-claude-tool-matcher",
  severity: "error",
  behaviour:
    "A BeforeTool/AfterTool matcher is a case-sensitive regular expression over Gemini's tool names; one written with Claude Code's (`Bash`, `Write|Edit`) matches no Gemini tool, so the hook never runs.",
  fix: "Name Gemini's tools: run_shell_command, write_file, replace, read_file, glob, grep_search, list_directory, web_fetch.",
  autofix: false,
  source:
    "Gemini CLI 0.61.0's hook planner (unanchored RegExp over its tool names); seen with the pinned CLI in `test/harness/same-spec.test.ts` (Bash translated to run_shell_command)",
};

export const geminiUnsetVariableRule: LintRuleMeta = {
  id: "gemini-unset-variable",
  severity: "error",
  behaviour:
    "Gemini CLI 0.61.0 neither sets nor substitutes Claude Code's ${CLAUDE_PLUGIN_ROOT}: in a hooks file it loads (an extension's hooks/hooks.json) the variable is empty, so `${CLAUDE_PLUGIN_ROOT}/hooks/x.sh` runs as `/hooks/x.sh` and fails on every event.",
  fix: 'Use Gemini\'s `"${extensionPath}"` (quoted: Gemini substitutes it textually), or ship a Gemini copy of the hooks file.',
  autofix: false,
  source:
    "Gemini CLI 0.61.0 neither sets nor substitutes CLAUDE_PLUGIN_ROOT (its hook runner substitutes only `${extensionPath}`); seen with the pinned CLI in `test/dialect/divergences.test.ts` (the command runs as /hooks/\u2026 and exits 127)",
};

export const geminiExactMatcherRule: LintRuleMeta = {
  id: "gemini-exact-matcher",
  severity: "error",
  behaviour:
    "Gemini CLI 0.61.0 compares a SessionStart, SessionEnd or PreCompress matcher with the source, reason or trigger for equality (hookPlanner.matchesTrigger): an alternation such as `startup|clear|compact` or a pattern never matches, and the hook never runs.",
  fix: "Register one group per value (`startup`, `clear` …), or leave the matcher out to run on every one.",
  autofix: false,
  source:
    "Gemini CLI 0.61.0's hook planner (matchesTrigger: `matcher === trigger` for SessionStart, SessionEnd and PreCompress); seen with the pinned CLI in `test/conformance/sample.test.ts` (an alternation never fires in the real CLI)",
};

export const geminiHookRules: readonly LintRuleMeta[] = [
  geminiUnknownEventRule,
  geminiTimeoutSecondsRule,
  geminiClaudeToolMatcherRule,
  geminiUnsetVariableRule,
  geminiExactMatcherRule,
];

/** Variables Gemini CLI neither sets nor substitutes in a hook command (the dialect's `unsetVariables`). */
export const GEMINI_UNSET_VARIABLES: readonly string[] = ["CLAUDE_PLUGIN_ROOT"];

/** The values Gemini compares an exact matcher with, where they are known. */
const TRIGGER_VALUES: Readonly<Record<string, readonly string[]>> = {
  SessionStart: ["startup", "resume", "clear"],
  SessionEnd: ["exit", "clear", "logout", "prompt_input_exit", "other"],
  PreCompress: ["manual", "auto"],
};

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
      if (
        rules.matcherField !== undefined &&
        rules.matcherField !== "tool_name" &&
        matcherNode?.type === "String"
      ) {
        const trimmed = matcherNode.value.trim();
        const values = TRIGGER_VALUES[event] ?? [];
        if (
          trimmed !== "" &&
          trimmed !== "*" &&
          !values.includes(trimmed) &&
          /[|^$()[\]*+?.\\]/.test(trimmed)
        ) {
          out.push(
            finding(
              geminiExactMatcherRule,
              input.file,
              matcherNode,
              `The ${event} matcher "${matcherNode.value}" is compared with the ${rules.matcherField} for equality in Gemini CLI, so it matches no ${event}: the hook never runs.`,
            ),
          );
        }
      }
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
        const command = getMember(handler.value, "command")?.value;
        const unset =
          command?.type === "String"
            ? GEMINI_UNSET_VARIABLES.find((name) => new RegExp(`\\$\\{?${name}\\b`).test(command.value))
            : undefined;
        if (unset !== undefined && command !== undefined) {
          out.push(
            finding(
              geminiUnsetVariableRule,
              input.file,
              command,
              `This ${event} hook's command names $${unset}, which Gemini CLI neither sets nor substitutes: it expands to "" and the hook fails on every ${event}.`,
            ),
          );
        }
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
