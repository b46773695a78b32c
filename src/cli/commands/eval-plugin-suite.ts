/**
 * `vigiles eval <plugin dir>` when the directory holds a `claude plugin eval` suite: every case run
 * with and without the plugin through the eval engine, vigiles' report and the CLI-shaped
 * `aggregate-result.json` written side by side, per-case intervals and a suite-level test printed.
 */
import { existsSync, statSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { InvalidOptionError } from "../../core/errors.js";
import type { CaseEffect, SuiteEffect } from "../../core/plugin-eval/suite-stats.js";
import { writeFileAtomic } from "../../runtime/atomic-write.js";
import type { EvalDriver } from "../../tiers/eval/driver.js";
import { importModule, loadDriverModule } from "../../tiers/eval/eval-files.js";
import { paid_claudeEvalDriver } from "../../tiers/eval/claude-driver.js";
import { VigilesError } from "../../core/errors.js";
import { CliUsageError } from "../command.js";
import type { JudgeFunction } from "../../tiers/eval/judge.js";
import {
  planSuite,
  runPluginSuite,
  type PluginSuiteOptions,
  type PluginSuiteResult,
} from "../../tiers/eval/plugin-suite.js";
import {
  runPluginSuiteOnHarnesses,
  type SuiteOnHarnessesResult,
} from "../../tiers/eval/plugin-suite-harnesses.js";
import { checkLock, writeLock } from "../../tiers/eval/lock.js";
import { DEFAULT_HARNESS, findHarness, harnessEntry, UnknownHarnessError } from "../../adapters/registry.js";
import type { Baseline } from "../../core/regression/baseline.js";
import { assertNoRegression } from "../../core/regression/assert-no-regression.js";
import { readBaseline, writeBaseline } from "../../tools/report/baseline-file.js";
import { pluginSuiteDir, suiteFiles } from "../../tiers/eval/plugin-suite-files.js";
import { discoverCases } from "../../core/plugin-eval/read-suite.js";
import type { CacheMode } from "../../core/eval/spec.js";
import type { Shard } from "../../core/eval/shard.js";

/** The directory is a plugin (or skill folder) whose eval suite holds at least one case. */
export function isPluginSuiteDir(path: string): boolean {
  try {
    if (!statSync(path).isDirectory()) return false;
  } catch {
    return false;
  }
  const dir = pluginSuiteDir(path);
  // An evals/ folder of *.eval.mjs files is not a suite: only one that holds a case is.
  return existsSync(dir) && statSync(dir).isDirectory() && discoverCases(suiteFiles(dir).keys()).length > 0;
}

/** What the suite command takes from `vigiles eval`'s flags. */
export interface SuiteCommandInput {
  readonly pluginDir: string;
  /** The driver of a run on one harness (no `harnesses`). */
  readonly driver?: EvalDriver;
  /** Run on each of these harnesses (`--harness a,b`), each on `driverFor(harness)`. */
  readonly harnesses?: readonly string[];
  readonly driverFor?: (harness: string) => EvalDriver | Promise<EvalDriver>;
  readonly judgeModule?: string;
  readonly out?: string;
  readonly runs?: number;
  readonly cache?: CacheMode;
  readonly shard?: Shard;
  readonly threshold?: number;
  /** Fail unless the suite-level test finds the plugin helps, on every harness. */
  readonly requireEffect: boolean;
  /** A committed baseline: fail when a harness's run regressed against its report there. */
  readonly baseline?: string;
  /** Write the run's reports as the baseline (to `baseline`) instead of gating on it. */
  readonly updateBaseline?: boolean;
  /** The eval lock (`--update` writes it after the run; `--check` is {@link checkSuiteLocks}). */
  readonly updateLock?: boolean;
  readonly lockDir?: string;
  /** Run the cases' scaffold scripts. */
  readonly scaffold?: boolean;
  readonly signal?: AbortSignal;
  readonly forceSignal?: AbortSignal;
  /** Where lines go (stderr in the CLI). */
  readonly write: (line: string) => void;
}

/** A judge module exports `judge` (or a default) with the JudgeFunction shape. */
export async function loadJudgeModule(path: string): Promise<JudgeFunction> {
  const mod = await importModule(path);
  const judge = mod["judge"] ?? mod["default"];
  if (typeof judge !== "function")
    throw new InvalidOptionError(
      `${path} does not export a judge (a function of { output, rubric, sample }).`,
    );
  return judge as JudgeFunction;
}

/**
 * Runs the suite on one harness or several; returns the exit code (0 pass; 1 a case below threshold,
 * no effect with --require-effect, a regression against the baseline, a failed run).
 */
export async function runSuiteCommand(input: SuiteCommandInput): Promise<number> {
  const judge = input.judgeModule !== undefined ? await loadJudgeModule(input.judgeModule) : undefined;
  const common: Omit<PluginSuiteOptions, "driver"> = {
    ...(judge !== undefined && { judge }),
    ...(input.runs !== undefined && { runs: input.runs }),
    ...(input.cache !== undefined && { cache: input.cache }),
    ...(input.shard !== undefined && { shard: input.shard }),
    ...(input.threshold !== undefined && { threshold: input.threshold }),
    ...(input.signal !== undefined && { signal: input.signal }),
    ...(input.forceSignal !== undefined && { forceSignal: input.forceSignal }),
    scaffold: input.scaffold === true,
    onWarning: (message) => input.write(`⚠ ${message}`),
  };
  // Read before anything runs: a baseline that cannot be read fails now, not after the spend.
  const baseline =
    input.baseline !== undefined && input.updateBaseline !== true ? readBaseline(input.baseline) : undefined;
  if (input.baseline !== undefined && input.updateBaseline !== true && baseline === undefined)
    throw new InvalidOptionError(
      `no baseline at ${input.baseline}; record it with --update-baseline (it runs the suite and writes the file).`,
    );
  const outDir = input.out ?? join(".vigiles", "eval-reports", basename(resolve(input.pluginDir)));
  const multi = input.harnesses !== undefined;
  let runs: readonly HarnessRun[];
  let sideBySide: SuiteOnHarnessesResult | undefined;
  if (multi) {
    if (input.driverFor === undefined) throw new InvalidOptionError("--harness needs a driver per harness");
    sideBySide = await runPluginSuiteOnHarnesses(input.pluginDir, {
      ...common,
      harnesses: input.harnesses ?? [],
      driverFor: input.driverFor,
    });
    runs = sideBySide.runs.map((r) => ({ ...r, dir: join(outDir, r.harness) }));
  } else {
    if (input.driver === undefined) throw new InvalidOptionError("the suite needs a driver");
    const result = await runPluginSuite(input.pluginDir, { ...common, driver: input.driver });
    runs = [{ ...result, harness: input.driver.harness, displayName: input.driver.harness, dir: outDir }];
  }
  let failed = false;
  for (const run of runs) {
    if (multi) input.write(`— ${run.displayName} —`);
    failed = writeAndGateRun(run, input) || failed;
  }
  if (sideBySide !== undefined) {
    writeFileAtomic(join(outDir, "summary.json"), `${JSON.stringify(summaryOf(sideBySide), null, 2)}\n`);
    for (const line of sideBySideLines(sideBySide)) input.write(line);
    input.write(`side by side: ${join(outDir, "summary.json")}`);
  }
  const reports = runs.map((r) => r.report);
  if (input.updateBaseline === true && input.baseline !== undefined) {
    if (runs.some((r) => r.report.aborted === true || r.report.shard !== undefined)) {
      input.write("✗ baseline not written: a run was aborted or sharded, so it covers part of the grid");
      failed = true;
    } else {
      writeBaseline(input.baseline, reports);
      input.write(`baseline written to ${input.baseline} (${reports.length} report(s))`);
    }
  }
  if (baseline !== undefined) failed = gateOnBaseline(runs, baseline, input.write) || failed;
  return failed ? 1 : 0;
}

/** One harness's run as the command handles it: where its files go. */
interface HarnessRun extends PluginSuiteResult {
  readonly harness: string;
  readonly displayName: string;
  readonly dir: string;
}

/** Writes one harness's files and lines, applies its gates and lock; true when a gate failed. */
function writeAndGateRun(run: HarnessRun, input: SuiteCommandInput): boolean {
  const write = input.write;
  writeFileAtomic(join(run.dir, "report.json"), `${JSON.stringify(run.report, null, 2)}\n`);
  writeFileAtomic(join(run.dir, "aggregate-result.json"), `${JSON.stringify(run.aggregate, null, 2)}\n`);
  for (const note of run.notes) write(`note: ${note}`);
  for (const c of run.cases) write(caseLine(c));
  write(suiteLine(run.suite));
  write(
    `report: ${join(run.dir, "report.json")}; aggregate-result: ${join(run.dir, "aggregate-result.json")}`,
  );
  const threshold = input.threshold ?? 1;
  const below = run.aggregate.cases.filter((c) => c.aggregates.score < threshold);
  for (const c of below)
    write(`✗ ${c.name}: with-plugin score ${c.aggregates.score.toFixed(2)} < threshold ${threshold}`);
  const noEffect = input.requireEffect && !(run.suite.significant && run.suite.meanDelta > 0);
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
  const failed = below.length > 0 || noEffect || errored.length > 0 || run.report.aborted === true;
  if (input.updateLock === true) {
    const name = run.report.name ?? "";
    if (run.report.aborted === true || run.report.shard !== undefined)
      write(`✗ lock of ${name} not written: the run covers part of the grid`);
    else {
      const { rows: _rows, ...locked } = run.report;
      const path = writeLock(name, run.report.inputsHash ?? "", driverIdentityOf(run), locked, input.lockDir);
      write(`lock written to ${path}`);
    }
  }
  return failed;
}

/** The identity the run's driver had, as the CLI-shaped file records it. */
function driverIdentityOf(run: PluginSuiteResult): string {
  return run.aggregate.claudeVersion;
}

/** The no-regression gate: each harness's report against the baseline's report of the same name. */
function gateOnBaseline(
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
export async function checkSuiteLocks(
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
    const plan = planSuite(pluginDir, {
      driver,
      ...(options.runs !== undefined && { runs: options.runs }),
      scaffold: options.scaffold === true,
      // --check never calls the judge; a placeholder keeps the plan from asking for one.
      judge: () => 0,
    });
    const result = checkLock(plan.name, plan.inputsHash(driver.identity), options.lockDir);
    switch (result.kind) {
      case "unnamed":
        break;
      case "missing":
        write(`${plan.name}: no lock at ${result.path}; write it with \`vigiles eval --update\`.`);
        code = 1;
        break;
      case "fresh":
        write(`${plan.name}: lock ${result.path} matches the inputs.`);
        break;
      case "stale":
        write(
          `${plan.name}: the inputs changed since ${result.path} (${result.locked.slice(0, 12)} -> ${result.current.slice(0, 12)}); rerun with --update.`,
        );
        code = 1;
        break;
    }
  }
  return code;
}

/** The side-by-side file: per case, each harness's effect; per harness, the suite's test. */
function summaryOf(r: SuiteOnHarnessesResult): Record<string, unknown> {
  return {
    format: "vigiles.plugin-suite-side-by-side",
    version: 1,
    harnesses: r.runs.map((run) => ({ harness: run.harness, report: run.report.name, suite: run.suite })),
    cases: r.cases,
  };
}

function sideBySideLines(r: SuiteOnHarnessesResult): string[] {
  const ids = r.runs.map((run) => run.harness);
  const cell = (e: CaseEffect | undefined): string =>
    e === undefined ? "—" : `Δ ${f(e.delta)}${e.significant ? "*" : ""}`;
  return [
    `side by side (Δ = with − without; * significant at 0.05): ${ids.join(" | ")}`,
    ...r.cases.map((c) => `  ${c.case}: ${ids.map((h) => cell(c.harnesses[h])).join(" | ")}`),
    `  suite: ${ids.map((h) => `mean Δ ${f(r.suites[h]?.meanDelta ?? 0)}${r.suites[h]?.significant === true ? "*" : ""}`).join(" | ")}`,
  ];
}

const f = (x: number) => (x >= 0 ? `+${x.toFixed(2)}` : x.toFixed(2));

function caseLine(c: CaseEffect): string {
  const interval = c.interval
    ? ` 95% CI [${f(c.interval[0])}, ${f(c.interval[1])}]`
    : ` (no interval: ${c.degenerate})`;
  return `${c.case}: with ${c.withMean.toFixed(2)} without ${c.withoutMean.toFixed(2)} Δ ${f(c.delta)}${interval} p=${c.pValue.toPrecision(3)}${c.significant ? " significant" : ""}`;
}

function suiteLine(s: SuiteEffect): string {
  const interval = s.interval
    ? ` 95% CI [${f(s.interval[0])}, ${f(s.interval[1])}]`
    : ` (no test: ${s.degenerate})`;
  return `suite (${s.cases} cases, paired t over case means): mean Δ ${f(s.meanDelta)}${interval} p=${s.pValue.toPrecision(3)}${s.significant ? " significant" : ""}`;
}

/** The flags of `vigiles eval` the suite reads. */
export interface EvalFlagsForSuite {
  readonly driverModule?: string;
  readonly out?: string;
  readonly trials?: number;
  readonly cache?: CacheMode;
  readonly shard?: Shard;
  readonly check: boolean;
  readonly update: boolean;
  readonly lockDir: string;
  readonly gate?: string;
}

/** The suite-only flags, checked. */
export interface SuiteFlags {
  readonly judge?: string;
  readonly threshold?: number;
  readonly requireEffect: boolean;
  /** `--harness a,b`: registered ids or aliases. */
  readonly harnesses?: readonly string[];
  readonly baseline?: string;
  readonly updateBaseline: boolean;
  /** Run the cases' scaffold scripts (`--scaffold`). */
  readonly scaffold: boolean;
}

/** The suite flags as given, each checked (a bad value is a CliUsageError, exit 2). */
export function definedSuiteFlags(values: {
  readonly judge?: string | undefined;
  readonly threshold?: string | undefined;
  readonly harness?: string | undefined;
  readonly baseline?: string | undefined;
  readonly "update-baseline"?: boolean | undefined;
  readonly "require-effect"?: boolean | undefined;
  readonly scaffold?: boolean | undefined;
}): SuiteFlags {
  const { judge, threshold, harness, baseline } = values;
  const value = threshold === undefined ? undefined : Number(threshold);
  if (value !== undefined && !(value >= 0 && value <= 1))
    throw new CliUsageError(`--threshold must be a number from 0 to 1, got "${threshold}".`);
  const updateBaseline = values["update-baseline"] ?? false;
  if (updateBaseline && baseline === undefined)
    throw new CliUsageError("--update-baseline writes the file --baseline names: pass --baseline <file>.");
  const harnesses = harness?.split(",").map((h) => h.trim());
  if (harnesses !== undefined) {
    const unknown = harnesses.find((h) => findHarness(h) === undefined);
    if (unknown !== undefined)
      throw new CliUsageError(new UnknownHarnessError(unknown, `--harness "${unknown}"`).message);
  }
  return {
    requireEffect: values["require-effect"] ?? false,
    updateBaseline,
    scaffold: values.scaffold ?? false,
    ...(judge !== undefined && { judge }),
    ...(value !== undefined && { threshold: value }),
    ...(harnesses !== undefined && { harnesses }),
    ...(baseline !== undefined && { baseline }),
  };
}

/**
 * The driver of each harness: the `--driver` module's export (an object, or a function given
 * `{ harness }`), else the paid driver where vigiles has one (Claude Code). Any other harness
 * without --driver is refused by name before anything runs.
 */
async function driverMaker(
  driverModule: string | undefined,
): Promise<(harness: string) => Promise<EvalDriver>> {
  if (driverModule === undefined)
    return (harness) => {
      const entry = harnessEntry(harness);
      if (entry.id !== DEFAULT_HARNESS.id)
        throw new InvalidOptionError(
          `vigiles has no paid eval driver for ${entry.displayName}: pass --driver <module> whose default export takes { harness } and returns a driver (e.g. mockModelDriver).`,
        );
      return Promise.resolve(paid_claudeEvalDriver());
    };
  const mod = await importModule(driverModule);
  const value = mod["default"] ?? mod["driver"];
  return async (harness) => {
    const made = (
      typeof value === "function" ? await (value as (o: object) => unknown)({ harness }) : value
    ) as Partial<EvalDriver> | undefined;
    if (!made || typeof made.runTrial !== "function" || typeof made.identity !== "string")
      throw new InvalidOptionError(
        `${driverModule} does not export an eval driver (an object with identity and runTrial, or a function of { harness } returning one).`,
      );
    return made as EvalDriver;
  };
}

/** `vigiles eval <plugin dir>`: the driver(s) as `--driver` names them (default the paid one), Ctrl-C stops launches. */
export async function runSuiteFromFlags(
  dir: string,
  flags: EvalFlagsForSuite,
  suite: SuiteFlags,
): Promise<number> {
  if (flags.gate !== undefined)
    throw new CliUsageError(
      "a plugin suite has no --gate: run it whole (its gates are --threshold, --require-effect and --baseline).",
    );
  if (flags.update && flags.shard !== undefined)
    throw new CliUsageError("--update writes the lock of the whole grid, not of a shard: drop --shard.");
  const graceful = new AbortController();
  const onSigint = (): void => graceful.abort();
  process.on("SIGINT", onSigint);
  const write = (line: string): void => {
    process.stderr.write(`${line}\n`);
  };
  try {
    const makeDriver = await driverMaker(flags.driverModule);
    const multi = suite.harnesses !== undefined;
    // Without --harness: the module's driver as it was always loaded (a function called with no argument).
    const single = multi
      ? undefined
      : flags.driverModule
        ? await loadDriverModule(flags.driverModule)
        : paid_claudeEvalDriver();
    if (flags.check) {
      const drivers =
        single !== undefined ? [single] : await Promise.all((suite.harnesses ?? []).map(makeDriver));
      return await checkSuiteLocks(
        dir,
        drivers,
        {
          ...(flags.trials !== undefined && { runs: flags.trials }),
          lockDir: flags.lockDir,
          scaffold: suite.scaffold,
        },
        write,
      );
    }
    return await runSuiteCommand({
      pluginDir: dir,
      ...(single !== undefined
        ? { driver: single }
        : { harnesses: suite.harnesses ?? [], driverFor: makeDriver }),
      requireEffect: suite.requireEffect,
      updateBaseline: suite.updateBaseline,
      updateLock: flags.update,
      lockDir: flags.lockDir,
      scaffold: suite.scaffold,
      signal: graceful.signal,
      write,
      ...(suite.judge !== undefined && { judgeModule: suite.judge }),
      ...(suite.threshold !== undefined && { threshold: suite.threshold }),
      ...(suite.baseline !== undefined && { baseline: suite.baseline }),
      ...(flags.out !== undefined && { out: flags.out }),
      ...(flags.trials !== undefined && { runs: flags.trials }),
      ...(flags.cache !== undefined && { cache: flags.cache }),
      ...(flags.shard !== undefined && { shard: flags.shard }),
    });
  } catch (error) {
    if (!(error instanceof VigilesError)) throw error;
    process.stderr.write(`vigiles eval: ${error.message}\n`);
    return 1;
  } finally {
    process.off("SIGINT", onSigint);
  }
}
