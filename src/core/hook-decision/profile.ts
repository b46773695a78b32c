import type { EventRules } from "./event-rules.js";

/** How a Claude-shaped harness departs from Claude Code's reading of an answer. */
export interface ClaudeShapedProfile {
  /** The harness's name in messages. */
  readonly displayName: string;
  /** The rules of an event, or undefined for a name the harness does not have. */
  rules(event: string): EventRules | undefined;
  /** `{"async": true}` as the first line puts the hook in the background (Claude Code). */
  readonly asyncAnswers: boolean;
  /** Exit 2 blocks only with a reason on stderr (Codex 0.169). */
  readonly exit2NeedsStderr: boolean;
  /** `permissionDecision: "ask"` is rejected (Codex 0.169). */
  readonly askRejected: boolean;
  /** `permissionDecision: "deny"` needs a non-empty reason (Codex 0.169). */
  readonly denyNeedsReason: boolean;
  /** Events on which `continue: false` is rejected as invalid (Codex: PreToolUse). */
  readonly continueFalseRejectedOn: readonly string[];
  /**
   * A top-level `decision: "approve"` passes validation on every event and is ignored where the
   * event has no permission to give (Claude Code: one output schema for all events, so
   * `{"continue": true, "decision": "approve"}` on SessionStart is valid). False: outside the events
   * that honour a decision, it is invalid.
   */
  readonly decisionOnEveryEvent: boolean;
  /**
   * A JSON answer on stdout is read on a non-zero exit other than 2 as on exit 0 (Claude Code
   * 2.1.328: a deny printed before `exit 1` blocks the call, measured in
   * test/audit/json-nonzero-exit.test.ts). Omitted: such an exit is a non-blocking error and stdout
   * is not read.
   */
  readonly jsonOnErrorExit?: boolean;
}
