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
import { runPluginSuite, type PluginSuiteOptions } from "../../tiers/eval/plugin-suite.js";
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
  readonly driver: EvalDriver;
  readonly judgeModule?: string;
  readonly out?: string;
  readonly runs?: number;
  readonly cache?: CacheMode;
  readonly shard?: Shard;
  readonly threshold?: number;
  /** Fail unless the suite-level test finds the plugin helps. */
  readonly requireEffect: boolean;
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

/** Runs the suite; returns the exit code (0 pass, 1 a case below threshold or no effect). */
export async function runSuiteCommand(input: SuiteCommandInput): Promise<number> {
  const judge = input.judgeModule !== undefined ? await loadJudgeModule(input.judgeModule) : undefined;
  const options: PluginSuiteOptions = {
    driver: input.driver,
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
  const result = await runPluginSuite(input.pluginDir, options);
  const outDir = input.out ?? join(".vigiles", "eval-reports", basename(resolve(input.pluginDir)));
  writeFileAtomic(join(outDir, "report.json"), `${JSON.stringify(result.report, null, 2)}\n`);
  writeFileAtomic(join(outDir, "aggregate-result.json"), `${JSON.stringify(result.aggregate, null, 2)}\n`);
  for (const c of result.cases) input.write(caseLine(c));
  input.write(suiteLine(result.suite));
  input.write(
    `report: ${join(outDir, "report.json")}; aggregate-result: ${join(outDir, "aggregate-result.json")}`,
  );
  const threshold = input.threshold ?? 1;
  const below = result.aggregate.cases.filter((c) => c.aggregates.score < threshold);
  for (const c of below)
    input.write(`✗ ${c.name}: with-plugin score ${c.aggregates.score.toFixed(2)} < threshold ${threshold}`);
  const noEffect = input.requireEffect && !(result.suite.significant && result.suite.meanDelta > 0);
  if (noEffect) input.write("✗ the suite-level test finds no significant plugin effect");
  const errored = result.aggregate.cases
    .flatMap((c) => [...c.arms.with, ...c.arms.without])
    .filter((r) => r.error !== null);
  if (errored.length > 0) input.write(`✗ ${errored.length} run(s) failed: ${errored[0]?.error ?? ""}`);
  return below.length > 0 || noEffect || errored.length > 0 || result.report.aborted === true ? 1 : 0;
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
  readonly gate?: string;
}

/** The suite-only flags, checked. */
export interface SuiteFlags {
  readonly judge?: string;
  readonly threshold?: number;
  readonly requireEffect: boolean;
  /** Run the cases' scaffold scripts (`--scaffold`). */
  readonly scaffold?: boolean;
}

/** `--judge` and `--threshold` as given, the threshold checked to be a score. */
export function definedSuiteFlags(
  judge: string | undefined,
  threshold: string | undefined,
): Omit<SuiteFlags, "requireEffect" | "scaffold"> {
  const value = threshold === undefined ? undefined : Number(threshold);
  if (value !== undefined && !(value >= 0 && value <= 1))
    throw new CliUsageError(`--threshold must be a number from 0 to 1, got "${threshold}".`);
  return { ...(judge !== undefined && { judge }), ...(value !== undefined && { threshold: value }) };
}

/** `vigiles eval <plugin dir>`: the driver as `--driver` names it (default the paid one), Ctrl-C stops launches. */
export async function runSuiteFromFlags(
  dir: string,
  flags: EvalFlagsForSuite,
  suite: SuiteFlags,
): Promise<number> {
  if (flags.check || flags.update || flags.gate !== undefined)
    throw new CliUsageError(
      "a plugin suite has no lock or gate file yet: drop --check, --update and --gate.",
    );
  const graceful = new AbortController();
  const onSigint = (): void => graceful.abort();
  process.on("SIGINT", onSigint);
  try {
    const driver = flags.driverModule ? await loadDriverModule(flags.driverModule) : paid_claudeEvalDriver();
    return await runSuiteCommand({
      pluginDir: dir,
      driver,
      requireEffect: suite.requireEffect,
      scaffold: suite.scaffold === true,
      signal: graceful.signal,
      write: (line) => process.stderr.write(`${line}\n`),
      ...(suite.judge !== undefined && { judgeModule: suite.judge }),
      ...(suite.threshold !== undefined && { threshold: suite.threshold }),
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
