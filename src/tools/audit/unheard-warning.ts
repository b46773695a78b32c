/**
 * `hook-warning-unheard` (a `vigiles audit --run` note): a guard that, on a probe, writes a warning
 * to stderr only and exits 0 with no answer, on an event where its dialect says stderr at exit 0
 * reaches no model (`stderrOnExit0ReachesNoModel`, set where a real run pinned it:
 * test/harness/unheard-output.test.ts). The warning tier of such a guard warns no one the agent
 * listens to. A message worded as a block ("blocked", "denied") is left to the finding about a guard
 * that fails open loudly, so the two never speak of the same run; only a message worded as a
 * warning is read here.
 */
import { dialectEvent, type HookDialect } from "../../core/dialect.js";
import type { HookRunResult } from "../../core/hook-decision/types.js";
import type { LintRuleMeta } from "../../core/audit/types.js";

export const hookWarningUnheardRule: LintRuleMeta = {
  id: "hook-warning-unheard",
  severity: "note",
  behaviour:
    "A hook that writes a warning only to stderr and exits 0 with no answer, on an event where the harness puts " +
    "stderr at exit 0 in no model request (each dialect's `stderrOnExit0ReachesNoModel`): the call runs and the " +
    "model never reads the warning.",
  fix:
    "To warn the model and let the call run, answer JSON it reads (additionalContext, or a permissionDecision " +
    '"ask" with a reason for the user); to stop the call, exit 2 with the message on stderr.',
  autofix: false,
};

/** Words and marks of a warning, in the languages seen on public hooks. */
const WARNING =
  /\b(?:warn(?:ing|s)?|caution|careful|risk(?:y)?|danger(?:ous)?|destructive|irreversible|double-check|make sure|be sure|are you sure|heads[- ]up)\b|⚠|🟡|🟠|警告|注意/i;
/**
 * Any wording of a block, negated or not: such a message is the other finding's to judge (a guard
 * that prints a block and exits 0), so this note stays silent on it. Wider than that finding's own
 * test on purpose: the two never fire on the same run.
 */
const BLOCK_WORDED =
  /\b(?:block(?:s|ed|ing)?|den(?:y|ies|ied)|refus(?:e|es|ed)|reject(?:s|ed)?|forbidden|prohibited|disallowed|not (?:allowed|permitted)|abort(?:s|ed)?)\b|⛔|🚫|❌|🛑|拒绝|禁止|阻止/i;

/** Lines a tool the hook ran prints on its own (npm's WARN, a runtime's deprecation): not the hook's warning. */
const TOOL_NOISE =
  /^\s*(?:npm|yarn|pnpm) (?:WARN|warn)\b|(?:Deprecation|Experimental|User|Future|Resource|Runtime)Warning\b|^\s*\(node:\d+\)|^\s*warning: .*deprecated/i;

function excerpt(text: string): string {
  const t = text.trim().replace(/\s+/g, " ");
  return t.length > 160 ? `${t.slice(0, 157)}...` : t;
}

/** The warning a run wrote where no model reads it, or undefined. */
export function unheardWarning(
  r: HookRunResult,
  dialect: HookDialect,
  event: string,
): { readonly text: string } | undefined {
  if (dialectEvent(dialect, event)?.stderrOnExit0ReachesNoModel !== true) return undefined;
  if (r.exitCode !== 0 || r.timedOut || r.backgrounded === true) return undefined;
  // Only stderr: stdout at exit 0 is the answer channel, read by other rules.
  if (r.stdout.trim() !== "" || r.decision !== "none" || r.blocked || r.halted) return undefined;
  const stderr = r.stderr
    .split("\n")
    .filter((l) => !TOOL_NOISE.test(l))
    .join("\n")
    .trim();
  if (stderr === "" || !WARNING.test(stderr) || BLOCK_WORDED.test(stderr)) return undefined;
  return { text: excerpt(stderr) };
}
