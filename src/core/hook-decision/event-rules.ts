/**
 * What a hook event lets a hook do, in one shape for every harness: whether exit 2 blocks, which
 * JSON decision shapes it honours, and whether it takes injected context. Each harness's dialect
 * (src/adapters/<harness>/dialect) holds its own table in this shape, so the folding reads as the
 * harness does and a new event is one row.
 */

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

export const NO_EFFECT: EventRules = {
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

/** An event's rules: what is not named is not allowed. */
export const eventRulesOf = (partial: Partial<EventRules>): EventRules => ({ ...NO_EFFECT, ...partial });
