/**
 * The eval driver port: how one trial reaches a model. The engine (runEval, measure, trigger rate)
 * never spawns a harness itself; it hands each trial to a driver and reads back a Trace.
 *
 * - `paid_claudeEvalDriver` (./claude-driver.ts) runs the pinned Claude Code CLI against the real model.
 * - `stochasticMockDriver` (./mock-driver.ts) runs the same CLI against the local mock model serving
 *   seeded, stochastic scripts: what this repository's tests and benchmarks use.
 * - `mockModelDriver` (./mock-model-driver.ts) runs the real CLI of any registered harness, confined,
 *   against the local mock serving a script chosen per trial (arm, case, trial): free.
 * - Any object with this shape works: tests may inject an in-process driver.
 *
 * Rules a driver follows:
 * - A failed call (network, crash, bad credentials) THROWS. It is never returned as a trace, so the
 *   engine never scores an infrastructure failure as a failed trial.
 * - A rate-limit or overloaded answer throws `RateLimitedError` (./errors.ts): the engine retries it
 *   with exponential backoff and jitter (`rateLimitRetries`, `retryBackoffMs`).
 * - `preflight` runs once before the first trial of a run: missing credentials, an unknown model or an
 *   effort the harness cannot pin fail there, before anything is spent.
 * - The returned trace keeps its post-run tree readable (`file`, `sh`) until the engine calls
 *   `cleanup()` after scoring.
 *
 * To run a grid of trials on a driver with bounded concurrency, see `runTrialGrid` (./grid.ts).
 */
import type { MockCallLog, StandInSpec } from "../../core/plugin-eval/stand-in-spec.js";
import type { Trace } from "../../core/trace.js";

/** Effort as the harness takes it: a named level ("low", "high" …) or an integer budget. */
export type Effort = string | number;

/** One trial: everything a driver needs to reproduce a run. Every field here is part of the cache key. */
export interface EvalTrial {
  /** The arm (variant) this trial belongs to. */
  readonly arm: string;
  /** Zero-based trial index within its arm (and case). */
  readonly trial: number;
  /** The prompt or case within the arm, when an eval has several (trigger rate: the prompt). */
  readonly case?: string;
  /** The prompt sent to the agent. */
  readonly task: string;
  /** Files seeded into the work dir before the run (fixture merged with the arm's files), path -> content. */
  readonly files: Readonly<Record<string, string>>;
  /** Harness settings (Claude Code settings.json), `{cwd}` replaced with the work dir. */
  readonly settings?: Readonly<Record<string, unknown>>;
  /** Plugin directories installed for the run. */
  readonly pluginDirs: readonly string[];
  /** Model alias or id ("sonnet", "haiku", "claude-sonnet-4-5" …). */
  readonly model: string;
  /** Reasoning budget; undefined = the harness default (and an inherited setting is removed). */
  readonly effort?: Effort;
  /** Replace skill bodies with stubs (descriptions kept): the run stops at selection. */
  readonly stubSkillBodies: boolean;
  /** Extra environment for the harness process (never credentials: the driver owns those). */
  readonly env: Readonly<Record<string, string>>;
  /** Tools the agent may use without asking; undefined = the driver's default. */
  readonly allowedTools?: readonly string[];
  /** Wall-clock limit for one run. */
  readonly timeoutMs?: number;
  /** Agent turns allowed in one run (`--max-turns`); undefined = the harness default. */
  readonly maxTurns?: number;
  /**
   * MCP stand-ins the harness starts for the run (a plugin eval case's `mocks/`). A driver that
   * cannot serve them leaves `mockCalls` unset, and graders on them read "cannot be scored".
   */
  readonly mcpStandIns?: readonly StandInSpec[];
  /** A bash script run confined in the work dir before the agent (a case's `scaffold_script`). */
  readonly setupScript?: string;
}

/** What a driver hands back: the run's Trace (with `usage`), readable until `cleanup()`. */
export interface DriverTrace extends Trace {
  /** Removes the run's work dir. The engine calls it after scoring; idempotent. */
  cleanup?(): void;
  /** The run's work dir while it exists: the cache records its whole post-run tree from here. */
  readonly workDir?: string;
  /** What the trial's MCP stand-ins were called with and answered; set when the driver served them. */
  readonly mockCalls?: MockCallLog;
  /** When the harness process started (ISO 8601). */
  readonly startedAt?: string;
  /**
   * The turn count the harness's own result event reports (Claude Code's and Qwen Code's
   * `num_turns`: a loaded skill and a turn cut off by the cap count), where its stream has one.
   * `turns` is the count of turns the model answered.
   */
  readonly reportedTurns?: number;
  /**
   * The run was cut off by its own turn cap (a plugin eval case's `max_turns`) and graded on what it
   * produced: what `claude plugin eval` writes as the run's error, e.g.
   * `exit 1: Reached maximum number of turns (2)`.
   */
  readonly cutOff?: string;
}

/** What the engine tells a driver before the first trial. */
export interface DriverPlan {
  /** Every model the run will use. */
  readonly models: readonly string[];
  /** Every effort the run will use (undefined = harness default). */
  readonly efforts: readonly (Effort | undefined)[];
  /** Trials the run will launch (before sharding and cache hits). */
  readonly trials: number;
}

/** Options of one `EvalDriver.runTrial` call. */
export interface RunTrialOptions {
  /** Aborted on a forced stop (second Ctrl-C): kill the harness now. */
  readonly signal?: AbortSignal;
}

/** The port. */
export interface EvalDriver {
  /**
   * Driver id plus the harness version, e.g. `claude-code@2.1.328/real`. Part of the cache key and the
   * lock: a new harness build never replays an old build's answers.
   */
  readonly identity: string;
  /**
   * The version of the harness CLI the runs use (`2.1.328`), where the driver runs one; what a plugin
   * suite's aggregate-result.json writes as `claudeVersion`. Undefined for a driver that runs no CLI.
   */
  readonly harnessVersion?: string;
  /** The harness this driver runs, for capability questions (`effort` has no Codex mapping). */
  readonly harness: string;
  /** Set when a run through this driver can spend money; an injected driver leaves it false. */
  readonly paid: boolean;
  /** Fails before any spend when the run cannot work (no credentials, no CLI, unpinnable effort). */
  preflight?(plan: DriverPlan): Promise<void>;
  /** Runs one trial. Throws on a failed call; throws RateLimitedError on 429 / overloaded. */
  runTrial(trial: EvalTrial, options: RunTrialOptions): Promise<DriverTrace>;
}
