/**
 * The folded answer of one hook run: exit code and stdout JSON reduced to what the harness will do.
 * One shape for a subprocess hook (runHook) and an in-process hook program.
 */

/**
 * What the hook decided for the action it guards.
 * - `deny`: the action is stopped (PreToolUse deny, Stop/UserPromptSubmit `decision:"block"`, exit 2 where the event blocks).
 * - `none`: the hook expressed no decision; the harness goes on as if it allowed.
 * - `invalid`: the hook answered outside the contract (`"warn"`, `permissionDecision:"block"` …); the
 *   real harness fails open on it, so the action proceeds. `invalidReason` says what was wrong.
 */
export type HookDecisionKind = "allow" | "deny" | "ask" | "defer" | "none" | "invalid";

/** Which part of the hook's answer decided. */
export type DecisionSource =
  | "exit-code"
  | "continue-false"
  | "permission-decision"
  | "legacy-decision"
  | "permission-request"
  | "no-decision"
  | "timeout"
  | "crash";

/** What the harness will do with one hook's answer (or several hooks' combined): the decision, whether the action is blocked, and what decided it. */
export interface FoldedHookDecision {
  /** The event, as the caller named it (`PreToolUse`, Gemini's `BeforeTool`). */
  readonly event: string;
  /** What the harness does: `allow`, `deny`, `ask`, `defer`, `block`, `invalid` or `none` (no decision). */
  readonly decision: HookDecisionKind;
  /** The action does not go ahead: a deny (or `continue:false` where it stops the action, UserPromptSubmit). */
  readonly blocked: boolean;
  /** What decided it: the exit code, a JSON field (`permissionDecision`, `decision`, `continue`), a timeout or a crash. */
  readonly decidedBy: DecisionSource;
  /** The reason shown to the model or the user (JSON reason, else stderr on exit 2). */
  readonly reason?: string;
  /** Set when `decision` is `invalid`: the field and value that broke the contract. */
  readonly invalidReason?: string;
  /** `continue:false` was returned: the session ends once the hooks ran (the action may still have run). */
  readonly halted: boolean;
  /** The `stopReason` given with `continue:false`, shown to the user. */
  readonly stopReason?: string;
  /** `hookSpecificOutput.additionalContext`: text added to the model's context, on events that take it. */
  readonly additionalContext?: string;
  /** `hookSpecificOutput.updatedInput`: the tool input the harness runs instead of the model's. */
  readonly updatedInput?: Readonly<Record<string, unknown>>;
  /** `systemMessage`: a message shown to the user (not to the model). */
  readonly systemMessage?: string;
  /** Plain (non-JSON) stdout on exit 0, which some events add to the model's context. */
  readonly plainText?: string;
  /** Why the hook failed without deciding (exit 1, 126, 127, a signal, a timeout): the harness goes on. */
  readonly hookError?: string;
  /**
   * The hook answered with Claude Code's async protocol (a first stdout line `{"async": true}`): it was
   * backgrounded and the action went ahead without waiting.
   */
  readonly backgrounded?: boolean;
  /** On a backgrounded hook: the decision its later answer named, which has no effect (the action already ran). */
  readonly ignoredDecision?: HookDecisionKind;
  /** Parts of the output the harness ignores (context on an event that takes none, an unknown event …). */
  readonly warnings?: readonly string[];
}

/** A hook run as a real subprocess through the hook protocol: the folded decision plus how the process ran. */
export interface HookRunResult extends FoldedHookDecision {
  /** Null when the hook was killed or could not start. */
  readonly exitCode: number | null;
  /** The signal that ended the process (`SIGKILL` at a timeout), or null. */
  readonly signal: string | null;
  /** Always both streams: advisory output (a compiled hook's notice) goes to stderr. */
  readonly stdout: string;
  /** The hook's stderr, whole up to the capture cap (exit 2's reason is read from it). */
  readonly stderr: string;
  /** Killed at its timeout (with its whole process group); the harness treats that as no decision. */
  readonly timedOut: boolean;
  /** A stream passed the capture cap; the text kept is its beginning. */
  readonly truncated: boolean;
  /** Wall time of the process, in milliseconds. */
  readonly durationMs: number;
  /**
   * For a registration (`runHook({ registration }, event)`): whether its matcher and `if:` selected
   * it for this event. `false` means the hook did not run (`selection` says why). Undefined when a
   * command or argv was run directly.
   */
  readonly selected?: boolean;
  /** Each registered handler considered for the event, and why it was or was not selected. */
  readonly selection?: readonly HookSelectionNote[];
  /** The event JSON sent on stdin, with the common fields filled in. */
  readonly input?: Readonly<Record<string, unknown>>;
  /** The command run: an argv (exec form, or `["sh", "-c", command]`). */
  readonly command?: readonly string[];
  /** When several selected handlers ran, each one's own result; the top-level fields are their combination. */
  readonly runs?: readonly HookRunResult[];
  /** Set on a confined run: paths created or changed in the work dir (`[]`: looked, none). */
  readonly filesWritten?: readonly string[];
}

/** Why one registered handler was or was not selected for an event. */
export interface HookSelectionNote {
  /** Where it sits in the config, e.g. `PreToolUse[0].hooks[1]`. */
  readonly at: string;
  readonly selected: boolean;
  readonly reason: string;
}
