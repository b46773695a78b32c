/**
 * Qwen Code 0.24.4's reading of a hook's answer: Claude Code's, with the departures the conformance
 * runs of the real CLI showed (test/conformance, `npm run conformance -- --harness qwen-code`):
 *
 * - exit 2 blocks only with a reason on stderr (stdout is ignored): a silent exit 2 lets the call run;
 * - a JSON answer on exit 1 is read as on exit 0 (`{"decision":"deny"}` on exit 1 blocks);
 * - top-level `decision: "deny"` blocks as `"block"` does;
 * - `permissionDecision: "ask"` is a deny in a headless run (hooks.md: "falls back to deny").
 *
 * The answer is rewritten into Claude Code's terms and folded by the shared Claude-shaped fold.
 */
import { foldClaudeShaped, type ClaudeShapedProfile } from "../../../core/hook-decision/fold.js";
import type { HookOutcomeInput } from "../../../core/hook-decision/outcome.js";
import type { FoldedHookDecision } from "../../../core/hook-decision/types.js";
import { isRecord } from "../../../core/is-record.js";

/** The JSON object a hook printed, or undefined for plain text or bad JSON. */
function jsonAnswer(stdout: string): Record<string, unknown> | undefined {
  if (!stdout.trimStart().startsWith("{")) return undefined;
  try {
    const parsed: unknown = JSON.parse(stdout);
    return isRecord(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** A Qwen answer in Claude Code's words: `deny` is `block`, a headless `ask` is `deny`. */
function inClaudeTerms(answer: Record<string, unknown>): Record<string, unknown> {
  const out = { ...answer };
  if (out["decision"] === "deny") out["decision"] = "block";
  const specific = out["hookSpecificOutput"];
  if (isRecord(specific) && specific["permissionDecision"] === "ask")
    out["hookSpecificOutput"] = { ...specific, permissionDecision: "deny" };
  return out;
}

export function foldQwenHook(input: HookOutcomeInput, profile: ClaudeShapedProfile): FoldedHookDecision {
  const answer = input.exitCode === 2 ? undefined : jsonAnswer(input.stdout);
  if (answer === undefined) return foldClaudeShaped(input, profile);
  // Qwen reads a JSON answer on exit 1 too; other exits stay non-blocking errors.
  const exitCode = input.exitCode === 1 ? 0 : input.exitCode;
  return foldClaudeShaped({ ...input, exitCode, stdout: JSON.stringify(inClaudeTerms(answer)) }, profile);
}
