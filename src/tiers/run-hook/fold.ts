/**
 * foldHookDecision: one hook's exit code and output reduced to what the harness will do, read from
 * that harness's dialect (`input.harness`, an id or alias; Claude Code by default). Pure: the same
 * folding serves a subprocess hook, an in-process hook program and a recorded hook fire.
 */
import type { HookOutcomeInput } from "../../core/hook-decision/outcome.js";
import type { FoldedHookDecision } from "../../core/hook-decision/types.js";
import { dialectOf } from "../../adapters/registry.js";

/**
 * Folds one hook run into a decision with its harness's rules.
 *
 * - Exit 2 blocks where the event can block (reason: stderr); elsewhere it is a non-blocking error.
 * - Any other non-zero exit, a signal or a timeout: the hook failed and the action proceeds
 *   (Copilot CLI's preToolUse denies on any non-zero exit; Gemini CLI reads text on a failing exit as a deny).
 * - Exit 0: the answer is read in the harness's own shape; JSON outside its contract is `invalid`,
 *   which the harness ignores: it fails open.
 *
 * @example
 * foldHookDecision({ event: "PreToolUse", exitCode: 2, stdout: "", stderr: "no force push", timedOut: false });
 * // → { decision: "deny", blocked: true, decidedBy: "exit-code", reason: "no force push", … }
 */
export function foldHookDecision(input: HookOutcomeInput): FoldedHookDecision {
  return dialectOf(input.harness).fold(input);
}
