/**
 * `runTrialGrid`: runs trials on a driver with bounded concurrency. The reusable core of every
 * eval runner (runEval, measure, trigger rate, selection matrix).
 *
 * - Lazy: `trials` is pulled one at a time, so a 10,000-trial grid never sits in memory.
 * - `concurrency` workers; at most that many `driver.runTrial` calls are in flight at once.
 * - `signal` aborted, or `shouldLaunch()` false: no new trial starts; in-flight ones finish and
 *   are reported. `forceSignal` is passed to the driver to kill runs now.
 * - 429 / overloaded (`RateLimitedError`) is retried `rateLimitRetries` times with exponential
 *   backoff, jittered (at least the server's retry-after). Any other error is reported on the
 *   result (`error`), never thrown and never scored.
 * - `onTrial` is awaited before the worker takes the next trial; the trace is cleaned up after it.
 *
 * @example
 * const outcome = await runTrialGrid(trials, driver, {
 *   concurrency: 4,
 *   onTrial: ({ trial, trace, error }) => { if (trace) score(trial, trace); },
 * });
 */
import type { DriverTrace, EvalDriver, EvalTrial } from "./driver.js";
import { recordTraceCoverage } from "../../runtime/coverage-record.js";
import { EffortNotPinnedError, MissingCredentialsError, RateLimitedError } from "./errors.js";

const defaultFatal = (error: unknown): boolean =>
  error instanceof EffortNotPinnedError || error instanceof MissingCredentialsError;

/** Options of running a grid of trials: concurrency, stop signals and retries. */
export interface GridOptions {
  /** Trials run at once (default 1). */
  readonly concurrency?: number;
  /** Graceful stop: aborting it stops launches; in-flight trials finish. */
  readonly signal?: AbortSignal;
  /** Forced stop: handed to the driver, which kills its run. */
  readonly forceSignal?: AbortSignal;
  /** Asked before each launch; false stops launching (a budget). */
  readonly shouldLaunch?: () => boolean;
  /** Retries of a rate-limited call (default 3). */
  readonly rateLimitRetries?: number;
  /** Base backoff in ms, doubled per retry, jittered to 50-100% (default 1000). */
  readonly retryBackoffMs?: number;
  /** Called when a trial starts (progress displays). */
  readonly onLaunch?: (trial: EvalTrial) => void;
  /** Called with each finished trial; awaited. Throwing stops the grid and rethrows after in-flight end. */
  readonly onTrial: (result: GridTrialResult) => void | Promise<void>;
  /**
   * Errors that make every further trial pointless (missing credentials, an effort the harness will
   * not apply): launches stop and the grid rethrows after in-flight trials end. Default: those two.
   */
  readonly isFatal?: (error: unknown) => boolean;
  /** Replaces the driver call for a trial (a cache hit). Return undefined to run the driver. */
  readonly replay?: (trial: EvalTrial) => DriverTrace | undefined | Promise<DriverTrace | undefined>;
}

/** One trial of a grid: its trace, or why the call failed. */
export interface GridTrialResult {
  readonly trial: EvalTrial;
  /** The run's trace; undefined when the call failed. */
  readonly trace?: DriverTrace;
  /** Why the call failed (after retries). A failed call is not a failed trial. */
  readonly error?: unknown;
  /** Driver calls made (1 + retries); 0 for a replay. */
  readonly attempts: number;
  /** The trace came from `replay`, not the driver. */
  readonly replayed: boolean;
}

/** How a grid run went: trials launched, completed and failed, and whether it stopped early. */
export interface GridOutcome {
  readonly launched: number;
  readonly completed: number;
  readonly failed: number;
  /** Launches stopped before the trials ran out (signal or shouldLaunch). */
  readonly stoppedEarly: boolean;
}

/** Runs `trials` on `driver`; see the file's comment. */
export async function runTrialGrid(
  trials: Iterable<EvalTrial>,
  driver: EvalDriver,
  options: GridOptions,
): Promise<GridOutcome> {
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? 1));
  const iterator = trials[Symbol.iterator]();
  let launched = 0;
  let completed = 0;
  let failed = 0;
  let stoppedEarly = false;
  let exhausted = false;
  let callbackError: { error: unknown } | undefined;

  const next = (): EvalTrial | undefined => {
    if (exhausted || callbackError) return undefined;
    if (options.signal?.aborted || (options.shouldLaunch && !options.shouldLaunch())) {
      const peek = iterator.next();
      if (!peek.done) stoppedEarly = true;
      exhausted = true;
      return undefined;
    }
    const item = iterator.next();
    if (item.done) {
      exhausted = true;
      return undefined;
    }
    launched++;
    return item.value;
  };

  const worker = async (): Promise<void> => {
    for (let trial = next(); trial !== undefined; trial = next()) {
      options.onLaunch?.(trial);
      const result = await runOne(trial, driver, options);
      if (result.error !== undefined) {
        failed++;
        if ((options.isFatal ?? defaultFatal)(result.error)) {
          callbackError ??= { error: result.error };
          continue;
        }
      } else completed++;
      try {
        await options.onTrial(result);
      } catch (error) {
        callbackError ??= { error };
      } finally {
        try {
          result.trace?.cleanup?.();
        } catch {
          // a leftover temp dir is not worth failing a scored trial over
        }
      }
    }
  };

  await Promise.all(Array.from({ length: concurrency }, worker));
  if (callbackError) throw callbackError.error;
  return { launched, completed, failed, stoppedEarly };
}

async function runOne(trial: EvalTrial, driver: EvalDriver, options: GridOptions): Promise<GridTrialResult> {
  if (options.replay) {
    const replayed = await options.replay(trial);
    if (replayed) return { trial, trace: replayed, attempts: 0, replayed: true };
  }
  const retries = Math.max(0, options.rateLimitRetries ?? 3);
  const base = Math.max(0, options.retryBackoffMs ?? 1000);
  let attempts = 0;
  for (;;) {
    attempts++;
    try {
      const signalOption = options.forceSignal ? { signal: options.forceSignal } : {};
      const trace = await driver.runTrial(trial, signalOption);
      recordTraceCoverage(trace, "eval", { prompt: trial.task });
      return { trial, trace, attempts, replayed: false };
    } catch (error) {
      const retryable = error instanceof RateLimitedError && attempts <= retries;
      if (!retryable || options.forceSignal?.aborted) return { trial, error, attempts, replayed: false };
      await sleep(backoffMs(base, attempts, error.retryAfterMs), options.forceSignal);
    }
  }
}

/** Exponential backoff, jittered to 50-100% of the step, never below the server's retry-after. */
export function backoffMs(baseMs: number, attempt: number, retryAfterMs?: number): number {
  const ceiling = baseMs * 2 ** (attempt - 1);
  const jittered = ceiling / 2 + Math.random() * (ceiling / 2);
  return Math.max(jittered, retryAfterMs ?? 0);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done, { once: true });
  });
}
