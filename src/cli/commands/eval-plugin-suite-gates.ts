/**
 * The gates of `vigiles eval <plugin dir>`: what makes a suite run exit 1 (a case below the
 * threshold, no effect with --require-effect, a failed or aborted run, a regression against the
 * baseline), and the files that pin a run: the baseline (--baseline / --update-baseline) and the eval
 * lock (--update writes it, --check compares the inputs with it and runs nothing).
 */
import { InvalidOptionError, VigilesError } from "../../core/errors.js";
import type { Baseline } from "../../core/regression/baseline.js";
import { assertNoRegression } from "../../core/regression/assert-no-regression.js";
import { readBaseline, writeBaseline } from "../../tools/report/baseline-file.js";
import type { EvalDriver } from "../../tiers/eval/driver.js";
import { checkLock, writeLock } from "../../tiers/eval/lock.js";
import {
  planSuite,
  type PluginSuiteOptions,
  type PluginSuiteResult,
  type SuitePlan,
} from "../../tiers/eval/plugin-suite.js";

/** One harness's run as the command handles it: its name on screen and where its files go. */
export interface HarnessRun extends PluginSuiteResult {
  readonly harness: string;
  readonly displayName: string;
  readonly dir: string;
}

/** The gates a run is held to (the suite flags). */
export interface RunGates {
  /** The with-arm score each case must reach (default 1, the CLI's). */
  readonly threshold?: number;
  /** Fail unless the suite-level test finds the plugin helps. */
  readonly requireEffect: boolean;
}

/** The options a suite is planned with, for its run and for its lock check alike. */
export type SuitePlanOptions = Pick<PluginSuiteOptions, "driver" | "runs" | "judge" | "scaffold">;

/**
 * Plans the suite for one driver. The run and `--check` both plan through here, so the inputs hash
 * `--update` locks and the one `--check` compares come from the same options.
 */
export function planSuiteFor(pluginDir: string, options: SuitePlanOptions): SuitePlan {
  return planSuite(pluginDir, {
    driver: options.driver,
    ...(options.runs !== undefined && { runs: options.runs }),
    ...(options.judge !== undefined && { judge: options.judge }),
    scaffold: options.scaffold === true,
  });
}

/** Applies one run's own gates, writing a line per failure; true when a gate failed. */
export function gateRun(run: HarnessRun, gates: RunGates, write: (line: string) => void): boolean {
  const threshold = gates.threshold ?? 1;
  const below = run.aggregate.cases.filter((c) => c.aggregates.score < threshold);
  for (const c of below)
    write(`✗ ${c.name}: with-plugin score ${c.aggregates.score.toFixed(2)} < threshold ${threshold}`);
  const noEffect = gates.requireEffect && !(run.suite.significant && run.suite.meanDelta > 0);
  if (noEffect) write(`✗ ${run.displayName}: the suite-level test finds no significant plugin effect`);
  const errored = run.aggregate.cases
    .flatMap((c) => [...c.arms.with, ...c.arms.without])
    .filter((r) => r.error !== null);
  if (errored.length > 0) write(`✗ ${errored.length} run(s) failed: ${errored[0]?.error ?? ""}`);
  // A run a mock's `expect:` guard aborted scores 0 (its case's gate sees that); the file says
  // `error: null` as the CLI's does, so it is named here.
  const aborted = run.aggregate.cases.flatMap((c) =>
    [...c.arms.with, ...c.arms.without].flatMap((r) => (r.aborted === undefined ? [] : [r.aborted])),
  );
  if (aborted.length > 0)
    write(
      `! ${aborted.length} run(s) aborted by a mock (score 0): ${aborted[0]!.server}/${aborted[0]!.tool}: ${aborted[0]!.reason}`,
    );
  return below.length > 0 || noEffect || errored.length > 0 || run.report.aborted === true;
}

/** `--update`: writes the run's lock, unless the run covers part of the grid. */
export function writeRunLock(
  run: HarnessRun,
  lockDir: string | undefined,
  write: (line: string) => void,
): void {
  const name = run.report.name ?? "";
  if (run.report.aborted === true || run.report.shard !== undefined) {
    write(`✗ lock of ${name} not written: the run covers part of the grid`);
    return;
  }
  const { rows: _rows, ...locked } = run.report;
  const path = writeLock(name, run.report.inputsHash ?? "", driverIdentityOf(run), locked, lockDir);
  write(`lock written to ${path}`);
}

