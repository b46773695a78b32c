/**
 * `runPluginSuite`: a plugin's eval suite (`claude plugin eval`'s format) run through vigiles' eval
 * engine. Every case becomes two arms (with the plugin, without it) x runs on the driver, so the
 * cache, budget, shards and interrupts apply unchanged; graders become metrics (`grader:<name>` a
 * rate each, `score` the weighted run score); the CLI's aggregates come with a per-case Welch test
 * and a paired test over cases.
 */
import { basename, join, relative, resolve, sep } from "node:path";
import { DEFAULT_HARNESS, findHarness } from "../../adapters/registry.js";
import { InvalidOptionError, VigilesError } from "../../core/errors.js";
import type { EvalReport } from "../../core/eval-report.js";
import {
  aggregateResult,
  type AggregateResult,
  type SuiteRun,
} from "../../core/plugin-eval/aggregate-result.js";
import {
  gradeDeterministic,
  runScore,
  type MockCallsView,
  withOnlyGraders,
  type ScoredVerdict,
  type ToolNaming,
} from "../../core/plugin-eval/graders.js";
import { readSuite, type SuiteCase } from "../../core/plugin-eval/read-suite.js";
import {
  caseEffect,
  suiteEffect,
  type CaseEffect,
  type SuiteEffect,
} from "../../core/plugin-eval/suite-stats.js";
import type { Trace } from "../../core/trace.js";
import type { EvalDriver, EvalTrial } from "./driver.js";
import { runEngine, type EvalRunOptions, type TrialScore } from "./engine.js";
import { evalInputsHash } from "./inputs-hash.js";
import type { JudgeFunction } from "./judge.js";
import { gradeWithJudge } from "./plugin-suite-judge.js";
import { pluginSuiteDir, pluginVersion, suiteFiles } from "./plugin-suite-files.js";
import { toolNamingOf, unscorableOn } from "./plugin-suite-harness.js";
import { caseStandIns } from "./plugin-suite-mocks.js";
import { mockAbortOf, mockCallsText, type StandInSpec } from "../../core/plugin-eval/stand-in-spec.js";
import type { DriverTrace } from "./driver.js";
import { DEFAULT_MODEL, type ResolvedArm } from "./resolve-arms.js";

/** The suite does not load: a case the CLI would refuse, or no case at all. */
export class PluginSuiteError extends VigilesError {
  constructor(message: string) {
    super("VIGILES_PLUGIN_SUITE", message);
  }
}

/** Options of {@link runPluginSuite}. */
export interface PluginSuiteOptions extends Omit<EvalRunOptions, "driver" | "keepRows"> {
  /** Required: the suite never picks a paid driver on its own. */
  readonly driver: EvalDriver;
  /** Grades `llm` and `baseline` graders; required for them unless the driver is paid. */
  readonly judge?: JudgeFunction;
  /** Overrides every case's `runs`. */
  readonly runs?: number;
  /** Model of every case that names none (default "sonnet"). */
  readonly model?: string;
  /** The case-level gate on the with-arm score (the CLI's `--threshold`, default 1). */
  readonly threshold?: number;
  readonly concurrency?: number;
  readonly maxCostUsd?: number;
}

/** What a suite run returns: vigiles' report, the statistics, and the CLI-shaped aggregate. */
export interface PluginSuiteResult {
  readonly report: EvalReport;
  readonly cases: readonly CaseEffect[];
  readonly suite: SuiteEffect;
  readonly aggregate: AggregateResult;
}

const WITH = "with";
const WITHOUT = "without";
const armName = (c: SuiteCase, side: string) => `${c.definition.name}/${side}`;

/**
 * Runs the suite of the plugin at `pluginDir`.
 *
 * @example
 * const { cases, suite } = await runPluginSuite("./my-plugin", { driver, judge });
 */
