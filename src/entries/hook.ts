/**
 * `vigiles/hook`: author hook programs and run them in process. The only import a compiled hook may use.
 */
export type { FoldedHookDecision, HookDecisionKind } from "../core/hook-decision/types.js";

// --- hook programs ---
export { experimental_defineHook, isHookProgram } from "../core/hook-program/define.js";
export type { HookDefinition, HookProgram, AnyHookProgram, HookMode } from "../core/hook-program/define.js";
export { allow, deny, ask, inject, notice, nothing, isHookAnswer } from "../core/hook-program/answers.js";
export type {
  Allow,
  Deny,
  Ask,
  Inject,
  Notice,
  Nothing,
  GateAnswer,
  HookAnswer,
  HookAnswerKind,
} from "../core/hook-program/answers.js";
export { runHookProgram } from "../core/hook-program/run.js";
export type {
  HookProgramOutcome,
  HookDecisionOutcome,
  HookInjectionOutcome,
  HookReactionOutcome,
  RawHookEvent,
} from "../core/hook-program/run.js";
export { toProtocolAnswer } from "../core/hook-program/protocol.js";
export type { ProtocolAnswer } from "../core/hook-program/protocol.js";
export { HookProgramError } from "../core/hook-program/errors.js";
export { HOOK_PROGRAM_EVENTS } from "../core/hook-program/events.js";
export type {
  HookProgramEvent,
  HookEventInputs,
  HookEventAnswers,
  HookEventCommon,
  ToolEventInput,
  PreToolUseInput,
  PostToolUseInput,
  PostToolUseFailureInput,
  PermissionRequestInput,
  UserPromptSubmitInput,
  StopInput,
  SessionStartInput,
  SessionEndInput,
  NotificationInput,
  SubagentStartInput,
  StopFailureInput,
} from "../core/hook-program/events.js";
export type {
  HookEventView,
  HookEventViews,
  ToolEventView,
  PostToolEventView,
  PromptEventView,
  StopEventView,
} from "../core/hook-program/event-view.js";
export type { PathView } from "../core/hook-program/path-view.js";
export type {
  ShellCommandView,
  RunsOptions,
  SimpleCommand,
} from "../core/hook-program/shell/command-view.js";
