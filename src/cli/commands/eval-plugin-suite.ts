/**
 * `vigiles eval <plugin dir>` when the directory holds a `claude plugin eval` suite: every case run
 * with and without the plugin through the eval engine, vigiles' report and the CLI-shaped
 * `aggregate-result.json` written side by side, per-case intervals and a suite-level test printed.
 * The gates, the baseline and the lock are in ./eval-plugin-suite-gates.ts; the flags in
 * ./eval-plugin-suite-flags.ts.
 */
import { existsSync, statSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { InvalidOptionError } from "../../core/errors.js";
import type { CaseEffect, SuiteEffect } from "../../core/plugin-eval/suite-stats.js";
import { writeFileAtomic } from "../../runtime/atomic-write.js";
import type { EvalDriver } from "../../tiers/eval/driver.js";
import { importModule } from "../../tiers/eval/eval-files.js";
import type { JudgeFunction } from "../../tiers/eval/judge.js";
import { runPlannedSuite, type PluginSuiteOptions } from "../../tiers/eval/plugin-suite.js";
import {
  runPluginSuiteOnHarnesses,
  type SuiteOnHarnessesResult,
} from "../../tiers/eval/plugin-suite-harnesses.js";
import { pluginSuiteDir, suiteFiles } from "../../tiers/eval/plugin-suite-files.js";
import { discoverCases } from "../../core/plugin-eval/read-suite.js";
import type { CacheMode } from "../../core/eval/spec.js";
import type { Shard } from "../../core/eval/shard.js";
import {
  baselineToGateOn,
  gateOnBaseline,
  gateRun,
  planSuiteFor,
  writeRunLock,
  writeRunsBaseline,
  type HarnessRun,
} from "./eval-plugin-suite-gates.js";

export { checkSuiteLocks } from "./eval-plugin-suite-gates.js";

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
  const baseline = baselineToGateOn(input.baseline, input.updateBaseline);
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
    const driver = input.driver;
    if (driver === undefined) throw new InvalidOptionError("the suite needs a driver");
    const plan = planSuiteFor(input.pluginDir, { ...common, driver });
    const result = await runPlannedSuite(plan, { ...common, driver });
    runs = [{ ...result, harness: driver.harness, displayName: driver.harness, dir: outDir }];
  }
  let failed = false;
  for (const run of runs) {
    if (multi) input.write(`— ${run.displayName} —`);
    writeRun(run, input.write);
    failed = gateRun(run, input, input.write) || failed;
    if (input.updateLock === true) writeRunLock(run, input.lockDir, input.write);
  }
  if (sideBySide !== undefined) {
    writeFileAtomic(join(outDir, "summary.json"), `${JSON.stringify(summaryOf(sideBySide), null, 2)}\n`);
    for (const line of sideBySideLines(sideBySide)) input.write(line);
    input.write(`side by side: ${join(outDir, "summary.json")}`);
  }
  if (input.updateBaseline === true && input.baseline !== undefined)
    failed = writeRunsBaseline(runs, input.baseline, input.write) || failed;
  if (baseline !== undefined) failed = gateOnBaseline(runs, baseline, input.write) || failed;
  return failed ? 1 : 0;
}

/** Writes one harness's files and its lines. */
function writeRun(run: HarnessRun, write: (line: string) => void): void {
  writeFileAtomic(join(run.dir, "report.json"), `${JSON.stringify(run.report, null, 2)}\n`);
  writeFileAtomic(join(run.dir, "aggregate-result.json"), `${JSON.stringify(run.aggregate, null, 2)}\n`);
  for (const note of run.notes) write(`note: ${note}`);
  for (const c of run.cases) write(caseLine(c));
  write(suiteLine(run.suite));
  write(
    `report: ${join(run.dir, "report.json")}; aggregate-result: ${join(run.dir, "aggregate-result.json")}`,
  );
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
