/**
 * Qwen Code 0.24.4's hook events and what a hook may do on each: Claude Code's event names, payloads
 * and answer shapes (its bundled docs, features/hooks.md, and the hook runner), run under `bash`.
 * Rows a real run pinned say so in test/qwen; the rest are read from the docs and checked by the
 * conformance corpus.
 */
import type { DialectEvent } from "../../../core/dialect.js";
import { eventRulesOf as rules, NO_EFFECT } from "../../../core/hook-decision/event-rules.js";

const TOOL = { matcherSubject: "tool_name" } as const;
const BLOCKS = { exit2Blocks: true, legacyDecision: true } as const;

export const QWEN_EVENTS: readonly DialectEvent[] = [
  // Exit 2 blocked `rm -rf` and its stderr reached the model as the call's error (test/qwen);
  // `continue: false` stops the call, and additionalContext does not reach the model (conformance).
  {
    name: "PreToolUse",
    ...TOOL,
    rules: rules({ ...BLOCKS, permissionDecision: true, continueFalseBlocks: true }),
  },
  // additionalContext is appended to the tool's result (test/qwen).
  { name: "PostToolUse", ...TOOL, rules: rules({ legacyDecision: true, additionalContext: true }) },
  { name: "PostToolUseFailure", ...TOOL, rules: rules({ additionalContext: true }) },
  { name: "PostToolBatch", rules: rules({ ...BLOCKS, additionalContext: true, continueFalseBlocks: true }) },
  { name: "PermissionRequest", ...TOOL, rules: rules({ permissionRequest: true }) },
  { name: "PermissionDenied", ...TOOL, rules: NO_EFFECT },
  // Fires before every model call of the loop (tool results too, with `prompt: ""`); plain stdout
  // reaches the model wrapped in <qwen:user-prompt-submit-context> (test/qwen).
  {
    name: "UserPromptSubmit",
    rules: rules({ ...BLOCKS, additionalContext: true, plainTextIsContext: true, continueFalseBlocks: true }),
  },
  {
    name: "UserPromptExpansion",
    matcherSubject: "command_name",
    rules: rules({ ...BLOCKS, additionalContext: true, plainTextIsContext: true, continueFalseBlocks: true }),
  },
  {
    name: "SessionStart",
    matcherSubject: "source",
    matcherValues: ["startup", "resume", "clear", "compact"],
    rules: rules({ additionalContext: true, plainTextIsContext: true }),
  },
  { name: "SessionEnd", matcherSubject: "reason", rules: NO_EFFECT },
  { name: "SessionDelete", rules: NO_EFFECT },
  { name: "MessageDisplay", rules: rules({ outputIgnored: true }) },
  { name: "Stop", rules: rules({ ...BLOCKS, additionalContext: true }) },
  { name: "StopFailure", matcherSubject: "error", rules: rules({ outputIgnored: true }) },
  { name: "SubagentStart", matcherSubject: "agent_type", rules: rules({ additionalContext: true }) },
  { name: "SubagentStop", matcherSubject: "agent_type", rules: rules(BLOCKS) },
  { name: "PreCompact", matcherSubject: "trigger", matcherValues: ["manual", "auto"], rules: NO_EFFECT },
  { name: "PostCompact", matcherSubject: "trigger", matcherValues: ["manual", "auto"], rules: NO_EFFECT },
  { name: "Notification", matcherSubject: "notification_type", rules: NO_EFFECT },
  { name: "TodoCreated", rules: rules(BLOCKS) },
  { name: "TodoCompleted", rules: rules(BLOCKS) },
  { name: "InstructionsLoaded", matcherSubject: "file_path", rules: NO_EFFECT },
];

/** Every event name Qwen Code fires hooks on. */
export const QWEN_HOOK_EVENTS: readonly string[] = QWEN_EVENTS.map((e) => e.name);

/**
 * Seconds a command hook gets with no `timeout`. 0.24.4 reads `timeout` in seconds, except that a
 * value of 1000 or more is read as milliseconds (hooks.md: "Command hook timeouts used to be written
 * in milliseconds").
 */
export const QWEN_DEFAULT_HOOK_TIMEOUT_S = 60;
