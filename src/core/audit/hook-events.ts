/**
 * The hook events Claude Code 2.1.328 knows, and the input field each event's matcher is tested
 * against. Read from the pinned binary's own event list and matcher switch: an event missing here
 * never fires, and a matcher on an event with no matcher field is ignored (the hook fires always).
 */

/** Every event name Claude Code accepts in a hooks configuration (33 at 2.1.328). */
export const CLAUDE_CODE_HOOK_EVENTS = [
  "PreToolUse",
  "PostToolUse",
  "PostToolUseFailure",
  "PostToolBatch",
  "Notification",
  "UserPromptSubmit",
  "UserPromptExpansion",
  "SessionStart",
  "SessionEnd",
  "Stop",
  "StopFailure",
  "SubagentStart",
  "SubagentStop",
  "PreCompact",
  "PostCompact",
  "PreModelSwitch",
  "PostModelSwitch",
  "PermissionRequest",
  "PermissionDenied",
  "Setup",
  "TeammateIdle",
  "TaskCreated",
  "TaskCompleted",
  "Elicitation",
  "ElicitationResult",
  "ConfigChange",
  "WorktreeCreate",
  "WorktreeRemove",
  "InstructionsLoaded",
  "CwdChanged",
  "FileChanged",
  "DirectoryAdded",
  "MessageDisplay",
] as const;

/** The events Codex 0.169.0 fires hooks for. */
export const CODEX_HOOK_EVENTS = [
  "SessionStart",
  "SessionEnd",
  "PreToolUse",
  "PermissionRequest",
  "PostToolUse",
  "PreCompact",
  "PostCompact",
  "UserPromptSubmit",
  "SubagentStart",
  "SubagentStop",
  "Stop",
] as const;

/** Which harness a hooks file belongs to. */
export type HookHarness = "claude-code" | "codex";

/** The input field a matcher is compared with, per event; events absent here take no matcher. */
export const MATCHER_FIELD: Readonly<Record<string, string>> = {
  PreToolUse: "tool_name",
  PostToolUse: "tool_name",
  PostToolUseFailure: "tool_name",
  PermissionRequest: "tool_name",
  PermissionDenied: "tool_name",
  UserPromptExpansion: "command_name",
  SessionStart: "source",
  Setup: "trigger",
  PreCompact: "trigger",
  PostCompact: "trigger",
  PreModelSwitch: "to_model",
  PostModelSwitch: "to_model",
  Notification: "notification_type",
  SessionEnd: "reason",
  StopFailure: "error",
  SubagentStart: "agent_type",
  SubagentStop: "agent_type",
  Elicitation: "mcp_server_name",
  ElicitationResult: "mcp_server_name",
  ConfigChange: "source",
  DirectoryAdded: "source",
  InstructionsLoaded: "load_reason",
  FileChanged: "file_path",
};

/** Events whose matcher is a tool name. */
export const TOOL_EVENTS: ReadonlySet<string> = new Set(
  Object.entries(MATCHER_FIELD)
    .filter(([, field]) => field === "tool_name")
    .map(([event]) => event),
);

/** SessionStart `source` values; `fork` arrived in 2.1.212. */
export const SESSION_START_SOURCES = ["startup", "resume", "clear", "compact", "fork"] as const;

/** Handler types a hooks configuration accepts. */
export const HOOK_HANDLER_TYPES = ["command", "http", "mcp_tool", "prompt", "agent"] as const;

/** The default budget of a command hook, in seconds, when `timeout` is not set. */
export const DEFAULT_COMMAND_TIMEOUT_SECONDS = 600;

/** The event names a harness knows. */
export function knownEvents(harness: HookHarness): readonly string[] {
  return harness === "codex" ? CODEX_HOOK_EVENTS : CLAUDE_CODE_HOOK_EVENTS;
}

/**
 * How the harness reads a matcher: `*`, empty or absent matches everything; a string of only
 * `[A-Za-z0-9_ ,|-]` is a list of exact names split on `|` or `,`; anything else is an unanchored
 * JavaScript regular expression, case-sensitive.
 */
export type MatcherForm =
  | { readonly kind: "all" }
  | { readonly kind: "names"; readonly names: readonly string[] }
  | { readonly kind: "regex"; readonly regex: RegExp | null };

export function parseMatcher(matcher: string | undefined): MatcherForm {
  if (matcher === undefined || matcher === "" || matcher === "*") return { kind: "all" };
  if (/^[A-Za-z0-9_ ,|-]+$/.test(matcher)) {
    const names = matcher
      .split(/[|,]/)
      .map((s) => s.trim())
      .filter((s) => s !== "");
    return { kind: "names", names };
  }
  try {
    return { kind: "regex", regex: new RegExp(matcher) };
  } catch {
    return { kind: "regex", regex: null };
  }
}

/** True when the matcher would fire for `value` (a tool name, a SessionStart source …). */
export function matcherMatches(matcher: string | undefined, value: string): boolean {
  const form = parseMatcher(matcher);
  switch (form.kind) {
    case "all":
      return true;
    case "names":
      return form.names.includes(value);
    case "regex":
      return form.regex !== null && form.regex.test(value);
  }
}
