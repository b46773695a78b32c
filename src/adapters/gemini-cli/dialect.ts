/**
 * Gemini CLI's hook dialect (0.61.0): its own events, a tool matcher read as an unanchored regular
 * expression over Gemini's tool names, a SessionStart/SessionEnd/PreCompress matcher compared for
 * equality (hookPlanner.matchesTrigger: `startup|clear` never matches), timeouts in milliseconds,
 * commands under `bash -c`, and answers folded by Gemini's own protocol (dialect/fold.ts).
 */
import { geminiMeaning } from "./dialect/meaning.js";
import type { DialectEvent, HookDialect } from "../../core/dialect.js";
import { eventRulesOf } from "../../core/hook-decision/event-rules.js";
import { GEMINI_UNSET_VARIABLES, geminiHookRules } from "./dialect/audit-rules.js";
import { foldGeminiHook } from "./dialect/fold.js";
import {
  CLAUDE_TO_GEMINI_TOOL,
  GEMINI_DEFAULT_HOOK_TIMEOUT_MS,
  GEMINI_EVENT_RULES,
} from "./dialect/rules.js";

const GEMINI_EVENTS: readonly DialectEvent[] = Object.entries(GEMINI_EVENT_RULES).map(([name, r]) => ({
  name,
  rules: eventRulesOf({
    exit2Blocks: r.blocks !== undefined,
    legacyDecision: r.blocks !== undefined,
    additionalContext: r.additionalContext,
  }),
  ...(r.claudeEvent !== undefined && r.claudeEvent !== name ? { claudeEvent: r.claudeEvent } : {}),
  // AfterTool "blocks" the result of a tool that already ran.
  ...(r.blocks === "tool-result" ? { exit2StopsAction: false } : {}),
  ...(r.matcherField !== undefined
    ? { matcherSubject: r.matcherField, matcherRule: r.matcherField === "tool_name" ? "regex" : "exact" }
    : {}),
}));

export const geminiDialect: HookDialect = {
  harness: "gemini",
  displayName: "Gemini CLI",
  events: GEMINI_EVENTS,
  matcherRule: "regex",
  subjectlessMatcher: "ignored",
  toolNames: CLAUDE_TO_GEMINI_TOOL,
  mcpToolName: (server, tool) => `mcp_${server}_${tool}`,
  timeout: { unit: "ms", field: "timeout", defaultSeconds: GEMINI_DEFAULT_HOOK_TIMEOUT_MS / 1000 },
  handlers: {
    commandFields: ["command"],
    typeOptional: false,
    configKeys: ["enabled", "disabled", "notifications"],
    flatEntries: false,
  },
  shell: "bash",
  // The fields the pinned CLI's DefaultHookOutput copies from a hook's JSON (any other key is
  // dropped), and additionalContext, read only from hookSpecificOutput; pinned by
  // test/audit/answer-keys.test.ts.
  answerKeys: {
    topLevel: [
      "continue",
      "stopReason",
      "suppressOutput",
      "systemMessage",
      "decision",
      "reason",
      "hookSpecificOutput",
    ],
    underSpecific: ["additionalContext", "tool_input", "llm_request", "llm_response", "toolConfig"],
  },
  // Gemini CLI sets its own names beside CLAUDE_PROJECT_DIR (kept for compatibility).
  hookEnv: (projectDir) => ({
    CLAUDE_PROJECT_DIR: projectDir,
    GEMINI_PROJECT_DIR: projectDir,
    GEMINI_CWD: projectDir,
  }),
  // Gemini CLI neither sets nor substitutes a plugin root: `${CLAUDE_PLUGIN_ROOT}/hooks/x.sh` runs as `/hooks/x.sh`.
  unsetVariables: GEMINI_UNSET_VARIABLES,
  // Scripts and callers write Claude Code's tool names; Gemini sends its own (`run_shell_command`).
  payload: (completed) =>
    typeof completed["tool_name"] === "string"
      ? { ...completed, tool_name: CLAUDE_TO_GEMINI_TOOL[completed["tool_name"]] ?? completed["tool_name"] }
      : { ...completed },
  fold: (input) => foldGeminiHook(input),
  verdictMeaning: (event, timeout) => geminiMeaning(event, timeout),
  // An extension's `${extensionPath}` is replaced textually before the shell runs the command.
  pluginRootPlaceholders: ["${extensionPath}"],
  // Gemini CLI 0.61.0 hydrates an extension's hooks/hooks.json with these too (loadExtensionHooks:
  // recursivelyHydrateStrings with workspacePath, "/" and pathSeparator; a real run pins `${/}` in
  // test/gemini/gemini-extension-hooks.test.ts). An extension's own settings (its `.env`) are
  // hydrated as well; their values are the user's, unknown to the audit.
  pluginCommandVariables: [
    { placeholder: "${workspacePath}", value: "project-dir" },
    { placeholder: "${/}", value: "path-separator" },
    { placeholder: "${pathSeparator}", value: "path-separator" },
  ],
  auditRules: geminiHookRules,
};
