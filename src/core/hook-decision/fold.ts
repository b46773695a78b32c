/**
 * The fold of a harness whose hooks answer in Claude Code's shape (Claude Code, Codex, and others
 * that copied its protocol): one hook's exit code and output reduced to what the harness will do,
 * with the event's own rules. Pure: the same folding serves a subprocess hook, an in-process hook
 * program and a recorded hook fire. A dialect supplies the profile; what differs between such
 * harnesses is a flag of the profile, never a test of the harness's name.
 */
import { NO_EFFECT, type EventRules } from "./event-rules.js";
import { foldExit0 } from "./fold-json.js";
import { invalid, noDecision, show } from "./fold-shared.js";
import type { HookOutcomeInput } from "./outcome.js";
import type { ClaudeShapedProfile } from "./profile.js";
import type { FoldedHookDecision } from "./types.js";

export type { HookOutcomeInput } from "./outcome.js";
export type { ClaudeShapedProfile } from "./profile.js";

/** An event unknown to the harness is folded as one that cannot block and takes no context. */
const UNKNOWN_EVENT: EventRules = NO_EFFECT;

/**
 * Folds one hook run into a decision.
 *
 * - Exit 2 blocks where the event can block (reason: stderr); elsewhere it is a non-blocking error.
 *   Stdout is ignored on exit 2, so a JSON "allow" cannot undo it.
 * - Any other non-zero exit (1, 126, 127), a signal or a timeout: the hook failed, the action proceeds;
 *   where the profile says so (`jsonOnErrorExit`), a JSON answer on stdout is still read as on exit 0.
 * - Exit 0: stdout is JSON only when its first non-blank character is `{`; otherwise it is plain text.
 *   JSON outside the contract is `invalid` (with `invalidReason`), which the harness ignores: it
 *   fails open. Valid JSON: `continue:false` halts the session (and stops the action only where the event's rules say so); the event's own decision
 *   (`permissionDecision`, PermissionRequest `decision.behavior`, legacy `decision`).
 *
 * @example
 * foldClaudeShaped({ event: "PreToolUse", exitCode: 2, stdout: "", stderr: "no force push", timedOut: false }, profile);
 * // → { decision: "deny", blocked: true, decidedBy: "exit-code", reason: "no force push", … }
 */
export function foldClaudeShaped(input: HookOutcomeInput, profile: ClaudeShapedProfile): FoldedHookDecision {
  const { event } = input;
  const known = profile.rules(event);
  const rules = known ?? UNKNOWN_EVENT;
  const warnings: string[] = [];
  if (!known)
    warnings.push(
      `${profile.displayName} has no hook event named ${show(event)}; it was folded as a non-blocking event.`,
    );
  const withWarnings = (d: FoldedHookDecision): FoldedHookDecision =>
    warnings.length ? { ...d, warnings } : d;

  if (input.timedOut) {
    return withWarnings(
      noDecision(event, "timeout", {
        hookError: "the hook timed out and was cancelled: no decision, the action proceeds",
      }),
    );
  }
  if (input.exitCode === null) {
    const how = input.signal ? `killed by ${input.signal}` : "did not run to an exit code";
    return withWarnings(
      noDecision(event, "crash", { hookError: `the hook ${how}: a non-blocking error, the action proceeds` }),
    );
  }
  if (rules.outputIgnored) {
    warnings.push(`${event} ignores hook output and exit codes.`);
    return withWarnings(noDecision(event, "no-decision"));
  }
  const stderr = input.stderr.trim();
  if (input.exitCode === 2) return withWarnings(foldExit2(event, profile, rules, stderr));
  if (input.exitCode !== 0 && profile.jsonOnErrorExit === true && input.stdout.trim().startsWith("{")) {
    const read = foldExit0(input.stdout, event, profile, rules, warnings);
    // An answer outside the contract is not a decision on exit 0 either: the exit decides then.
    if (read.decision !== "invalid") {
      return withWarnings({
        ...read,
        hookError: `exit ${input.exitCode} is an error, but ${profile.displayName} still reads the JSON on stdout${stderr ? ` (stderr: ${clip(stderr)})` : ""}`,
      });
    }
  }
  if (input.exitCode !== 0) {
    return withWarnings(
      // Decided by the exit code, not a crash: the hook ran and chose a non-blocking code.
      noDecision(event, "exit-code", {
        hookError: `exit ${input.exitCode} is a non-blocking error: exit 2 or a JSON deny blocks; the action proceeds${stderr ? ` (stderr: ${clip(stderr)})` : ""}`,
      }),
    );
  }
  return withWarnings(foldExit0(input.stdout, event, profile, rules, warnings));
}

function clip(s: string, max = 200): string {
  return s.length <= max ? s : `${s.slice(0, max)}…`;
}

function foldExit2(
  event: string,
  profile: ClaudeShapedProfile,
  rules: EventRules,
  stderr: string,
): FoldedHookDecision {
  if (!rules.exit2Blocks) {
    return noDecision(event, "exit-code", {
      hookError: `exit 2 does not block on ${event}: the action proceeds${stderr ? " (stderr goes to the model or the user)" : ""}`,
      ...(stderr ? { reason: stderr } : {}),
    });
  }
  if (profile.exit2NeedsStderr && stderr === "") {
    return invalid(
      event,
      "exit-code",
      `exit 2 with an empty stderr: ${profile.displayName} blocks only with a reason on stderr`,
    );
  }
  return {
    event,
    decision: "deny",
    blocked: true,
    halted: false,
    decidedBy: "exit-code",
    ...(stderr ? { reason: stderr } : {}),
  };
}
