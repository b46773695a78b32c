/**
 * The eval engine: arms x trials on a driver, each trial replayed from the cache or run live, scored,
 * and folded into running aggregates. Rows stream to a JSONL file when one is given, so memory stays
 * flat; the budget and a graceful interrupt stop launches and let in-flight trials finish.
 */
import { ArmAccumulator, ZERO_USAGE } from "../../core/eval/aggregate.js";
import type { Shard } from "../../core/eval/shard.js";
import { inShard } from "../../core/eval/shard.js";
import type { CacheMode, EvalCommon, MetricValues } from "../../core/eval/spec.js";
import type { ArmUsage, CostBasis, EvalReport, TrialRow } from "../../core/eval-report.js";
import { isSuccess } from "../../core/stats/pass-k.js";
import type { Trace } from "../../core/trace.js";
import { trialTrace } from "./trial-trace.js";
import type { EvalDriver, EvalTrial } from "./driver.js";
import { EffortNotPinnedError, EvalFailedError, MissingCredentialsError } from "./errors.js";
import { assertDriverPinsEffort } from "./effort-gate.js";
import { runTrialGrid } from "./grid.js";
import type { ResolvedArm } from "./resolve-arms.js";
import { RowsWriter } from "./rows-file.js";
import { TrialReplay } from "./trial-replay.js";
import type { ProgressFigures } from "../../core/eval/progress-line.js";

/** Options of a run that are not part of what the eval declares. */
export interface EvalRunOptions {
  /** The driver; default `paid_claudeEvalDriver()` (the real model). */
  readonly driver?: EvalDriver;
  /** Graceful stop (first Ctrl-C): no new trials; in-flight ones finish; the report is marked aborted. */
  readonly signal?: AbortSignal;
  /** Forced stop (second Ctrl-C): in-flight harness runs are killed. */
  readonly forceSignal?: AbortSignal;
  /** Run only this shard of the grid (`--shard i/n`). */
  readonly shard?: Shard;
  /** Overrides the spec's trials (`--trials=N`). */
  readonly trials?: number;
  /** Stream raw rows here as JSONL; they are then not kept in the report (flat memory). */
  readonly rowsFile?: string;
  /** Keep raw rows in `report.rows` (default: true unless `rowsFile` is set). */
  readonly keepRows?: boolean;
  /** Overrides the spec's cache directory. */
  readonly cacheDir?: string;
  /** Overrides the spec's cache mode (`--cache`): e.g. "read" replays a committed cache and never writes it. */
  readonly cache?: CacheMode;
  /** Called after each trial and at launches, for progress displays. */
  readonly onProgress?: (progress: EvalProgress) => void;
  /** A corrupt cache entry, a failed call: reported here (default: ignored, still counted). */
  readonly onWarning?: (message: string) => void;
}

/** Progress of an eval run, as reported to `onProgress` (the same figures the display prints). */
export type EvalProgress = ProgressFigures;

/** A trial scored: its metrics and, for failed checks, their messages. */
export interface TrialScore {
  readonly metrics: MetricValues;
  readonly messages?: Readonly<Record<string, string>>;
}

export interface EngineInput {
  readonly name?: string;
  readonly arms: readonly ResolvedArm[];
  readonly trials: number;
  readonly common: Omit<EvalCommon, "task">;
  readonly score: (trace: Trace, trial: EvalTrial) => TrialScore;
  readonly checks?: Readonly<Record<string, unknown>>;
  /** Computed after the driver's preflight, when its identity (the resolved harness version) is known. */
  readonly inputsHash: (driverIdentity: string) => string;
  readonly driver: EvalDriver;
}

function* gridOf(
  arms: readonly ResolvedArm[],
  trials: number,
  shard: Shard | undefined,
  timeoutMs: number | undefined,
): Generator<EvalTrial> {
  // Trial-major order: a budget stop leaves every arm with about the same number of trials.
  for (let trial = 0; trial < trials; trial++) {
    for (const [armIndex, arm] of arms.entries()) {
      if (inShard(trial, armIndex, shard)) {
        const t = trialOf(arm, trial);
        yield timeoutMs !== undefined ? { ...t, timeoutMs } : t;
      }
    }
  }
}

