/**
 * Gemini CLI's hook protocol (0.61.0, read from its hook runner and aggregator and pinned by
 * real-CLI tests in test/gemini: each row's `pinnedBy` names the run; Notification and PreCompress
 * are read from the source only), as one table. It differs from Claude Code's in ways a ported hook
 * trips over:
 *
 * - The verdict is a top-level `decision`: `deny` or `block` stops the action, `ask` asks, `allow`
 *   (or nothing) lets it go. `hookSpecificOutput.permissionDecision` means nothing to Gemini.
 * - stdout (else stderr) is parsed as JSON whatever the exit code: a JSON verdict counts on exit 1
 *   or 2 too. Plain text on exit 0 is a `systemMessage` for the user; on exit 1 a warning; on any
 *   other exit (2, 126, 127, …) it is a deny whose reason is that text, so a missing interpreter
 *   blocks. An exit with no output at all decides nothing: exit 2 with an empty stderr does not block.
 * - No field is type-checked: `continue: "false"` or `decision: "no"` is silently ignored.
 * - `timeout` is in milliseconds (default 60000); a hook killed at its timeout decides nothing.
 */

/** Milliseconds Gemini CLI gives a command hook with no `timeout`. */
export const GEMINI_DEFAULT_HOOK_TIMEOUT_MS = 60_000;

/** The `decision` values Gemini CLI reads; anything else is ignored. */
export const GEMINI_DECISIONS = ["allow", "deny", "block", "ask"] as const;

/** What a hook may do on one Gemini CLI event. */
export interface GeminiEventRules {
  /**
   * The input field a matcher is compared with, if any: a tool name as an unanchored regular
   * expression, a source, reason or trigger for plain equality (hookPlanner.matchesContext).
   */
  readonly matcherField?: "tool_name" | "trigger" | "source" | "reason";
  /** `decision: deny|block` (or a plain-text failure) stops something, and what. */
  readonly blocks?: "tool" | "tool-result" | "agent" | "agent-continues" | "model-call";
  /** `hookSpecificOutput.additionalContext` reaches the model. */
  readonly additionalContext: boolean;
  /** `hookSpecificOutput` fields this event reads besides `additionalContext`. */
  readonly specificFields: readonly string[];
  /**
   * The Claude Code event whose moment and meaning match (BeforeTool is PreToolUse), if one does:
   * `settings.hooks` translate through it, and `hookFired("PreToolUse")` matches a BeforeTool fire.
   */
  readonly claudeEvent?: string;
  /** The test whose real run of the pinned CLI pinned this row; absent: read from the CLI's source only. */
  readonly pinnedBy?: string;
}

/** Gemini CLI's events and what a hook may do on each. */
export const GEMINI_EVENT_RULES: Readonly<Record<string, GeminiEventRules>> = {
  BeforeTool: {
    pinnedBy: "test/gemini/gemini-harness.test.ts",
    claudeEvent: "PreToolUse",
    matcherField: "tool_name",
    blocks: "tool",
    additionalContext: false,
    specificFields: ["tool_input"],
  },
  AfterTool: {
    pinnedBy: "test/gemini/gemini-harness.test.ts",
    claudeEvent: "PostToolUse",
    matcherField: "tool_name",
    blocks: "tool-result",
    additionalContext: true,
    specificFields: ["tailToolCallRequest"],
  },
  BeforeAgent: {
    pinnedBy: "test/gemini/gemini-harness.test.ts",
    claudeEvent: "UserPromptSubmit",
    blocks: "agent",
    additionalContext: true,
    specificFields: [],
  },
  AfterAgent: {
    pinnedBy: "test/gemini/gemini-model-hooks.test.ts",
    claudeEvent: "Stop",
    blocks: "agent-continues",
    additionalContext: false,
    specificFields: ["clearContext"],
  },
  BeforeModel: {
    pinnedBy: "test/gemini/gemini-model-hooks.test.ts",
    blocks: "model-call",
    additionalContext: false,
    specificFields: ["llm_request", "llm_response"],
  },
  AfterModel: {
    pinnedBy: "test/gemini/gemini-model-hooks.test.ts",
    additionalContext: false,
    specificFields: ["llm_response"],
  },
  BeforeToolSelection: {
    pinnedBy: "test/gemini/gemini-model-hooks.test.ts",
    additionalContext: false,
    specificFields: ["toolConfig"],
  },
  SessionStart: {
    pinnedBy: "test/gemini/gemini-model-hooks.test.ts",
    claudeEvent: "SessionStart",
    matcherField: "source",
    additionalContext: true,
    specificFields: [],
  },
  SessionEnd: {
    pinnedBy: "test/gemini/gemini-model-hooks.test.ts",
    claudeEvent: "SessionEnd",
    matcherField: "reason",
    additionalContext: false,
    specificFields: [],
  },
  // Gemini CLI 0.61.0 fires Notification with no matcher context (hookEventHandler.fireNotificationEvent),
  // so its hook planner ignores a matcher here: every Notification hook runs.
  Notification: {
    claudeEvent: "Notification",
    additionalContext: false,
    specificFields: [],
  },
  PreCompress: {
    claudeEvent: "PreCompact",
    matcherField: "trigger",
    additionalContext: false,
    specificFields: [],
  },
};

/** The rules of a Gemini CLI event, or undefined for a name Gemini does not have. */
export function geminiEventRules(event: string): GeminiEventRules | undefined {
  return Object.hasOwn(GEMINI_EVENT_RULES, event) ? GEMINI_EVENT_RULES[event] : undefined;
}

/** Every event name Gemini CLI fires hooks on. */
export const GEMINI_HOOK_EVENTS: readonly string[] = Object.keys(GEMINI_EVENT_RULES);

/**
 * Claude Code tool names and the Gemini CLI 0.61.0 tool each corresponds to (read from a real
 * request's `functionDeclarations`). A Gemini matcher is an unanchored, case-sensitive regular
 * expression over these names, so a matcher written with Claude's names (`Bash`) matches nothing.
 */
export const CLAUDE_TO_GEMINI_TOOL: Readonly<Record<string, string>> = {
  Bash: "run_shell_command",
  Write: "write_file",
  Edit: "replace",
  MultiEdit: "replace",
  Read: "read_file",
  Glob: "glob",
  Grep: "grep_search",
  LS: "list_directory",
  WebFetch: "web_fetch",
  WebSearch: "google_web_search",
  TodoWrite: "write_todos",
  Skill: "activate_skill",
  Task: "invoke_agent",
  Agent: "invoke_agent",
};

/** The built-in tools Gemini CLI 0.61.0 offers the model (a recorded request's declarations). */
export const GEMINI_BUILTIN_TOOLS: readonly string[] = [
  "update_topic",
  "list_directory",
  "read_file",
  "grep_search",
  "glob",
  "replace",
  "write_file",
  "web_fetch",
  "run_shell_command",
  "list_background_processes",
  "read_background_output",
  "google_web_search",
  "write_todos",
  "enter_plan_mode",
  "invoke_agent",
  "activate_skill",
];
