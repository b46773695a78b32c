/**
 * The eval engine: arms x trials on a driver, each trial replayed from the cache or run live, scored,
 * and folded into running aggregates. Rows stream to a JSONL file when one is given, so memory stays
 * flat; the budget and a graceful interrupt stop launches and let in-flight trials finish.
 */
import { definedProps } from "../../core/defined-props.js";
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
import { runTrialGrid, type GridTrialResult } from "./grid.js";
import type { ResolvedArm } from "./resolve-arms.js";
import { RowsWriter } from "./rows-file.js";
import { RunTally } from "./run-tally.js";
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

/** Trials of one arm: its own count when the run was not overridden (`--trials`), else the run's. */
function armTrials(arm: ResolvedArm, trials: number, overridden: boolean): number {
  return overridden || arm.trials === undefined ? trials : Math.min(arm.trials, trials);
}

function* gridOf(
  arms: readonly ResolvedArm[],
  trials: number,
  overridden: boolean,
  shard: Shard | undefined,
  timeoutMs: number | undefined,
): Generator<EvalTrial> {
  // Trial-major order: a budget stop leaves every arm with about the same number of trials.
  for (let trial = 0; trial < trials; trial++) {
    for (const [armIndex, arm] of arms.entries()) {
      if (trial < armTrials(arm, trials, overridden) && inShard(trial, armIndex, shard)) {
        const t = trialOf(arm, trial);
        const limit = arm.timeoutMs ?? timeoutMs;
        yield limit !== undefined ? { ...t, timeoutMs: limit } : t;
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
    ...definedProps({
      settings: arm.settings,
      effort: arm.effort,
      allowedTools: arm.allowedTools,
      case: arm.case,
      maxTurns: arm.maxTurns,
      mcpStandIns: arm.mcpStandIns,
      setupScript: arm.setupScript,
    }),
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

/** What the trials of one run share: the running figures, each arm's aggregate, the cache. */
interface EngineRun {
  readonly score: EngineInput["score"];
  readonly tally: RunTally;
  readonly accumulators: ReadonlyMap<string, ArmAccumulator>;
  readonly replay: TrialReplay;
  readonly warn: (message: string) => void;
}

export async function runEngine(input: EngineInput, options: EvalRunOptions): Promise<EvalReport> {
  const { common, driver } = input;
  const trials = options.trials ?? input.trials;
  const overridden = options.trials !== undefined;
  const total = countGrid(input.arms, trials, overridden, options.shard);
  await preflight(input, total);

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
  // Only a driver that can spend money has dollar figures; a mock's are the CLI's estimate of nothing.
  const costBasis: CostBasis = driver.paid ? "estimate" : "mock";
  const tally = new RunTally(
    input.arms.map((a) => a.name),
    total,
    costBasis,
  );
  const run: EngineRun = { score: input.score, tally, accumulators, replay, warn };
  const progress = (): void => options.onProgress?.(tally.figures());

  try {
    const outcome = await runTrialGrid(
      gridOf(input.arms, trials, overridden, options.shard, common.timeoutMs),
      driver,
      {
        concurrency: common.concurrency ?? 1,
        ...definedProps({ signal: options.signal, forceSignal: options.forceSignal }),
        rateLimitRetries: common.rateLimitRetries ?? 3,
        retryBackoffMs: common.retryBackoffMs ?? 1000,
        shouldLaunch: () => {
          if (common.maxCostUsd === undefined || tally.spent < common.maxCostUsd) return true;
          tally.budgetStopped = true;
          return false;
        },
        onLaunch: () => {
          tally.launched();
          progress();
        },
        replay: (trial) => replay.replay(trial),
        onTrial: (result) => {
          const { trial } = result;
          tally.settled(trial.arm);
          const row = rowOf(run, result);
          replay.release(trial);
          const kept = trial.case !== undefined ? { ...row, case: trial.case } : row;
          writer?.write(kept);
          if (keepRows) rows.push(kept);
          progress();
        },
      },
    );

    assertSomeTrialScored(accumulators, tally, outcome.launched, options);
    const interrupted =
      (options.signal?.aborted === true && outcome.stoppedEarly) || options.forceSignal?.aborted === true;
    const aborted = outcome.stoppedEarly && (tally.budgetStopped || interrupted);
    const arms: Record<string, ReturnType<ArmAccumulator["report"]>> = {};
    for (const [name, acc] of accumulators) arms[name] = acc.report();
    return {
      version: 1,
      ...definedProps({ name: input.name }),
      arms,
      totalCostUsd: tally.spent,
      costBasis,
      ...(aborted ? { aborted: true, abortReason: tally.budgetStopped ? "budget" : "interrupt" } : {}),
      ...(keepRows ? { rows } : {}),
      ...(options.rowsFile ? { rowsFile: options.rowsFile } : {}),
      ...definedProps({ checks: input.checks }),
      inputsHash: input.inputsHash(driver.identity),
      ...definedProps({ shard: options.shard }),
    };
  } finally {
    writer?.close();
  }
}

/** Unless the run was stopped, a run in which every trial failed is an error, not an empty report. */
function assertSomeTrialScored(
  accumulators: ReadonlyMap<string, ArmAccumulator>,
  tally: RunTally,
  launched: number,
  options: EvalRunOptions,
): void {
  const scored = [...accumulators.values()].reduce((n, a) => n + a.trials, 0);
  const stopped = options.signal?.aborted === true || options.forceSignal?.aborted === true;
  if (scored === 0 && tally.errors > 0 && !stopped) {
    throw new EvalFailedError(
      `Every trial that ran failed (${tally.errors} of ${launched}); nothing was scored. First errors: ${tally.firstErrors.join(" | ")}`,
    );
  }
}

/** Fails before any spend when the driver cannot pin the arms' efforts or cannot run at all. */
async function preflight(input: EngineInput, total: number): Promise<void> {
  const { driver } = input;
  await assertDriverPinsEffort(
    driver,
    input.arms.map((a) => a.effort),
  );
  await driver.preflight?.({
    models: [...new Set(input.arms.map((a) => a.model))],
    efforts: [...new Set(input.arms.map((a) => a.effort))],
    trials: total,
  });
}

/** A settled trial as a row: scored, or the error that kept it from running or from being scored. */
function rowOf(run: EngineRun, result: GridTrialResult): TrialRow {
  const { trial } = result;
  const arm = run.accumulators.get(trial.arm) as ArmAccumulator;
  if (result.trace === undefined) {
    const message = messageOf(result.error);
    run.tally.failed(message);
    run.warn(`trial ${trial.arm}#${trial.trial} failed to run: ${message}`);
    arm.addError(ZERO_USAGE);
    return { arm: trial.arm, trial: trial.trial, metrics: {}, usage: ZERO_USAGE, error: message };
  }
  const trace = result.trace;
  const usage = usageOf(trace);
  if (!result.replayed) {
    run.tally.spent += usage.costUsd;
    run.replay.record(trial, trace);
  } else {
    run.tally.cached++;
  }
  let scored: TrialScore;
  try {
    scored = run.score(trace, trial);
  } catch (error) {
    // A judge without credentials fails the same way on every trial: stop now, spend no more.
    if (error instanceof MissingCredentialsError || error instanceof EffortNotPinnedError) throw error;
    const message = `the measure threw: ${messageOf(error)}`;
    run.tally.failed(message);
    arm.addError(result.replayed ? { ...usage, costUsd: 0 } : usage);
    return {
      arm: trial.arm,
      trial: trial.trial,
      metrics: {},
      usage,
      error: message,
      trace: trialTrace(trace),
    };
  }
  arm.addTrial(scored.metrics, usage, result.replayed);
  run.tally.scored(trial.arm, scored.metrics);
  return {
    arm: trial.arm,
    trial: trial.trial,
    metrics: scored.metrics,
    usage,
    ...(result.replayed ? { cached: true } : {}),
    ...(scored.messages && Object.keys(scored.messages).length > 0 ? { messages: scored.messages } : {}),
    // Only a failing trial keeps its (clipped) trace: the report shows it; passing rows stay small.
    ...(Object.values(scored.metrics).some((v) => !isSuccess(v)) ? { trace: trialTrace(trace) } : {}),
  };
}

function countGrid(
  arms: readonly ResolvedArm[],
  trials: number,
  overridden: boolean,
  shard: Shard | undefined,
): number {
  let n = 0;
  for (let t = 0; t < trials; t++)
    for (const [a, arm] of arms.entries())
      if (t < armTrials(arm, trials, overridden) && inShard(t, a, shard)) n++;
  return n;
}
