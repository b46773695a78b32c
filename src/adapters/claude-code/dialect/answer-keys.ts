/**
 * The keys of `hookSpecificOutput` Claude Code 2.1.328 reads on each event: its answer schema's
 * union of one object per `hookEventName`, read from the pinned binary (a zod object drops the keys
 * it does not name). test/audit/answer-keys.test.ts re-reads the union.
 */
export const SPECIFIC_OUTPUT_KEYS: Readonly<Record<string, readonly string[]>> = {
  PreToolUse: [
    "permissionDecision",
    "permissionDecisionReason",
    "updatedInput",
    "additionalContext",
    "permissionDisplay",
  ],
  UserPromptSubmit: ["additionalContext", "sessionTitle", "suppressOriginalPrompt"],
  UserPromptExpansion: ["additionalContext", "suppressOriginalPrompt"],
  SessionStart: ["additionalContext", "initialUserMessage", "sessionTitle", "watchPaths", "reloadSkills"],
  Setup: ["additionalContext"],
  PreModelSwitch: ["permissionDecision", "permissionDecisionReason"],
  PostModelSwitch: ["additionalContext"],
  SubagentStart: ["additionalContext"],
  PostToolUse: ["additionalContext", "classifierContext", "updatedToolOutput", "updatedMCPToolOutput"],
  PostToolUseFailure: ["additionalContext"],
  PostToolBatch: ["additionalContext"],
  Stop: ["additionalContext"],
  SubagentStop: ["additionalContext"],
  PermissionDenied: ["retry"],
  Notification: ["additionalContext"],
  PermissionRequest: ["decision"],
  Elicitation: ["action", "content"],
  ElicitationResult: ["action", "content"],
  CwdChanged: ["watchPaths"],
  FileChanged: ["watchPaths"],
  WorktreeCreate: ["worktreePath"],
  MessageDisplay: ["displayContent"],
};
