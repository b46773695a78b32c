/**
 * Claude Code's hook events (2.1.328) and what a hook may do on each. The event list, each event's
 * matcher subject and its matcher values are read from the pinned binary: its event catalogue
 * (`matcherMetadata`), the function that picks the value a matcher is compared with, and the set of
 * events whose name lists may hold spaces, commas and hyphens (`scripts/gen-harness-facts.ts` and
 * test/audit/claude-binary-facts.test.ts re-read them). What a hook may do per event is pinned by the
 * real-CLI tests in test/harness.
 */
import type { DialectEvent } from "../../../core/dialect.js";
import { eventRulesOf as rules, NO_EFFECT } from "../../../core/hook-decision/event-rules.js";

const TOOL = { matcherSubject: "tool_name" } as const;

/** SessionStart `source` values; `fork` arrived in 2.1.212. */
export const SESSION_START_SOURCES = ["startup", "resume", "clear", "compact", "fork"] as const;

export const CLAUDE_CODE_EVENTS: readonly DialectEvent[] = [
  {
    name: "PreToolUse",
    ...TOOL,
    rules: rules({
      exit2Blocks: true,
      legacyDecision: true,
      permissionDecision: true,
      additionalContext: true,
    }),
    // Stderr at exit 0 is in no model request (test/harness/unheard-output.test.ts).
    stderrOnExit0ReachesNoModel: true,
  },
  // The tool already ran: exit 2 and `decision:"block"` only feed the reason back to the model.
  { name: "PostToolUse", ...TOOL, rules: rules({ legacyDecision: true, additionalContext: true }) },
  { name: "PostToolUseFailure", ...TOOL, rules: rules({ additionalContext: true }) },
  { name: "PostToolBatch", rules: rules({ exit2Blocks: true }) },
  // Only the JSON `decision.behavior` counts on a permission request.
  { name: "PermissionRequest", ...TOOL, rules: rules({ permissionRequest: true }) },
  { name: "PermissionDenied", ...TOOL, rules: NO_EFFECT },
  {
    name: "UserPromptSubmit",
    rules: rules({
      exit2Blocks: true,
      legacyDecision: true,
      additionalContext: true,
      plainTextIsContext: true,
      continueFalseBlocks: true,
    }),
  },
  {
    name: "UserPromptExpansion",
    matcherSubject: "command_name",
    rules: rules({ exit2Blocks: true, additionalContext: true, plainTextIsContext: true }),
  },
  {
    name: "SessionStart",
    matcherSubject: "source",
    matcherValues: SESSION_START_SOURCES,
    rules: rules({ additionalContext: true, plainTextIsContext: true }),
  },
  // The session is over: no model turn follows, and the CLI is exiting.
  { name: "SessionEnd", matcherSubject: "reason", rules: NO_EFFECT, plainStdoutReachesNoOne: true },
  // Plain stdout at exit 0 is in no model request, nor in the result (test/harness/unheard-output.test.ts).
  {
    name: "Stop",
    rules: rules({ exit2Blocks: true, legacyDecision: true, blockNeedsReason: true }),
    plainStdoutReachesNoOne: true,
  },
  {
    name: "SubagentStop",
    matcherSubject: "agent_type",
    rules: rules({ exit2Blocks: true, legacyDecision: true, blockNeedsReason: true }),
  },
  { name: "SubagentStart", matcherSubject: "agent_type", rules: rules({ additionalContext: true }) },
  { name: "StopFailure", matcherSubject: "error", rules: rules({ outputIgnored: true }) },
  {
    name: "PreCompact",
    matcherSubject: "trigger",
    matcherValues: ["manual", "auto"],
    rules: rules({ exit2Blocks: true, legacyDecision: true }),
  },
  { name: "PostCompact", matcherSubject: "trigger", matcherValues: ["manual", "auto"], rules: NO_EFFECT },
  { name: "Notification", matcherSubject: "notification_type", rules: NO_EFFECT },
  {
    name: "ConfigChange",
    matcherSubject: "source",
    matcherValues: ["user_settings", "project_settings", "local_settings", "policy_settings", "skills"],
    rules: rules({ exit2Blocks: true, legacyDecision: true }),
  },
  // The binary compares these with `to_model` after stripping a `[1m]`/`[2m]` suffix from the matcher.
  { name: "PreModelSwitch", matcherSubject: "to_model", rules: rules({ exit2Blocks: true }) },
  { name: "PostModelSwitch", matcherSubject: "to_model", rules: NO_EFFECT },
  {
    name: "Setup",
    matcherSubject: "trigger",
    matcherValues: ["init", "maintenance"],
    rules: rules({ additionalContext: true }),
  },
  {
    name: "InstructionsLoaded",
    matcherSubject: "load_reason",
    matcherValues: ["session_start", "nested_traversal", "path_glob_match", "include", "compact"],
    rules: NO_EFFECT,
  },
  { name: "CwdChanged", rules: NO_EFFECT },
  {
    name: "DirectoryAdded",
    matcherSubject: "source",
    matcherValues: ["slash_command", "register_repo_root"],
    rules: NO_EFFECT,
  },
  // The matcher is compared with the file's base name, and only `|` separates names (the binary's
  // narrow name list: FileChanged is not among the events whose lists take spaces and commas).
  {
    name: "FileChanged",
    matcherSubject: "file_path",
    subjectTransform: "basename",
    matcherRule: "pipe-names-or-regex",
    rules: NO_EFFECT,
  },
  { name: "WorktreeCreate", rules: NO_EFFECT },
  { name: "WorktreeRemove", rules: NO_EFFECT },
  { name: "TaskCreated", rules: NO_EFFECT },
  { name: "TaskCompleted", rules: NO_EFFECT },
  { name: "TeammateIdle", rules: NO_EFFECT },
  { name: "MessageDisplay", rules: NO_EFFECT },
  { name: "Elicitation", matcherSubject: "mcp_server_name", rules: NO_EFFECT },
  { name: "ElicitationResult", matcherSubject: "mcp_server_name", rules: NO_EFFECT },
];
