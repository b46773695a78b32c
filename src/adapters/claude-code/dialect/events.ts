/**
 * Claude Code's hook events (2.1.328) and what a hook may do on each. The event list, each event's
 * matcher subject and its matcher values are read from the pinned binary: its event catalogue
 * (`matcherMetadata`), the function that picks the value a matcher is compared with, and the set of
 * events whose name lists may hold spaces, commas and hyphens (`scripts/gen-harness-facts.ts` and
 * test/audit/claude-binary-facts.test.ts re-read them). What a hook may do per event is pinned by the
 * real-CLI tests in test/harness. The fields each event's payload carries are the binary's hook input
 * schemas (`payloadFields`).
 */
import type { DialectEvent } from "../../../core/dialect.js";
import { eventRulesOf as rules, NO_EFFECT } from "../../../core/hook-decision/event-rules.js";

const TOOL = { matcherSubject: "tool_name" } as const;

/**
 * The fields every hook payload carries: the binary's hook input schema (`session_id`,
 * `transcript_path`, `cwd`, `prompt_id`, `permission_mode`, `agent_id`, `agent_type`, `effort`), and
 * `scratchpad_dir`, which the function that builds the common fields adds where a scratchpad is on.
 */
const COMMON_FIELDS = [
  "session_id",
  "transcript_path",
  "cwd",
  "prompt_id",
  "permission_mode",
  "agent_id",
  "agent_type",
  "effort",
  "scratchpad_dir",
  "hook_event_name",
] as const;
/** The model switch events' own fields (one schema serves both). */
const MODEL_SWITCH = [
  "from_model",
  "to_model",
  "requested_model",
  "source",
  "context_tokens",
  "prompt_cache_warm",
  "cache_ttl",
  "estimated_cache_write_usd",
  "pricing",
] as const;
/**
 * Every top-level field an event's payload may carry: the common fields and the event's own, read
 * from the binary's hook input schemas (test/audit/payload-fields.test.ts re-reads them; a real run
 * in test/harness/audit-rule-pins.test.ts checks that what a hook receives is among them).
 */
function sends(...own: readonly string[]): readonly string[] {
  return [...COMMON_FIELDS, ...own];
}

/** SessionStart `source` values; `fork` arrived in 2.1.212. */
export const SESSION_START_SOURCES = ["startup", "resume", "clear", "compact", "fork"] as const;

