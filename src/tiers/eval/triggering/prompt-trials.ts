/**
 * What both triggering runners do with their grid of prompt trials: run it on the driver through the
 * shared record/replay cache (a cached trial replays, a trial that ran is recorded) and turn each
 * settled trial into the runner's report row.
 */
import type { CacheMode } from "../../../core/eval/spec.js";
import type { DriverTrace, EvalDriver, EvalTrial } from "../driver.js";
import { runTrialGrid } from "../grid.js";
import { TrialReplay } from "../trial-replay.js";
import { retryOptions } from "./common.js";

/** The options of a runner that shape how its trials run. */
export interface PromptTrialsOptions {
  readonly concurrency: number;
  readonly cache?: CacheMode;
  readonly cacheDir?: string;
  readonly onWarning?: (message: string) => void;
  readonly rateLimitRetries?: number;
  readonly retryBackoffMs?: number;
}

/** How a settled trial becomes a row: a call that failed, or a trace (replayed from the cache or run). */
export interface PromptTrialRows<Row> {
  readonly failed: (trial: EvalTrial, prompt: string, error: unknown) => Row;
  readonly ran: (trial: EvalTrial, prompt: string, trace: DriverTrace, replayed: boolean) => Row;
}

/** Runs `trials` and returns their rows in the order they settled. */
export async function runPromptTrials<Row>(
  trials: Iterable<EvalTrial>,
  driver: EvalDriver,
  options: PromptTrialsOptions,
  rowOf: PromptTrialRows<Row>,
): Promise<Row[]> {
  const replay = new TrialReplay(options.cache ?? "off", options.cacheDir, driver, options.onWarning);
  const rows: Row[] = [];
  await runTrialGrid(trials, driver, {
    concurrency: options.concurrency,
    ...retryOptions(options),
    replay: (trial) => replay.replay(trial),
    onTrial: ({ trial, trace, error, replayed }) => {
      const prompt = trial.case ?? trial.task;
      replay.release(trial);
      if (error !== undefined || trace === undefined) {
        rows.push(rowOf.failed(trial, prompt, error));
        return;
      }
      if (!replayed) replay.record(trial, trace);
      rows.push(rowOf.ran(trial, prompt, trace, replayed));
    },
  });
  return rows;
}
