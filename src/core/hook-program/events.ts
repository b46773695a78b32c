/**
 * The events a hook program can be defined on, the JSON each one receives on stdin, and the answers
 * each one accepts. The answer map is what makes a category mistake a type error: `deny()` on
 * PostToolUse (the tool already ran) or `notice()` on a PreToolUse gate does not compile.
 */
import type { Allow, Ask, Deny, Inject, Notice, Nothing } from "./answers.js";

/** Fields every Claude Code hook event carries (all optional here so a test can pass a bare event). */
export interface HookEventCommon {
  readonly hook_event_name?: string;
  readonly session_id?: string;
  readonly transcript_path?: string;
  readonly cwd?: string;
  readonly permission_mode?: string;
  readonly agent_id?: string;
  readonly agent_type?: string;
  readonly [field: string]: unknown;
}

/** The stdin JSON of a tool event: the common fields plus `tool_name`, `tool_input` and `tool_use_id`. */
export interface ToolEventInput extends HookEventCommon {
  readonly tool_name: string;
  readonly tool_input: Readonly<Record<string, unknown>>;
  readonly tool_use_id?: string;
}
/** The stdin JSON of PreToolUse. */
export type PreToolUseInput = ToolEventInput;
/** The stdin JSON of PostToolUse: a tool event plus `tool_response`. */
export interface PostToolUseInput extends ToolEventInput {
  readonly tool_response?: unknown;
}
/** The stdin JSON of PostToolUseFailure: a tool event plus `error` and `is_interrupt`. */
export interface PostToolUseFailureInput extends ToolEventInput {
  readonly error?: string;
  readonly is_interrupt?: boolean;
}
/** The stdin JSON of PermissionRequest: a tool event plus `permission_suggestions`. */
export interface PermissionRequestInput extends ToolEventInput {
  readonly permission_suggestions?: readonly unknown[];
}
/** The stdin JSON of UserPromptSubmit: the common fields plus `prompt`. */
export interface UserPromptSubmitInput extends HookEventCommon {
  readonly prompt: string;
}
/** The stdin JSON of Stop and SubagentStop: `stop_hook_active` and the last assistant message. */
export interface StopInput extends HookEventCommon {
  readonly stop_hook_active?: boolean;
  readonly last_assistant_message?: string;
}
/** The stdin JSON of SessionStart: `source` (startup, resume, clear, compact, fork). */
export interface SessionStartInput extends HookEventCommon {
  readonly source?: string;
}
/** The stdin JSON of SessionEnd: `reason`. */
export interface SessionEndInput extends HookEventCommon {
  readonly reason?: string;
}
/** The stdin JSON of Notification: `message` and `notification_type`. */
export interface NotificationInput extends HookEventCommon {
  readonly message?: string;
  readonly notification_type?: string;
}
/** The stdin JSON of SubagentStart (the common fields). */
export type SubagentStartInput = HookEventCommon;
/** The stdin JSON of StopFailure: the API `error` that ended the turn. */
export interface StopFailureInput extends HookEventCommon {
  readonly error?: string;
}

/** The raw stdin JSON of each event a hook program can handle. */
export interface HookEventInputs {
  readonly PreToolUse: PreToolUseInput;
  readonly PermissionRequest: PermissionRequestInput;
  readonly PostToolUse: PostToolUseInput;
  readonly PostToolUseFailure: PostToolUseFailureInput;
  readonly UserPromptSubmit: UserPromptSubmitInput;
  readonly Stop: StopInput;
  readonly SubagentStop: StopInput;
  readonly SessionStart: SessionStartInput;
  readonly SessionEnd: SessionEndInput;
  readonly Notification: NotificationInput;
  readonly SubagentStart: SubagentStartInput;
  readonly StopFailure: StopFailureInput;
}

/** The legal answers per event, from the harness contract (docs/hook-contract.md, Hook output). */
export interface HookEventAnswers {
  /** Gate (allow, deny, ask) or injector. */
  readonly PreToolUse: Allow | Deny | Ask | Inject;
  /** Answers the permission dialog: allow or deny only. */
  readonly PermissionRequest: Allow | Deny;
  /** Runs after the tool: it cannot block. Injector or reaction. */
  readonly PostToolUse: Inject | Notice | Nothing;
  readonly PostToolUseFailure: Notice | Nothing;
  /** Gate (deny erases the prompt) or injector. No `ask`. */
  readonly UserPromptSubmit: Allow | Deny | Inject;
  /** deny = block the stop: the agent keeps working with the reason as feedback. */
  readonly Stop: Allow | Deny;
  readonly SubagentStop: Allow | Deny;
  readonly SessionStart: Inject | Notice | Nothing;
  readonly SessionEnd: Notice | Nothing;
  readonly Notification: Notice | Nothing;
  readonly SubagentStart: Notice | Nothing;
  /** The harness ignores this event's output; a notice is for the log. */
  readonly StopFailure: Notice | Nothing;
}

/** An event a hook program can answer. */
export type HookProgramEvent = keyof HookEventInputs & keyof HookEventAnswers;

/** Every event name a hook program accepts, for runtime checks. */
export const HOOK_PROGRAM_EVENTS: readonly HookProgramEvent[] = [
  "PreToolUse",
  "PermissionRequest",
  "PostToolUse",
  "PostToolUseFailure",
  "UserPromptSubmit",
  "Stop",
  "SubagentStop",
  "SessionStart",
  "SessionEnd",
  "Notification",
  "SubagentStart",
  "StopFailure",
];

/** The same map at run time: a program loaded from plain JS has no types to stop an illegal answer. */
export const LEGAL_ANSWERS: Readonly<Record<HookProgramEvent, readonly string[]>> = {
  PreToolUse: ["allow", "deny", "ask", "inject"],
  PermissionRequest: ["allow", "deny"],
  PostToolUse: ["inject", "notice", "nothing"],
  PostToolUseFailure: ["notice", "nothing"],
  UserPromptSubmit: ["allow", "deny", "inject"],
  Stop: ["allow", "deny"],
  SubagentStop: ["allow", "deny"],
  SessionStart: ["inject", "notice", "nothing"],
  SessionEnd: ["notice", "nothing"],
  Notification: ["notice", "nothing"],
  SubagentStart: ["notice", "nothing"],
  StopFailure: ["notice", "nothing"],
};

/** Events whose hooks receive `tool_name` / `tool_input` and are registered with a tool matcher. */
export const TOOL_EVENTS: ReadonlySet<HookProgramEvent> = new Set([
  "PreToolUse",
  "PermissionRequest",
  "PostToolUse",
  "PostToolUseFailure",
]);

export function isHookProgramEvent(value: unknown): value is HookProgramEvent {
  return typeof value === "string" && (HOOK_PROGRAM_EVENTS as readonly string[]).includes(value);
}