/** The identity the run's driver had, as the CLI-shaped file records it. */
function driverIdentityOf(run: PluginSuiteResult): string {
  return run.aggregate.claudeVersion;
}

/**
 * The baseline a run is gated on, read before anything runs: one that cannot be read fails now, not
 * after the spend. Undefined when there is none to gate on (no --baseline, or --update-baseline).
 */
export function baselineToGateOn(
  path: string | undefined,
  update: boolean | undefined,
): Baseline | undefined {
  if (path === undefined || update === true) return undefined;
  const baseline = readBaseline(path);
  if (baseline === undefined)
    throw new InvalidOptionError(
      `no baseline at ${path}; record it with --update-baseline (it runs the suite and writes the file).`,
    );
  return baseline;
}

/** `--update-baseline`: writes every run's report, unless one covers part of the grid; true when refused. */
export function writeRunsBaseline(
  runs: readonly HarnessRun[],
  path: string,
  write: (line: string) => void,
): boolean {
  if (runs.some((r) => r.report.aborted === true || r.report.shard !== undefined)) {
    write("✗ baseline not written: a run was aborted or sharded, so it covers part of the grid");
    return true;
  }
  const reports = runs.map((r) => r.report);
  writeBaseline(path, reports);
  write(`baseline written to ${path} (${reports.length} report(s))`);
  return false;
}

/** The no-regression gate: each harness's report against the baseline's report of the same name. */
export function gateOnBaseline(
  runs: readonly HarnessRun[],
  baseline: Baseline,
  write: (line: string) => void,
): boolean {
  let failed = false;
  for (const run of runs) {
    const name = run.report.name ?? "";
    const base = baseline.reports.find((r) => r.name === name);
    if (base === undefined) {
      // Never a silent pass: a harness the baseline does not hold was compared with nothing.
      write(`✗ ${name}: the baseline holds no report of it; record it with --update-baseline`);
      failed = true;
      continue;
    }
    try {
      const diff = assertNoRegression(run.report, base);
      write(
        `${name}: no regression against the baseline (${diff.counts.unchanged} unchanged, ${diff.counts.improved} improved, ${diff.counts.new} new, ${diff.counts.missing} missing)`,
      );
    } catch (error) {
      if (!(error instanceof VigilesError)) throw error;
      write(`✗ ${name}: ${error.message}`);
      failed = true;
    }
  }
  return failed;
}

/**
 * `--check` on a suite: runs nothing, compares each harness's inputs with its lock. Returns the exit
 * code (1 when a lock is missing or stale).
 */
export function checkSuiteLocks(
  pluginDir: string,
  drivers: readonly EvalDriver[],
  options: {
    readonly runs?: number;
    readonly lockDir?: string;
    readonly judge?: boolean;
    /** `--scaffold`: the scaffold scripts are inputs of the run, so of its lock. */
    readonly scaffold?: boolean;
  },
  write: (line: string) => void,
): Promise<number> {
  let code = 0;
  for (const driver of drivers) {
    const plan = planSuiteFor(pluginDir, {
      driver,
      ...(options.runs !== undefined && { runs: options.runs }),
      scaffold: options.scaffold === true,
      // --check never calls the judge; a placeholder keeps the plan from asking for one.
      judge: () => 0,
    });
    if (!checkPlanLock(plan, driver.identity, options.lockDir, write)) code = 1;
  }
  return Promise.resolve(code);
}

/** One plan's inputs against its lock, with a line; false when the lock is missing or stale. */
function checkPlanLock(
  plan: SuitePlan,
  driverIdentity: string,
  lockDir: string | undefined,
  write: (line: string) => void,
): boolean {
  const result = checkLock(plan.name, plan.inputsHash(driverIdentity), lockDir);
  switch (result.kind) {
    case "unnamed":
      return true;
    case "missing":
      write(`${plan.name}: no lock at ${result.path}; write it with \`vigiles eval --update\`.`);
      return false;
    case "fresh":
      write(`${plan.name}: lock ${result.path} matches the inputs.`);
      return true;
    case "stale":
      write(
        `${plan.name}: the inputs changed since ${result.path} (${result.locked.slice(0, 12)} -> ${result.current.slice(0, 12)}); rerun with --update.`,
      );
      return false;
  }
}
