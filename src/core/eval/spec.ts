/**
 * What an eval declares: arms x trials of a task, scored by a measure or by checks. Pure types; the
 * eval tier runs them (`paid_runEval`, `paid_measure`, `paid_measureArms`).
 */
import type { Trace } from "../trace.js";

/** Effort as the harness takes it: a named level ("low", "high" …) or an integer budget. */
export type EvalEffort = string | number;

/** Record/replay of each trial: read and write, only read, only write, or neither. */
export type CacheMode = "readwrite" | "read" | "write" | "off";

/** What a measure returns: booleans become rates, numbers become scores. */
export type MetricValues = Readonly<Record<string, number | boolean>>;

/** A measure scores one trial from its Trace (the post-run tree readable through `file` / `sh`). */
export type Measure = (ctx: Trace) => MetricValues;

/**
 * A check as the eval tier scores it: any object that evaluates a Trace to pass/fail with a message and
 * serialises itself. The checks of `vigiles` (tool, skill, output …) have this shape.
 */
export interface ScoredCheck {
  /** The metric name; defaults to `String(check)` or the check's JSON `label`/`kind`. */
  readonly label?: string;
  evaluate(trace: Trace): { readonly pass: boolean; readonly message?: string };
  toJSON(): unknown;
}

/** One variant of the harness. Everything here overrides the eval's own value for this arm. */
export interface ArmSpec {
  /** Files added on top of the eval's fixture (same path: the arm wins). */
  readonly files?: Readonly<Record<string, string>>;
  /** Replaces the eval's fixture for this arm. */
  readonly fixture?: Readonly<Record<string, string>>;
  readonly settings?: Readonly<Record<string, unknown>>;
  readonly pluginDir?: string;
  readonly pluginDirs?: readonly string[];
  readonly task?: string;
  readonly model?: string;
  readonly effort?: EvalEffort;
  readonly stubSkillBodies?: boolean;
  readonly env?: Readonly<Record<string, string>>;
  readonly allowedTools?: readonly string[];
}

/** The inputs every runner shares. */
export interface EvalCommon {
  /** Names the eval's lock (`vigiles eval --update`); an unnamed eval has no lock. */
  readonly name?: string;
  readonly description?: string;
  /** `{ kind: "ephemeral" }`: a throwaway HOME with credentials scrubbed (the only kind so far). */
  readonly env?: { readonly kind: "ephemeral" };
  readonly fixture?: Readonly<Record<string, string>>;
  readonly settings?: Readonly<Record<string, unknown>>;
  readonly pluginDir?: string;
  readonly pluginDirs?: readonly string[];
  /** The prompt sent to the agent (an arm's own `task` overrides it). */
  readonly task: string;
  /** Trials per arm (default 3). */
  readonly trials?: number;
  /** Default "sonnet". */
  readonly model?: string;
  readonly effort?: EvalEffort;
  /** Fail before any spend when a model in the run is below this family (haiku < sonnet < opus). */
  readonly minModel?: string;
  readonly stubSkillBodies?: boolean;
  readonly allowedTools?: readonly string[];
  /** Trials at once (default 1). */
  readonly concurrency?: number;
  /** Stop launching once the measured cost crosses this; in-flight trials finish. */
  readonly maxCostUsd?: number;
  readonly rateLimitRetries?: number;
  readonly retryBackoffMs?: number;
  /** Default "off". */
  readonly cache?: CacheMode;
  /** Where the cache lives (default `.vigiles-cache/eval`). */
  readonly cacheDir?: string;
  /** Per-run wall-clock limit in ms. */
  readonly timeoutMs?: number;
}

/** The spec of `paid_runEval`: arms, trials and a `measure` function scoring each trial. */
export interface RunEvalSpec extends Omit<EvalCommon, "task"> {
  /**
   * The task of every arm that sets none. Optional when every arm sets its own; an arm left with no
   * task is refused before any spend (`MissingTaskError`).
   */
  readonly task?: string;
  /** Default: one arm named "default" with no overrides (the top-level `task` is then required). */
  readonly arms?: Readonly<Record<string, ArmSpec>>;
  readonly measure: Measure;
}

/** The spec of `paid_measure`: checks scored as rates over each trial's Trace. */
export interface MeasureSpec extends EvalCommon {
  readonly checks: readonly ScoredCheck[];
  /** Extra metrics beside the checks. */
  readonly measure?: Measure;
}

/**
 * The spec of `paid_measureArms`: the same checks scored per arm, for comparing arms. The top-level
 * `task` is optional when every arm sets its own.
 */
export interface MeasureArmsSpec extends Omit<EvalCommon, "task"> {
  /**
   * The task of every arm that sets none. Optional when every arm sets its own; an arm left with no
   * task is refused before any spend (`MissingTaskError`).
   */
  readonly task?: string;
  readonly arms: Readonly<Record<string, ArmSpec>>;
  readonly checks: readonly ScoredCheck[];
  /** Extra metrics beside the checks. */
  readonly measure?: Measure;
}