export async function runPluginSuite(
  pluginDir: string,
  options: PluginSuiteOptions,
): Promise<PluginSuiteResult> {
  const started = new Date();
  const root = resolve(pluginDir);
  const dir = pluginSuiteDir(root);
  const read = readSuite(suiteFiles(dir), basename(dir));
  const first = read.errors[0];
  if (first)
    throw new PluginSuiteError(`${first.message} (and ${read.errors.length - 1} more); fix the case first`);
  if (read.cases.length === 0) throw new PluginSuiteError(`${dir} holds no case; add evals/<case>/prompt.md`);
  const judged = read.cases.some((c) =>
    c.definition.graders.some((g) => g.type === "llm" || g.type === "baseline"),
  );
  if (judged && options.judge === undefined && !options.driver.paid)
    throw new InvalidOptionError(
      "the suite has llm or baseline graders: pass a judge, or a paid driver for the model judge",
    );

  const unscorable = unscorableOn(options.driver.harness, read.cases);
  const naming = toolNamingOf(options.driver.harness);
  // Hook point: each case's MCP stand-ins, served to both arms (refused by name when they cannot be).
  const standIns = caseStandIns(dir, read.cases, root, options.driver.harness);
  const arms = read.cases.flatMap((c) => [
    armOf(c, WITH, root, options, standIns.get(c.definition.name)),
    armOf(c, WITHOUT, root, options, standIns.get(c.definition.name)),
  ]);
  const trials = options.runs ?? Math.max(...read.cases.map((c) => c.definition.runs));
  const byName = new Map(read.cases.map((c) => [c.definition.name, c]));
  const runs = new Map<string, SuiteRun[]>();
  const score = (trace: Trace, trial: EvalTrial): TrialScore => {
    const suiteCase = byName.get(trial.case ?? "") as SuiteCase;
    const skipped = unscorable.get(suiteCase.definition.name);
    const run = scoreRun(suiteCase, trace, join(dir, suiteCase.dir), options.judge, skipped, naming, {
      hasMocks: standIns.has(suiteCase.definition.name),
    });
    runs.set(trial.arm, [...(runs.get(trial.arm) ?? []), run]);
    return metricsOf(run);
  };
  const report = await runEngine(
    {
      name: `plugin-suite:${basename(root)}`,
      arms,
      trials,
      common: {
        concurrency: options.concurrency ?? 1,
        timeoutMs: Math.max(...read.cases.map((c) => c.definition.execution.timeout_seconds)) * 1000,
        ...(options.maxCostUsd !== undefined && { maxCostUsd: options.maxCostUsd }),
        ...(options.cache !== undefined && { cache: options.cache }),
      },
      driver: options.driver,
      score,
      inputsHash: (driverIdentity) =>
        evalInputsHash({
          runner: "pluginSuite",
          arms,
          trials,
          driverIdentity,
          checks: read.cases.map((c) => c.definition),
        }),
    },
    { ...options, keepRows: true },
  );
  // A run that failed to run or to be scored is in the CLI's file as a run with its error and score 0.
  for (const row of report.rows ?? [])
    if (row.error !== undefined)
      runs.set(row.arm, [...(runs.get(row.arm) ?? []), erroredRun(row.error, row.usage.costUsd)]);
  const effects = read.cases.flatMap((c) => effectOf(c, report));
  const version = pluginVersion(root);
  const aggregate = aggregateResult({
    claudeVersion: claudeVersionOf(options.driver),
    startedAt: started.toISOString(),
    durationSeconds: Math.round((Date.now() - started.getTime()) / 1000),
    root,
    suiteDir: relative(root, dir).split(sep).join("/"),
    threshold: options.threshold ?? 1,
    concurrency: options.concurrency ?? 1,
    plugins: [{ name: basename(root), ...(version !== undefined && { version }), path: root }],
    ...(report.aborted === true && {
      partialReason: report.abortReason === "budget" ? ("cost_ceiling" as const) : ("interrupted" as const),
    }),
    cases: read.cases.map((c) => ({
      suiteCase: c,
      with: runs.get(armName(c, WITH)) ?? [],
      without: runs.get(armName(c, WITHOUT)) ?? [],
    })),
  });
  return { report, cases: effects, suite: suiteEffect(effects), aggregate };
}

/**
 * The file's `claudeVersion`: the CLI writes its own version. The format's own harness (the default
 * harness, Claude Code) writes its version bare, as the CLI does; another harness as
 * `<harness>@<version>`, so no reader takes it for a Claude Code release; a driver that runs no CLI
 * (an injected one) writes its identity.
 */
function claudeVersionOf(driver: EvalDriver): string {
  if (driver.harnessVersion === undefined) return driver.identity;
  return findHarness(driver.harness)?.id === DEFAULT_HARNESS.id
    ? driver.harnessVersion
    : `${driver.harness}@${driver.harnessVersion}`;
}

