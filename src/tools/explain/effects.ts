/**
 * What a hook run did, in words, for `vigiles explain --run`: its decision and every other effect a
 * harness acts on (context added to the model, a system message shown to the user, a rewritten tool
 * input, a halted session, a failure). A hook whose job is context must not read as "none".
 */
import { combineHookDecisions } from "../../core/hook-decision/combine.js";
import type { FoldedHookDecision } from "../../core/hook-decision/types.js";

/** The fields of a folded decision that explain reports. */
export type HookEffects = Pick<
  FoldedHookDecision,
  | "decision"
  | "blocked"
  | "decidedBy"
  | "reason"
  | "invalidReason"
  | "additionalContext"
  | "systemMessage"
  | "updatedInput"
  | "halted"
  | "stopReason"
  | "hookError"
  | "plainText"
>;

/** The effects of a decision, as explain keeps them (only the fields that are set). */
export function effectsOf(d: FoldedHookDecision): HookEffects {
  const { decision, blocked, decidedBy, halted } = d;
  return {
    decision,
    blocked,
    decidedBy,
    halted,
    ...(d.reason !== undefined ? { reason: d.reason } : {}),
    ...(d.invalidReason !== undefined ? { invalidReason: d.invalidReason } : {}),
    ...(d.additionalContext !== undefined ? { additionalContext: d.additionalContext } : {}),
    ...(d.systemMessage !== undefined ? { systemMessage: d.systemMessage } : {}),
    ...(d.updatedInput !== undefined ? { updatedInput: d.updatedInput } : {}),
    ...(d.stopReason !== undefined ? { stopReason: d.stopReason } : {}),
    ...(d.hookError !== undefined ? { hookError: d.hookError } : {}),
    ...(d.plainText !== undefined ? { plainText: d.plainText } : {}),
  };
}

const size = (text: string) =>
  text.length < 1024 ? `${text.length} characters` : `${(text.length / 1024).toFixed(1)} KB`;
const firstLine = (text: string) => {
  const line = text.split("\n").find((l) => l.trim() !== "") ?? "";
  return JSON.stringify(line.length > 100 ? `${line.slice(0, 97)}...` : line);
};

/**
 * One line per effect besides the decision: context, system message, rewritten input, halt, failure.
 * Plain stdout is context where the event adds it (`plainTextIsContext`: Claude Code's SessionStart and
 * UserPromptSubmit), else output the harness does not read.
 */
export function effectLines(e: HookEffects, plainTextIsContext: boolean): string[] {
  const plain = e.plainText;
  return [
    ...(e.additionalContext !== undefined
      ? [`context added: ${size(e.additionalContext)}, first line ${firstLine(e.additionalContext)}`]
      : []),
    ...(plain !== undefined && plainTextIsContext
      ? [`context added (plain stdout): ${size(plain)}, first line ${firstLine(plain)}`]
      : []),
    ...(plain !== undefined && !plainTextIsContext
      ? [`stdout not read on this event: ${size(plain)}, first line ${firstLine(plain)}`]
      : []),
    ...(e.systemMessage !== undefined ? [`system message: ${firstLine(e.systemMessage)}`] : []),
    ...(e.updatedInput !== undefined ? [`tool input rewritten: ${JSON.stringify(e.updatedInput)}`] : []),
    ...(e.halted ? [`session halted (continue: false)${e.stopReason ? `: ${e.stopReason}` : ""}`] : []),
    ...(e.hookError !== undefined ? [`hook failed: ${e.hookError}`] : []),
  ];
}

/** The decision in words: `deny (blocks) by permissionDecision: reason`, or `no decision` when none. */
export function decisionText(e: HookEffects): string {
  const what = e.decision === "none" ? "no decision" : e.decision;
  return (
    `${what}${e.blocked ? " (blocks)" : ""}${e.decision === "none" ? "" : ` by ${e.decidedBy}`}` +
    (e.reason ? `: ${e.reason}` : e.invalidReason ? `: ${e.invalidReason}` : "")
  );
}

/** The `outcome:` lines of a run: the combined decision, then every effect (never a bare "none"). */
export function outcomeLines(o: FoldedHookDecision, plainTextIsContext: boolean): string[] {
  const e = effectsOf(o);
  const effects = effectLines(e, plainTextIsContext);
  const head =
    o.decision === "none" && effects.length > 0
      ? "outcome: no decision (the action goes ahead), and:"
      : `outcome: ${o.decision === "none" ? "no decision, no other effect" : o.decision}${o.blocked ? " (the action is blocked)" : ""}`;
  return [head, ...effects.map((l) => `  ${l}`)];
}

/** The decisions of a run combined as the harness combines them, with every hook's plain stdout kept. */
export function combinedOutcome(decisions: readonly FoldedHookDecision[]): FoldedHookDecision {
  const plain = decisions.flatMap((d) => (d.plainText !== undefined ? [d.plainText] : [])).join("\n");
  const combined = combineHookDecisions(decisions);
  return plain === "" ? combined : { ...combined, plainText: plain };
}
