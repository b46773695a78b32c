/**
 * The synthetic events `vigiles audit --run` feeds a hook: one per event and matcher it is
 * registered on, shaped like what the harness sends (docs/hook-contract.md, Hook input).
 */
import { join } from "node:path";
import { claudeEventName, claudeToolName, dialectEvent, nativeToolName } from "../../core/dialect.js";
import { parseMatcher } from "../../core/audit/hook-events.js";
import {
  isToolEventOf,
  matcherSubjectOf,
  testDialectMatcher,
} from "../../core/hook-config/dialect-matcher.js";
import type { HookRegistration } from "../../core/audit/hooks-config.js";

/** Tools tried, in order, against a regex matcher. */
export const TOOLS: readonly string[] = [
  "Bash",
  "Edit",
  "Write",
  "Read",
  "Glob",
  "Grep",
  "Agent",
  "Task",
  "WebFetch",
  "WebSearch",
  "Skill",
  "MultiEdit",
  "NotebookEdit",
];

/** The bland input of one tool call: a probe file in the project, an echo. */
export function toolInput(tool: string, cwd: string): Record<string, unknown> {
  const file = join(cwd, "vigiles-audit-probe.txt");
  switch (tool) {
    case "Bash":
      return { command: "echo vigiles-audit-probe", description: "vigiles audit probe" };
    case "Edit":
    case "MultiEdit":
      return { file_path: file, old_string: "before", new_string: "after" };
    case "Write":
      return { file_path: file, content: "vigiles audit probe\n" };
    case "Read":
      return { file_path: file };
    case "Glob":
      return { pattern: "**/*.md" };
    case "Grep":
      return { pattern: "vigiles" };
    case "Agent":
    case "Task":
      return { description: "probe", prompt: "vigiles audit probe", subagent_type: "general-purpose" };
    case "WebFetch":
      return { url: "https://example.com/", prompt: "probe" };
    case "WebSearch":
      return { query: "vigiles audit probe" };
    case "Skill":
      return { skill: "probe" };
    default:
      return {};
  }
}

/** The values a matcher is exercised with: each listed name, a known value matching a regex, or a default. */
function targets(reg: HookRegistration, candidates: readonly string[], fallback: string): string[] {
  const form = parseMatcher(reg.matcher);
  switch (form.kind) {
    case "all":
      return [fallback];
    case "names":
      return form.names.length > 0 ? [...form.names] : [fallback];
    case "regex": {
      const hit = form.regex ? candidates.find((c) => form.regex?.test(c)) : undefined;
      return [hit ?? fallback];
    }
  }
}

/** One synthetic event and what it exercises. */
export interface SyntheticEvent {
  /** The matcher value the event carries (tool name, source …), when the event takes a matcher. */
  readonly target?: string;
  readonly event: Record<string, unknown>;
}

/** The events to feed one registration. */
export function syntheticEvents(reg: HookRegistration, cwd: string): SyntheticEvent[] {
  const name = reg.event;
  const base = { hook_event_name: name };
  if (isToolEventOf(reg.dialect, name)) {
    // A harness's matcher names its own tools (Gemini's run_shell_command): the candidates are its
    // names, and the event is built in Claude Code's, which the dialect's payload translates back.
    const native = (t: string) => nativeToolName(reg.dialect, t);
    const claudeEvent = claudeEventName(reg.dialect, name);
    return targets(reg, TOOLS.map(native), native("Bash")).map((named) => {
      const tool = claudeToolName(reg.dialect, named);
      const event: Record<string, unknown> = { ...base, tool_name: tool, tool_input: toolInput(tool, cwd) };
      if (claudeEvent === "PostToolUse")
        Object.assign(event, {
          tool_response: { stdout: "vigiles-audit-probe\n", stderr: "", interrupted: false },
          duration_ms: 5,
        });
      if (claudeEvent === "PostToolUseFailure")
        Object.assign(event, { error: "Command failed with exit code 1", is_interrupt: false });
      if (claudeEvent === "PermissionRequest") Object.assign(event, { permission_suggestions: [] });
      return { target: tool, event };
    });
  }
  const field = matcherSubjectOf(reg.dialect, name);
  const defaults: Record<string, { candidates: readonly string[]; fallback: string }> = {
    SessionStart: {
      candidates: dialectEvent(reg.dialect, name)?.matcherValues ?? ["startup"],
      fallback: "startup",
    },
    SessionEnd: { candidates: ["clear", "logout", "prompt_input_exit", "other"], fallback: "other" },
    PreCompact: { candidates: ["manual", "auto"], fallback: "auto" },
    PostCompact: { candidates: ["manual", "auto"], fallback: "auto" },
    Notification: {
      candidates: ["permission_prompt", "idle_prompt", "auth_success"],
      fallback: "idle_prompt",
    },
    StopFailure: { candidates: ["rate_limit", "overloaded", "server_error"], fallback: "rate_limit" },
    SubagentStart: { candidates: ["general-purpose"], fallback: "general-purpose" },
    SubagentStop: { candidates: ["general-purpose"], fallback: "general-purpose" },
    Setup: { candidates: ["init", "maintenance"], fallback: "init" },
  };
  const extra: Record<string, Record<string, unknown>> = {
    UserPromptSubmit: { prompt: "vigiles audit probe" },
    UserPromptExpansion: { expansion_type: "slash_command", command_args: "", prompt: "/probe" },
    Stop: {
      stop_hook_active: false,
      last_assistant_message: "done",
      background_tasks: [],
      session_crons: [],
    },
    SubagentStop: { stop_hook_active: false, agent_id: "agent-probe", last_assistant_message: "done" },
    SubagentStart: { agent_id: "agent-probe" },
    PreCompact: { custom_instructions: "" },
    PostCompact: { compact_summary: "probe" },
    Notification: { message: "vigiles audit probe" },
    PostToolBatch: { tool_calls: [] },
  };
  if (field === undefined) return [{ event: { ...base, ...extra[name] } }];
  const d = defaults[name] ?? { candidates: [], fallback: "probe" };
  // Only the values the harness itself would run the hook for: Gemini CLI compares a SessionStart
  // matcher with the source for equality, so `startup|clear` selects none and the hook never runs
  // (the static `gemini-exact-matcher` says so; a probe would report a run that never happens).
  return targets(reg, d.candidates, d.fallback)
    .filter((value) => testDialectMatcher(reg.dialect, name, reg.matcher, value).matches)
    .map((value) => ({
      target: value,
      event: { ...base, ...extra[name], [field]: value },
    }));
}