function trialOf(arm: ResolvedArm, trial: number): EvalTrial {
  return {
    arm: arm.name,
    trial,
    task: arm.task,
    files: arm.files,
    pluginDirs: arm.pluginDirs,
    model: arm.model,
    stubSkillBodies: arm.stubSkillBodies,
    env: arm.env,
    ...(arm.settings ? { settings: arm.settings } : {}),
    ...(arm.effort !== undefined ? { effort: arm.effort } : {}),
    ...(arm.allowedTools ? { allowedTools: arm.allowedTools } : {}),
  };
}

function usageOf(trace: Trace | undefined): ArmUsage {
  const u = trace?.usage;
  if (!u) return ZERO_USAGE;
  return {
    costUsd: u.costUsd,
    inputTokens: u.inputTokens,
    outputTokens: u.outputTokens,
    durationMs: u.durationMs,
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export async function runEngine(input: EngineInput, options: EvalRunOptions): Promise<EvalReport> {
  const { common, driver } = input;
  const trials = options.trials ?? input.trials;
  const total = countGrid(input.arms.length, trials, options.shard);
  await assertDriverPinsEffort(
    driver,
    input.arms.map((a) => a.effort),
  );
  await driver.preflight?.({
    models: [...new Set(input.arms.map((a) => a.model))],
    efforts: [...new Set(input.arms.map((a) => a.effort))],
    trials: total,
  });

  const warn = options.onWarning ?? (() => {});
  const replay = new TrialReplay(
    options.cache ?? common.cache ?? "off",
    options.cacheDir ?? common.cacheDir,
    driver,
    warn,
  );

  const accumulators = new Map(input.arms.map((a) => [a.name, new ArmAccumulator()]));
  const keepRows = options.keepRows ?? options.rowsFile === undefined;
  const rows: TrialRow[] = [];
  const writer = options.rowsFile ? new RowsWriter(options.rowsFile) : undefined;
  const started = performance.now();
  let spent = 0;
  let done = 0;
  let running = 0;
  let errors = 0;
  let cachedCount = 0;
  let boolTrue = 0;
  let boolAll = 0;
  const armTallies = new Map(input.arms.map((a) => [a.name, { done: 0, boolTrue: 0, boolAll: 0 }]));
  // Only a driver that can spend money has dollar figures; a mock's are the CLI's estimate of nothing.
  const costBasis: CostBasis = driver.paid ? "estimate" : "mock";
  let budgetStopped = false;
  const firstErrors: string[] = [];

  const progress = (): void => {
    if (!options.onProgress) return;
    const elapsedMs = performance.now() - started;
    options.onProgress({
      total,
      done,
      running,
      errors,
      cached: cachedCount,
      passRate: boolAll > 0 ? boolTrue / boolAll : undefined,
      arms: [...armTallies].map(([name, t]) => ({
        name,
        done: t.done,
        passRate: t.boolAll > 0 ? t.boolTrue / t.boolAll : undefined,
      })),
      costUsd: spent,
      costBasis,
      elapsedMs,
      etaMs: done > 0 ? ((total - done) * elapsedMs) / done : undefined,
    });
  };

  try {
    const outcome = await runTrialGrid(gridOf(input.arms, trials, options.shard, common.timeoutMs), driver, {
      concurrency: common.concurrency ?? 1,
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.forceSignal ? { forceSignal: options.forceSignal } : {}),
      rateLimitRetries: common.rateLimitRetries ?? 3,
      retryBackoffMs: common.retryBackoffMs ?? 1000,
      shouldLaunch: () => {
        if (common.maxCostUsd === undefined || spent < common.maxCostUsd) return true;
        budgetStopped = true;
        return false;
      },
      onLaunch: () => {
        running++;
        progress();
      },
      replay: (trial) => replay.replay(trial),
      onTrial: (result) => {
        running--;
        done++;
        const { trial } = result;
        const arm = accumulators.get(trial.arm) as ArmAccumulator;
        const tally = armTallies.get(trial.arm) as { done: number; boolTrue: number; boolAll: number };
        tally.done++;
        let row: TrialRow;
        if (result.trace === undefined) {
          errors++;
          const message = messageOf(result.error);
          if (firstErrors.length < 3) firstErrors.push(message);
          warn(`trial ${trial.arm}#${trial.trial} failed to run: ${message}`);
          arm.addError(ZERO_USAGE);
          row = { arm: trial.arm, trial: trial.trial, metrics: {}, usage: ZERO_USAGE, error: message };
        } else {
          const trace = result.trace;
          const usage = usageOf(trace);
          if (!result.replayed) {
            spent += usage.costUsd;
            replay.record(trial, trace);
          } else {
            cachedCount++;
          }
          let scored: TrialScore | undefined;
          try {
            scored = input.score(trace, trial);
          } catch (error) {
            // A judge without credentials fails the same way on every trial: stop now, spend no more.
            if (error instanceof MissingCredentialsError || error instanceof EffortNotPinnedError)
              throw error;
            errors++;
            const message = `the measure threw: ${messageOf(error)}`;
            if (firstErrors.length < 3) firstErrors.push(message);
            arm.addError(result.replayed ? { ...usage, costUsd: 0 } : usage);
            row = {
              arm: trial.arm,
              trial: trial.trial,
              metrics: {},
              usage,
              error: message,
              trace: trialTrace(trace),
            };
          }
          if (scored) {
            arm.addTrial(scored.metrics, usage, result.replayed);
            for (const v of Object.values(scored.metrics)) {
              if (typeof v === "boolean") {
                boolAll++;
                tally.boolAll++;
                if (v) {
                  boolTrue++;
                  tally.boolTrue++;
                }
              }
            }
            row = {
              arm: trial.arm,
              trial: trial.trial,
              metrics: scored.metrics,
              usage,
              ...(result.replayed ? { cached: true } : {}),
              ...(scored.messages && Object.keys(scored.messages).length > 0
                ? { messages: scored.messages }
                : {}),
              // Only a failing trial keeps its (clipped) trace: the report shows it; passing rows stay small.
              ...(Object.values(scored.metrics).some((v) => !isSuccess(v))
                ? { trace: trialTrace(trace) }
                : {}),
            };
          }
        }
        replay.release(trial);
        row ??= { arm: trial.arm, trial: trial.trial, metrics: {}, usage: ZERO_USAGE };
        if (trial.case !== undefined) row = { ...row, case: trial.case };
        writer?.write(row);
        if (keepRows) rows.push(row);
        progress();
      },
    });

    const scored = [...accumulators.values()].reduce((n, a) => n + a.trials, 0);
    const stopped = options.signal?.aborted === true || options.forceSignal?.aborted === true;
    if (scored === 0 && errors > 0 && !stopped) {
      throw new EvalFailedError(
        `Every trial that ran failed (${errors} of ${outcome.launched}); nothing was scored. First errors: ${firstErrors.join(" | ")}`,
      );
    }
    const interrupted =
      (options.signal?.aborted === true && outcome.stoppedEarly) || options.forceSignal?.aborted === true;
    const aborted = outcome.stoppedEarly && (budgetStopped || interrupted);
    const arms: Record<string, ReturnType<ArmAccumulator["report"]>> = {};
    for (const [name, acc] of accumulators) arms[name] = acc.report();
    return {
      version: 1,
      ...(input.name !== undefined ? { name: input.name } : {}),
      arms,
      totalCostUsd: spent,
      costBasis,
      ...(aborted ? { aborted: true, abortReason: budgetStopped ? "budget" : "interrupt" } : {}),
      ...(keepRows ? { rows } : {}),
      ...(options.rowsFile ? { rowsFile: options.rowsFile } : {}),
      ...(input.checks ? { checks: input.checks } : {}),
      inputsHash: input.inputsHash(driver.identity),
      ...(options.shard ? { shard: options.shard } : {}),
    };
  } finally {
    writer?.close();
  }
}

function countGrid(arms: number, trials: number, shard: Shard | undefined): number {
  if (!shard) return arms * trials;
  let n = 0;
  for (let t = 0; t < trials; t++) for (let a = 0; a < arms; a++) if (inShard(t, a, shard)) n++;
  return n;
}