export const CLAUDE_CODE_EVENTS: readonly DialectEvent[] = [
  {
    name: "PreToolUse",
    payloadFields: sends("tool_name", "tool_input", "tool_use_id", "mcp_server"),
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
  // Exit 2's stderr reaches the model; exit 1's never does (test/harness/post-tool-exit-feedback.test.ts).
  {
    name: "PostToolUse",
    payloadFields: sends(
      "tool_name",
      "tool_input",
      "tool_response",
      "tool_use_id",
      "duration_ms",
      "mcp_server",
    ),
    ...TOOL,
    rules: rules({ legacyDecision: true, additionalContext: true }),
    exit2FeedsModel: true,
  },
  {
    name: "PostToolUseFailure",
    payloadFields: sends(
      "tool_name",
      "tool_input",
      "tool_use_id",
      "error",
      "is_interrupt",
      "duration_ms",
      "mcp_server",
    ),
    ...TOOL,
    rules: rules({ additionalContext: true }),
  },
  { name: "PostToolBatch", payloadFields: sends("tool_calls"), rules: rules({ exit2Blocks: true }) },
  // Only the JSON `decision.behavior` counts on a permission request.
  {
    name: "PermissionRequest",
    payloadFields: sends("tool_name", "tool_input", "permission_suggestions", "mcp_server"),
    ...TOOL,
    rules: rules({ permissionRequest: true }),
  },
  {
    name: "PermissionDenied",
    payloadFields: sends("tool_name", "tool_input", "tool_use_id", "reason", "mcp_server"),
    ...TOOL,
    rules: NO_EFFECT,
  },
  {
    name: "UserPromptSubmit",
    payloadFields: sends("prompt", "source", "session_title"),
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
    payloadFields: sends("expansion_type", "command_name", "command_args", "command_source", "prompt"),
    matcherSubject: "command_name",
    rules: rules({ exit2Blocks: true, additionalContext: true, plainTextIsContext: true }),
  },
  {
    name: "SessionStart",
    payloadFields: sends(
      "source",
      "model",
      "session_title",
      "seconds_since_last_response",
      "context_tokens",
      "prompt_cache_likely_expired",
      "estimated_cache_write_usd",
    ),
    matcherSubject: "source",
    matcherValues: SESSION_START_SOURCES,
    rules: rules({ additionalContext: true, plainTextIsContext: true }),
  },
  // The session is over: no model turn follows, and the CLI is exiting.
  {
    name: "SessionEnd",
    payloadFields: sends("reason"),
    matcherSubject: "reason",
    rules: NO_EFFECT,
    plainStdoutReachesNoOne: true,
  },
  // Plain stdout at exit 0 is in no model request, nor in the result (test/harness/unheard-output.test.ts).
  {
    name: "Stop",
    payloadFields: sends("stop_hook_active", "last_assistant_message", "background_tasks", "session_crons"),
    rules: rules({ exit2Blocks: true, legacyDecision: true, blockNeedsReason: true }),
    plainStdoutReachesNoOne: true,
  },
  {
    name: "SubagentStop",
    payloadFields: sends(
      "stop_hook_active",
      "agent_id",
      "agent_transcript_path",
      "agent_type",
      "last_assistant_message",
      "background_tasks",
      "session_crons",
    ),
    matcherSubject: "agent_type",
    rules: rules({ exit2Blocks: true, legacyDecision: true, blockNeedsReason: true }),
  },
  {
    name: "SubagentStart",
    payloadFields: sends("agent_id", "agent_type"),
    matcherSubject: "agent_type",
    rules: rules({ additionalContext: true }),
  },
  {
    name: "StopFailure",
    payloadFields: sends("error", "error_details", "last_assistant_message"),
    matcherSubject: "error",
    rules: rules({ outputIgnored: true }),
  },
  {
    name: "PreCompact",
    payloadFields: sends("trigger", "custom_instructions"),
    matcherSubject: "trigger",
    matcherValues: ["manual", "auto"],
    rules: rules({ exit2Blocks: true, legacyDecision: true }),
  },
  {
    name: "PostCompact",
    payloadFields: sends("trigger", "compact_summary"),
    matcherSubject: "trigger",
    matcherValues: ["manual", "auto"],
    rules: NO_EFFECT,
  },
  {
    name: "Notification",
    payloadFields: sends("message", "title", "notification_type"),
    matcherSubject: "notification_type",
    rules: NO_EFFECT,
  },
  {
    name: "ConfigChange",
    payloadFields: sends("source", "file_path"),
    matcherSubject: "source",
    matcherValues: ["user_settings", "project_settings", "local_settings", "policy_settings", "skills"],
    rules: rules({ exit2Blocks: true, legacyDecision: true }),
  },
  // The binary compares these with `to_model` after stripping a `[1m]`/`[2m]` suffix from the matcher.
  {
    name: "PreModelSwitch",
    payloadFields: sends(...MODEL_SWITCH),
    matcherSubject: "to_model",
    rules: rules({ exit2Blocks: true }),
  },
  {
    name: "PostModelSwitch",
    payloadFields: sends(...MODEL_SWITCH),
    matcherSubject: "to_model",
    rules: NO_EFFECT,
  },
  {
    name: "Setup",
    payloadFields: sends("trigger"),
    matcherSubject: "trigger",
    matcherValues: ["init", "maintenance"],
    rules: rules({ additionalContext: true }),
  },
  {
    name: "InstructionsLoaded",
    payloadFields: sends(
      "file_path",
      "memory_type",
      "load_reason",
      "globs",
      "trigger_file_path",
      "parent_file_path",
    ),
    matcherSubject: "load_reason",
    matcherValues: ["session_start", "nested_traversal", "path_glob_match", "include", "compact"],
    rules: NO_EFFECT,
  },
  { name: "CwdChanged", payloadFields: sends("old_cwd", "new_cwd"), rules: NO_EFFECT },
  {
    name: "DirectoryAdded",
    payloadFields: sends("directory", "source"),
    matcherSubject: "source",
    matcherValues: ["slash_command", "register_repo_root"],
    rules: NO_EFFECT,
  },
  // The matcher is compared with the file's base name, and only `|` separates names (the binary's
  // narrow name list: FileChanged is not among the events whose lists take spaces and commas).
  {
    name: "FileChanged",
    payloadFields: sends("file_path", "event"),
    matcherSubject: "file_path",
    subjectTransform: "basename",
    matcherRule: "pipe-names-or-regex",
    rules: NO_EFFECT,
  },
  { name: "WorktreeCreate", payloadFields: sends("name"), rules: NO_EFFECT },
  { name: "WorktreeRemove", payloadFields: sends("worktree_path"), rules: NO_EFFECT },
  {
    name: "TaskCreated",
    payloadFields: sends("task_id", "task_subject", "task_description", "teammate_name", "team_name"),
    rules: NO_EFFECT,
  },
  {
    name: "TaskCompleted",
    payloadFields: sends("task_id", "task_subject", "task_description", "teammate_name", "team_name"),
    rules: NO_EFFECT,
  },
  { name: "TeammateIdle", payloadFields: sends("teammate_name", "team_name"), rules: NO_EFFECT },
  {
    name: "MessageDisplay",
    payloadFields: sends("turn_id", "message_id", "index", "final", "delta"),
    rules: NO_EFFECT,
  },
  {
    name: "Elicitation",
    payloadFields: sends("mcp_server_name", "message", "mode", "url", "elicitation_id", "requested_schema"),
    matcherSubject: "mcp_server_name",
    rules: NO_EFFECT,
  },
  {
    name: "ElicitationResult",
    payloadFields: sends("mcp_server_name", "elicitation_id", "mode", "action", "content"),
    matcherSubject: "mcp_server_name",
    rules: NO_EFFECT,
  },
];
