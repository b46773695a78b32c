/**
 * GitHub Copilot CLI's hook protocol as one table: its events, what a non-zero exit and a timeout do
 * on each, and which JSON fields of the answer it honours. Copilot's answers are top-level fields
 * (`permissionDecision`, `modifiedArgs`, `decision`, `behavior` …), not Claude Code's
 * `hookSpecificOutput`, and its events are camelCase. A PascalCase name (`PreToolUse`) selects the
 * VS Code-compatible variant: a snake_case payload with Claude's tool names (`Bash`), and Claude's
 * `hookSpecificOutput` honoured too.
 *
 * `measured` rows were pinned against the real pinned CLI (1.0.102, test/copilot); the others come
 * from docs.github.com ("GitHub Copilot CLI hooks reference") and the CLI's changelog.
 */

/** What a non-zero exit does on one event. */
export type CopilotExitRule =
  /** Every non-zero exit denies (preToolUse since 1.0.x: "hook errors now deny the tool call"). */
  | "nonzero-denies"
  /** Logged and skipped: the action proceeds. */
  | "ignored";

/** What a hook may do on one Copilot event. */
export interface CopilotEventRules {
  readonly exit: CopilotExitRule;
  /** `permissionDecision` allow|deny|ask (+ `permissionDecisionReason`, `modifiedArgs`). */
  readonly permissionDecision: boolean;
  /** `decision: "block"` with `reason` (agentStop, subagentStop). */
  readonly blockDecision: boolean;
  /** `behavior` allow|deny with `message`, `interrupt` (permissionRequest). */
  readonly behavior: boolean;
  /** `additionalContext` reaches the model. */
  readonly additionalContext: boolean;
  /** `modifiedTransformedPrompt` replaces the prompt the model is sent (userPromptTransformed). */
  readonly transformedPrompt: boolean;
  /** The run of the pinned CLI confirmed this row (test/copilot/copilot-hooks.test.ts). */
  readonly measured: boolean;
}

const base: CopilotEventRules = {
  exit: "ignored",
  permissionDecision: false,
  blockDecision: false,
  behavior: false,
  additionalContext: false,
  transformedPrompt: false,
  measured: false,
};

const rules = (partial: Partial<CopilotEventRules>): CopilotEventRules => ({ ...base, ...partial });

/** Copilot CLI's camelCase events. */
const COPILOT_EVENTS: Readonly<Record<string, CopilotEventRules>> = {
  sessionStart: rules({ additionalContext: true }),
  sessionEnd: rules({}),
  // Measured: exit 2 on userPromptSubmitted, postToolUse and agentStop blocked nothing.
  // A top-level additionalContext reaches the model (a conformance run of 1.0.102).
  userPromptSubmitted: rules({ additionalContext: true, measured: true }),
  // Measured (1.0.102, test/copilot/copilot-prompt-transformed.test.ts): fires after the prompt is
  // transformed (Copilot's `<current_datetime>` prefix added); `modifiedTransformedPrompt` replaces
  // what the model is sent; exit 2, additionalContext and `decision: "block"` change nothing.
  // No PascalCase alias: Claude Code has no such event.
  userPromptTransformed: rules({ transformedPrompt: true, measured: true }),
  // Measured (1.0.102): exit 2 denied with "hook exited with code 2", exit 1 denied with "(hook
  // errored)"; a timeout let the call run. The docs still say only permissionRequest denies on exit 2.
  preToolUse: rules({
    exit: "nonzero-denies",
    permissionDecision: true,
    additionalContext: true,
    measured: true,
  }),
  postToolUse: rules({ additionalContext: true, measured: true }),
  postToolUseFailure: rules({ additionalContext: true }),
  // Measured (1.0.102, under --allow-all it still fires for bash and edits, not for view): exit 2
  // denied ("Permission denied by hook."), so did exit 1 ("Permission request hook failed");
  // `behavior: "deny"` denied with its `message`, `allow` let the call run, a timeout let it run,
  // and Claude's `hookSpecificOutput.decision` and `permissionDecision` were ignored.
  permissionRequest: rules({ exit: "nonzero-denies", behavior: true, measured: true }),
  // Measured: `{"decision":"block","reason"}` sent the reason back and the agent took another turn.
  agentStop: rules({ blockDecision: true, measured: true }),
  subagentStart: rules({ additionalContext: true }),
  subagentStop: rules({ blockDecision: true }),
  preCompact: rules({}),
  errorOccurred: rules({}),
  notification: rules({}),
};

/** PascalCase (VS Code-compatible) names and the camelCase event each one stands for. */
export const COPILOT_PASCAL_EVENTS: Readonly<Record<string, string>> = {
  SessionStart: "sessionStart",
  SessionEnd: "sessionEnd",
  UserPromptSubmit: "userPromptSubmitted",
  PreToolUse: "preToolUse",
  PostToolUse: "postToolUse",
  PostToolUseFailure: "postToolUseFailure",
  PermissionRequest: "permissionRequest",
  Stop: "agentStop",
  SubagentStart: "subagentStart",
  SubagentStop: "subagentStop",
  PreCompact: "preCompact",
  ErrorOccurred: "errorOccurred",
  Notification: "notification",
};

/** The camelCase event a name stands for (itself, or the one a PascalCase alias selects). */
export function copilotCanonicalEvent(event: string): string | undefined {
  if (Object.hasOwn(COPILOT_EVENTS, event)) return event;
  return Object.hasOwn(COPILOT_PASCAL_EVENTS, event) ? COPILOT_PASCAL_EVENTS[event] : undefined;
}

/** Whether a configured name selects the snake_case (VS Code-compatible) payload. */
export function copilotUsesSnakeCase(event: string): boolean {
  return Object.hasOwn(COPILOT_PASCAL_EVENTS, event);
}

/** The rules of `event` (camelCase or its PascalCase alias) on Copilot, or undefined for an unknown event. */
export function copilotEventRules(event: string): CopilotEventRules | undefined {
  const canonical = copilotCanonicalEvent(event);
  return canonical === undefined ? undefined : COPILOT_EVENTS[canonical];
}

/** Every event name Copilot fires hooks on: the camelCase names, then their PascalCase aliases. */
export function copilotHookEvents(): readonly string[] {
  return [...Object.keys(COPILOT_EVENTS), ...Object.keys(COPILOT_PASCAL_EVENTS)];
}

/** Copilot's default hook timeout (`timeoutSec`), in seconds. */
export const COPILOT_DEFAULT_TIMEOUT_SECONDS = 30;
