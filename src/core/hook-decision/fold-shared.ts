/** Small pieces shared by the folding of exit codes and of stdout JSON. */
import type { DecisionSource, FoldedHookDecision } from "./types.js";

export const nonEmpty = (s: unknown): s is string => typeof s === "string" && s.trim() !== "";
export const show = (v: unknown): string => JSON.stringify(v) ?? String(v);

export function noDecision(
  event: string,
  decidedBy: DecisionSource,
  extra: Partial<FoldedHookDecision> = {},
): FoldedHookDecision {
  return { event, decision: "none", blocked: false, halted: false, decidedBy, ...extra };
}

/** A hook answer outside the contract: reported as such, never blocking (the harness fails open). */
export function invalid(event: string, decidedBy: DecisionSource, invalidReason: string): FoldedHookDecision {
  return {
    event,
    decision: "invalid",
    blocked: false,
    halted: false,
    decidedBy,
    invalidReason: `${invalidReason}. The harness ignores this output (fails open): the action proceeds.`,
  };
}
