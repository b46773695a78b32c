/**
 * Several hooks on one event: the harness runs them all and the strictest answer wins
 * (deny > defer > ask > allow); `continue:false` from any of them ends the session after the hooks
 * ran, which blocks the action only where the event says so (it is folded into that hook's decision).
 */
import type { FoldedHookDecision, HookDecisionKind } from "./types.js";

/** Higher wins. A failed or invalid hook expresses nothing, like a hook that printed nothing. */
const RANK: Readonly<Record<HookDecisionKind, number>> = {
  deny: 4,
  defer: 3,
  ask: 2,
  allow: 1,
  none: 0,
  invalid: 0,
};

/** The index of the decision the harness acts on (the strictest; on ties a halting one, else the first); -1 for none. */
export function strongestDecisionIndex(decisions: readonly FoldedHookDecision[]): number {
  let best = -1;
  decisions.forEach((d, i) => {
    const current = decisions[best];
    if (current === undefined) best = i;
    else if (
      RANK[d.decision] > RANK[current.decision] ||
      (RANK[d.decision] === RANK[current.decision] && d.halted && !current.halted)
    ) {
      best = i;
    }
  });
  return best;
}

/**
 * Combines the folded decisions of every hook that ran for one event into the one the harness acts
 * on. Context and system messages of all hooks are kept (joined by newlines); the winner's reason
 * and updated input are kept. No decisions at all: `decision: "none"`.
 *
 * @example
 * combineHookDecisions([allowed, denied]).decision; // "deny"
 */
export function combineHookDecisions(
  decisions: readonly FoldedHookDecision[],
  event?: string,
): FoldedHookDecision {
  const first = decisions[0];
  if (!first) {
    return { event: event ?? "", decision: "none", blocked: false, halted: false, decidedBy: "no-decision" };
  }
  const winner = decisions[strongestDecisionIndex(decisions)] ?? first;
  const join = (pick: (d: FoldedHookDecision) => string | undefined): string | undefined => {
    const parts = decisions.map(pick).filter((s): s is string => s !== undefined && s !== "");
    return parts.length ? parts.join("\n") : undefined;
  };
  const additionalContext = join((d) => d.additionalContext);
  const systemMessage = join((d) => d.systemMessage);
  const warnings = decisions.flatMap((d) => d.warnings ?? []);
  // A halt from any hook ends the session, whichever hook's decision the action follows.
  const halt = decisions.find((d) => d.halted);
  return {
    ...winner,
    ...(halt && !winner.halted
      ? { halted: true, ...(halt.stopReason !== undefined ? { stopReason: halt.stopReason } : {}) }
      : {}),
    ...(additionalContext !== undefined ? { additionalContext } : {}),
    ...(systemMessage !== undefined ? { systemMessage } : {}),
    ...(warnings.length ? { warnings } : {}),
  };
}
