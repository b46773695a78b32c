/**
 * What each hook event lets a hook do, per harness (docs/hook-contract.md): whether exit 2 blocks, which
 * JSON decision shapes it honours, and whether it takes injected context. Data, so the folding reads
 * as the contract does and a new event is one row.
 */
import { copilotHookEvents } from "./copilot-rules.js";

import { assertNever } from "../errors.js";
import { GEMINI_EVENT_RULES } from "./gemini-rules.js";

/** The harness whose hook rules apply. */
export type HookHarness = "claude-code" | "codex" | "copilot" | "gemini";

/** What a hook may do on one event: block by exit 2, which JSON decisions count, whether context reaches the model. */
export interface EventRules {
  /** Exit 2 stops the action (PreToolUse, Stop …). Elsewhere exit 2 is a non-blocking error. */
  readonly exit2Blocks: boolean;
  /** Top-level `decision:"block"|"approve"` is honoured. */
  readonly legacyDecision: boolean;
  /** A `reason` must accompany `decision:"block"` (Stop: the CLI feeds it back to the model). */
  readonly blockNeedsReason: boolean;
  /** `hookSpecificOutput.permissionDecision` (PreToolUse). */
  readonly permissionDecision: boolean;
  /** `hookSpecificOutput.decision.behavior` (PermissionRequest). */
  readonly permissionRequest: boolean;
  /** `hookSpecificOutput.additionalContext` reaches the model. */
  readonly additionalContext: boolean;
  /** Plain (non-JSON) stdout on exit 0 is added to the model's context. */
  readonly plainTextIsContext: boolean;
  /** The event's output is ignored altogether (StopFailure). */
  readonly outputIgnored: boolean;
  /**
   * `continue:false` stops the action itself, not only the session after it: on UserPromptSubmit the
   * prompt never reaches the model. Elsewhere it only ends the session once the hooks ran (a PreToolUse
   * call still runs, a Stop still stops; Claude Code 2.1.328, test/harness/continue-false.test.ts).
   */
  readonly continueFalseBlocks: boolean;
}

const base: EventRules = {
  exit2Blocks: false,
  legacyDecision: false,
  blockNeedsReason: false,
  permissionDecision: false,
  permissionRequest: false,
  additionalContext: false,
  plainTextIsContext: false,
  outputIgnored: false,
  continueFalseBlocks: false,
};

const rules = (partial: Partial<EventRules>): EventRules => ({ ...base, ...partial });

/** Claude Code's events (2.1.x) and what a hook may do on each. */
const claudeCode: Readonly<Record<string, EventRules>> = {
  PreToolUse: rules({
    exit2Blocks: true,
    legacyDecision: true,
    permissionDecision: true,
    additionalContext: true,
  }),
  // The tool already ran: exit 2 and `decision:"block"` only feed the reason back to the model.
  PostToolUse: rules({ legacyDecision: true, additionalContext: true }),
  PostToolUseFailure: rules({ additionalContext: true }),
  PostToolBatch: rules({ exit2Blocks: true }),
  // Only the JSON `decision.behavior` counts on a permission request.
  PermissionRequest: rules({ permissionRequest: true }),
  PermissionDenied: rules({}),
  UserPromptSubmit: rules({
    exit2Blocks: true,
    legacyDecision: true,
    additionalContext: true,
    plainTextIsContext: true,
    continueFalseBlocks: true,
  }),
  UserPromptExpansion: rules({ exit2Blocks: true, additionalContext: true, plainTextIsContext: true }),
  SessionStart: rules({ additionalContext: true, plainTextIsContext: true }),
  SessionEnd: rules({}),
  Stop: rules({ exit2Blocks: true, legacyDecision: true, blockNeedsReason: true }),
  SubagentStop: rules({ exit2Blocks: true, legacyDecision: true, blockNeedsReason: true }),
  SubagentStart: rules({ additionalContext: true }),
  StopFailure: rules({ outputIgnored: true }),
  PreCompact: rules({ exit2Blocks: true, legacyDecision: true }),
  PostCompact: rules({}),
  Notification: rules({}),
  ConfigChange: rules({ exit2Blocks: true, legacyDecision: true }),
  PreModelSwitch: rules({ exit2Blocks: true }),
  PostModelSwitch: rules({}),
  Setup: rules({ additionalContext: true }),
  InstructionsLoaded: rules({}),
  CwdChanged: rules({}),
  DirectoryAdded: rules({}),
  FileChanged: rules({}),
  WorktreeCreate: rules({}),
  WorktreeRemove: rules({}),
  TaskCreated: rules({}),
  TaskCompleted: rules({}),
  Elicitation: rules({}),
  ElicitationResult: rules({}),
};

/** Codex's events (0.169): same shapes, fewer events. */
const codex: Readonly<Record<string, EventRules>> = {
  PreToolUse: rules({
    exit2Blocks: true,
    legacyDecision: true,
    blockNeedsReason: true,
    permissionDecision: true,
    additionalContext: true,
  }),
  PostToolUse: rules({ legacyDecision: true, blockNeedsReason: true, additionalContext: true }),
  PermissionRequest: rules({ permissionRequest: true }),
  UserPromptSubmit: rules({
    exit2Blocks: true,
    legacyDecision: true,
    blockNeedsReason: true,
    additionalContext: true,
    plainTextIsContext: true,
  }),
  SessionStart: rules({ additionalContext: true, plainTextIsContext: true }),
  SessionEnd: rules({}),
  Stop: rules({ exit2Blocks: true, legacyDecision: true, blockNeedsReason: true }),
  SubagentStart: rules({ additionalContext: true }),
  SubagentStop: rules({ exit2Blocks: true, legacyDecision: true, blockNeedsReason: true }),
  PreCompact: rules({ exit2Blocks: true, legacyDecision: true, blockNeedsReason: true }),
  PostCompact: rules({}),
};

/**
 * Gemini CLI's events in this table's terms (its full protocol, which the folding reads, is
 * gemini-rules.ts): a `decision` deny/block blocks where the event can stop something.
 */
const gemini: Readonly<Record<string, EventRules>> = Object.fromEntries(
  Object.entries(GEMINI_EVENT_RULES).map(([event, r]) => [
    event,
    rules({
      exit2Blocks: r.blocks !== undefined,
      legacyDecision: r.blocks !== undefined,
      additionalContext: r.additionalContext,
    }),
  ]),
);

/** The table of a harness whose answers take Claude Code's shape (Copilot's do not: copilot-rules.ts). */
function tableOf(harness: Exclude<HookHarness, "copilot">): Readonly<Record<string, EventRules>> {
  switch (harness) {
    case "claude-code":
      return claudeCode;
    case "codex":
      return codex;
    case "gemini":
      return gemini;
    default:
      return assertNever(harness, "hook harness");
  }
}

/** The rules of `event` on `harness`, or undefined for an event that harness does not have. */
export function eventRules(event: string, harness: HookHarness = "claude-code"): EventRules | undefined {
  // Copilot's answers have another shape: copilot-rules.ts holds its table, fold-copilot.ts folds them.
  if (harness === "copilot") return undefined;
  const table = tableOf(harness);
  return Object.hasOwn(table, event) ? table[event] : undefined;
}

/** Every event name the harness fires hooks on. */
export function knownHookEvents(harness: HookHarness = "claude-code"): readonly string[] {
  if (harness === "copilot") return copilotHookEvents();
  return Object.keys(tableOf(harness));
}
