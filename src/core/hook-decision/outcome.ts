/** What a hook run produced, as the harness sees it: the input of every dialect's fold. */
export interface HookOutcomeInput {
  /** The event the hook ran for (`hook_event_name`), as the harness names it. */
  readonly event: string;
  /** Null when the hook was killed by a signal or could not start. */
  readonly exitCode: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** Killed at its timeout: the harness cancels it and goes on without a decision. */
  readonly timedOut: boolean;
  readonly signal?: string | null;
  /**
   * The hook's process never started (its working directory does not exist, its shell is missing):
   * `exitCode` is null and no signal killed it. Some harnesses count that as a hook error.
   */
  readonly notStarted?: boolean;
  /** Whose rules apply, by registry id or alias; Claude Code by default. */
  readonly harness?: string;
}
