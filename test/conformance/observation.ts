/** What one side (a free prediction, or the real CLI) says happened to one case. */

export interface Observation {
  /** The hook ran (its mark reached fired.log; for explain: selected and its script exists). */
  readonly fired?: boolean;
  /** The scripted call (pre-tool) or the prompt (prompt event) did not go ahead. */
  readonly blocked?: boolean;
  /** The case's context marker reached the model. */
  readonly context?: boolean;
  /** The folded decision word (allow, deny, ask, none, invalid …), where the side names one. */
  readonly decision?: string;
  /** The side could not answer: the message. */
  readonly error?: string;
}

export const markerOf = (tag: string) => `CTXMARK${tag}`;

/** The tags fired.log holds. */
export function firedTags(log: string | null | undefined): Set<string> {
  return new Set(
    (log ?? "")
      .split("\n")
      .map((l) => l.trim())
      .filter(Boolean),
  );
}
