/** What the two triggering runners share: option checks, the model floor, usage sums, driver choice. */
import { InvalidOptionError } from "../../../core/errors.js";
import type { ArmUsage } from "../../../core/eval-report.js";
import { belowFloor } from "../../../core/eval/model-floor.js";
import type { Trace } from "../../../core/trace.js";
import { ModelBelowFloorError } from "../errors.js";
import type { Effort, EvalTrial } from "../driver.js";

/** Zero usage. */
export const NO_USAGE: ArmUsage = { costUsd: 0, inputTokens: 0, outputTokens: 0, durationMs: 0 };

/** A run's usage as the report keeps it. */
export function usageOf(trace: Trace | undefined): ArmUsage {
  const u = trace?.usage;
  if (!u) return NO_USAGE;
  return {
    costUsd: u.costUsd,
    inputTokens: u.inputTokens,
    outputTokens: u.outputTokens,
    durationMs: u.durationMs,
  };
}

/** Sums usages. */
export function addUsage(a: ArmUsage, b: ArmUsage): ArmUsage {
  return {
    costUsd: a.costUsd + b.costUsd,
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    durationMs: a.durationMs + b.durationMs,
  };
}

/** A positive integer option, or its default. */
export function positiveInt(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1) {
    throw new InvalidOptionError(`${name} must be a positive integer, got ${String(value)}.`);
  }
  return value;
}

/** Throws ModelBelowFloorError (before any spend) when `model` is below `minModel`. */
export function checkModelFloor(model: string, minModel: string | undefined): void {
  if (minModel === undefined) return;
  const why = belowFloor(model, minModel);
  if (why !== null) {
    throw new ModelBelowFloorError(
      `${why}; nothing was spent. A weaker selector under-selects skills, so its rate would understate yours: ` +
        `use a ${minModel}-or-better model or lower minModel.`,
    );
  }
}

/** The message of a failed call, for a report row. */
export function errorText(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** The options both runners take that shape every trial and the grid. */
interface SharedRunOptions {
  readonly fixture?: Readonly<Record<string, string>>;
  readonly effort?: Effort;
  readonly env?: Readonly<Record<string, string>>;
  readonly timeoutMs?: number;
  readonly rateLimitRetries?: number;
  readonly retryBackoffMs?: number;
}

/** Everything a prompt's trial carries besides its arm, index and prompt. */
export function promptTrialBase(
  options: SharedRunOptions,
  pluginDirs: readonly string[],
  model: string,
  stubSkillBodies: boolean,
): Omit<EvalTrial, "arm" | "trial" | "case" | "task"> {
  return {
    files: options.fixture ?? {},
    pluginDirs,
    model,
    ...(options.effort !== undefined ? { effort: options.effort } : {}),
    stubSkillBodies,
    env: options.env ?? {},
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
  };
}

/** The grid's rate-limit retries, from the runner's options. */
export function retryOptions(options: SharedRunOptions): {
  rateLimitRetries?: number;
  retryBackoffMs?: number;
} {
  return {
    ...(options.rateLimitRetries !== undefined ? { rateLimitRetries: options.rateLimitRetries } : {}),
    ...(options.retryBackoffMs !== undefined ? { retryBackoffMs: options.retryBackoffMs } : {}),
  };
}
