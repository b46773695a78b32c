/**
 * Qwen Code's hook dialect (0.24.4): Claude Code's events and answer shapes (dialect/events.ts),
 * a matcher compared exactly with the tool's name and its Claude Code aliases first and otherwise
 * read as an unanchored regular expression, timeouts in seconds, commands under `bash -c` with
 * `QWEN_PROJECT_DIR`, `CLAUDE_PROJECT_DIR` and `GEMINI_PROJECT_DIR` set, and Qwen's own tool names
 * in the payload (`run_shell_command`).
 */
import { dialectEventRules, type HookDialect } from "../../core/dialect.js";
import { foldQwenHook } from "./dialect/fold.js";
import type { ClaudeShapedProfile } from "../../core/hook-decision/profile.js";
import { QWEN_DEFAULT_HOOK_TIMEOUT_S, QWEN_EVENTS } from "./dialect/events.js";
import { CLAUDE_TO_QWEN_TOOL, QWEN_BUILTIN_TOOLS, qwenToolAliases } from "./dialect/tools.js";

const byName = new Map(QWEN_EVENTS.map((e) => [e.name, e.rules]));

const profile: ClaudeShapedProfile = {
  displayName: "Qwen Code",
  rules: (event) => byName.get(event),
  asyncAnswers: false,
  // A silent exit 2 lets the call run (conformance: verdict-preTool/exit2-silent).
  exit2NeedsStderr: true,
  askRejected: false,
  denyNeedsReason: false,
  continueFalseRejectedOn: [],
  // Not measured on Qwen Code: the fold keeps the reading its conformance corpus agreed with (188/188).
  decisionOnEveryEvent: false,
};

export const qwenDialect: HookDialect = {
  harness: "qwen-code",
  displayName: "Qwen Code",
  events: QWEN_EVENTS,
  // hook-matcher.ts matchesHookPattern: `Bash` matches run_shell_command exactly, as an alias.
  matcherRule: "exact-list-or-regex",
  matcherAliases: qwenToolAliases,
  subjectlessMatcher: "ignored",
  toolNames: CLAUDE_TO_QWEN_TOOL,
  knownTools: QWEN_BUILTIN_TOOLS,
  timeout: { unit: "s", field: "timeout", defaultSeconds: QWEN_DEFAULT_HOOK_TIMEOUT_S },
  handlers: { commandFields: ["command"], typeOptional: false, configKeys: [], flatEntries: false },
  shell: "bash",
  // Set in every command hook's environment (a hand run's `env`); the command text is not rewritten.
  hookEnv: (projectDir) => ({
    QWEN_PROJECT_DIR: projectDir,
    CLAUDE_PROJECT_DIR: projectDir,
    GEMINI_PROJECT_DIR: projectDir,
  }),
  unsetVariables: ["CLAUDE_PLUGIN_ROOT"],
  // Scripts and callers write Claude Code's tool names; Qwen sends its own (`run_shell_command`).
  payload: (completed) =>
    typeof completed["tool_name"] === "string"
      ? {
          ...completed,
          tool_name: Object.hasOwn(CLAUDE_TO_QWEN_TOOL, completed["tool_name"])
            ? CLAUDE_TO_QWEN_TOOL[completed["tool_name"]]
            : completed["tool_name"],
        }
      : { ...completed },
  fold: (input) => foldQwenHook(input, profile),
  verdictMeaning: (event, timeout) => {
    const rules = dialectEventRules(qwenDialect, event);
    if (rules === undefined)
      return `Qwen Code has no hook event named ${JSON.stringify(event)}: the hook never runs`;
    const verdict = rules.exit2Blocks
      ? `exit 2 with a reason on stderr, or a JSON deny/block (read on exit 0 or 1), stops ${event}`
      : `exit 2 blocks nothing on ${event} under Qwen Code`;
    // 0.24.4 reads a command hook's timeout of 1000 or more as milliseconds (test/qwen: 1500 killed a 3 s hook).
    return timeout !== undefined && timeout.raw >= 1000
      ? `${verdict}; timeout ${timeout.raw} is read as milliseconds (${timeout.raw / 1000} s), not seconds`
      : verdict;
  },
  pluginRootPlaceholders: [],
  pluginCommandVariables: [],
  // Its settings are Claude-shaped: the shared hook-config catalogue audits them with this dialect.
  auditRules: [],
};
