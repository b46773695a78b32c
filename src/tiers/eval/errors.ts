/** Errors of the eval tier. Each has a stable code; messages name the bad value and the fix. */
import { VigilesError } from "../../core/errors.js";

/** The model answered 429 or "overloaded": retried with backoff, then reported as a failed call. */
export class RateLimitedError extends VigilesError {
  /** The server's `retry-after`, in milliseconds, when it sent one. */
  readonly retryAfterMs: number | undefined;
  constructor(message: string, options?: { retryAfterMs?: number; cause?: unknown }) {
    super("VIGILES_RATE_LIMITED", message, options);
    this.retryAfterMs = options?.retryAfterMs;
  }
}

/** A driver could not run a trial (a crash, a network failure, a refused key). Never a failed trial. */
export class EvalDriverError extends VigilesError {
  constructor(message: string, options?: { cause?: unknown }) {
    super("VIGILES_EVAL_DRIVER_FAILED", message, options);
  }
}

/** The default driver has no credentials: raised before the first trial. */
export class MissingCredentialsError extends VigilesError {
  constructor(message: string) {
    super("VIGILES_EVAL_NO_CREDENTIALS", message);
  }
}

/** An effort the harness cannot pin (unknown level, or a harness with no effort mapping). */
export class EffortNotPinnedError extends VigilesError {
  constructor(message: string) {
    super("VIGILES_EFFORT_NOT_PINNED", message);
  }
}

/** The chosen model is below the spec's `minModel` floor: raised before any spend. */
export class ModelBelowFloorError extends VigilesError {
  constructor(message: string) {
    super("VIGILES_MODEL_BELOW_FLOOR", message);
  }
}

/** Every trial of a run failed to execute: there is nothing to score. */
export class EvalFailedError extends VigilesError {
  constructor(message: string, options?: { cause?: unknown }) {
    super("VIGILES_EVAL_FAILED", message, options);
  }
}

/** The committed eval lock does not match the eval's inputs (`vigiles eval --check`). */
export class EvalLockMismatchError extends VigilesError {
  constructor(message: string) {
    super("VIGILES_EVAL_LOCK_STALE", message);
  }
}

/**
 * The judge model answered, but not with a verdict `paid_judge` can read (no JSON object with a
 * numeric `score` in [0, 1], or several that disagree). Never scored as a pass nor as a fail: inside
 * a measure it fails the trial, which the report counts as an error.
 */
export class JudgeAnswerError extends VigilesError {
  /** The judge's answer as it came back (clipped to 2,000 characters). */
  readonly answer: string;
  constructor(message: string, answer: string) {
    super("VIGILES_JUDGE_UNPARSEABLE", message);
    this.answer = answer.slice(0, 2000);
  }
}