function armOf(
  c: SuiteCase,
  side: string,
  pluginRoot: string,
  options: PluginSuiteOptions,
  standIns: readonly StandInSpec[] | undefined,
): ResolvedArm {
  const e = c.definition.execution;
  // Mocked tools are allowed without the operator's grant, as the CLI allows them.
  const mocked = (standIns ?? []).map((s) => `mcp__${s.server}`);
  return {
    name: armName(c, side),
    case: c.definition.name,
    task: e.prompt,
    files: {},
    pluginDirs: side === WITH ? [pluginRoot] : [],
    model: e.model ?? options.model ?? DEFAULT_MODEL,
    stubSkillBodies: false,
    env: { ...e.env },
    maxTurns: e.max_turns,
    ...(e.allowed_tools.length > 0 && { allowedTools: [...e.allowed_tools, ...mocked] }),
    ...(standIns !== undefined && { mcpStandIns: standIns }),
  };
}

/** Every grader's verdict on one run, and the run's score. */
export function scoreRun(
  c: SuiteCase,
  trace: Trace,
  caseDir: string,
  judge: JudgeFunction | undefined,
  unscorable: ReadonlyMap<string, string> = new Map(),
  naming?: ToolNaming,
  mocks: { readonly hasMocks: boolean } = { hasMocks: false },
): SuiteRun {
  const log = (trace as DriverTrace).mockCalls;
  const mockCalls: MockCallsView = !mocks.hasMocks
    ? { kind: "none" }
    : log === undefined
      ? { kind: "not-served", why: "the driver did not serve this case's MCP stand-ins" }
      : { kind: "served", text: mockCallsText(log.calls) };
  // A violated `expect:` guard aborts the run: score 0, with the guard's message as its error.
  const aborted = log === undefined ? undefined : mockAbortOf(log.calls);
  const withOnly = withOnlyGraders(c.definition.graders);
  let judgeCostUsd = 0;
  const verdicts: ScoredVerdict[] = c.definition.graders.map((g) => {
    const base = { weight: g.weight, withOnly: withOnly.has(g.name) };
    const why = unscorable.get(g.name);
    if (why !== undefined) return { name: g.name, passed: false, scorable: false, explanation: why, ...base };
    if (g.type === "llm" || g.type === "baseline") {
      const judged = gradeWithJudge(g, trace, caseDir, judge, mockCalls);
      judgeCostUsd += judged.costUsd;
      const { costUsd: _cost, ...verdict } = judged;
      return { ...verdict, ...base };
    }
    return { ...gradeDeterministic(g, trace, naming, mockCalls), ...base };
  });
  const driven = trace as DriverTrace;
  return {
    score: aborted === undefined ? runScore(verdicts) : 0,
    // The harness's own count where its stream reports one, as the CLI reports it.
    turns: driven.reportedTurns ?? trace.turns,
    costUsd: trace.usage?.costUsd ?? 0,
    judgeCostUsd,
    ...(trace.usage !== undefined && { durationSeconds: trace.usage.durationMs / 1000 }),
    ...(driven.startedAt !== undefined && { startedAt: driven.startedAt }),
    // A run its turn cap cut off is graded on what it produced, and says it was cut off.
    error: aborted ?? driven.cutOff ?? null,
    graders: verdicts,
  };
}

function erroredRun(error: string, costUsd: number): SuiteRun {
  return { score: 0, turns: 0, costUsd, judgeCostUsd: 0, error, graders: [] };
}

function metricsOf(run: SuiteRun): TrialScore {
  const metrics: Record<string, number | boolean> = { score: run.score };
  const messages: Record<string, string> = {};
  for (const g of run.graders) {
    if (!g.scorable) continue;
    metrics[`grader:${g.name}`] = g.passed;
    if (!g.passed) messages[`grader:${g.name}`] = g.explanation;
  }
  return { metrics, messages };
}

function effectOf(c: SuiteCase, report: EvalReport): CaseEffect[] {
  const withScores = report.arms[armName(c, WITH)]?.metrics["score"];
  const withoutScores = report.arms[armName(c, WITHOUT)]?.metrics["score"];
  if (withScores === undefined || withoutScores === undefined) return [];
  return [caseEffect(c.definition.name, withScores, withoutScores)];
}
