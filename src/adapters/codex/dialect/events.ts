/**
 * Codex's hook events (0.169.0) and what a hook may do on each: Claude Code's shapes, fewer events,
 * and a reason required wherever a hook blocks (pinned by the real-CLI tests in test/codex).
 */
import type { DialectEvent } from "../../../core/dialect.js";
import { eventRulesOf as rules, NO_EFFECT } from "../../../core/hook-decision/event-rules.js";

const BLOCKS = { exit2Blocks: true, legacyDecision: true, blockNeedsReason: true } as const;

export const CODEX_EVENTS: readonly DialectEvent[] = [
  {
    name: "PreToolUse",
    matcherSubject: "tool_name",
    rules: rules({ ...BLOCKS, permissionDecision: true, additionalContext: true }),
  },
  {
    name: "PostToolUse",
    matcherSubject: "tool_name",
    rules: rules({ legacyDecision: true, blockNeedsReason: true, additionalContext: true }),
  },
  { name: "PermissionRequest", matcherSubject: "tool_name", rules: rules({ permissionRequest: true }) },
  // continue:false stops the prompt: no request reaches the model (conformance runs of 0.169.0).
  {
    name: "UserPromptSubmit",
    rules: rules({ ...BLOCKS, additionalContext: true, plainTextIsContext: true, continueFalseBlocks: true }),
  },
  {
    name: "SessionStart",
    matcherSubject: "source",
    rules: rules({ additionalContext: true, plainTextIsContext: true }),
  },
  { name: "SessionEnd", matcherSubject: "reason", rules: NO_EFFECT },
  { name: "Stop", rules: rules(BLOCKS) },
  { name: "SubagentStart", matcherSubject: "agent_type", rules: rules({ additionalContext: true }) },
  { name: "SubagentStop", matcherSubject: "agent_type", rules: rules(BLOCKS) },
  { name: "PreCompact", matcherSubject: "trigger", rules: rules(BLOCKS) },
  { name: "PostCompact", matcherSubject: "trigger", rules: NO_EFFECT },
];
