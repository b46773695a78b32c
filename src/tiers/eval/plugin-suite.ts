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
import { DEFAULT_MAX_TURNS, toolNamingOf, turnCapsOn, unscorableOn } from "./plugin-suite-harness.js";
import { unsupportedFields } from "./plugin-suite-unsupported.js";
import { caseStandIns } from "./plugin-suite-mocks.js";
import { caseScaffolds } from "./plugin-suite-scaffold.js";
import {
  mockAbortOf,
  mockAbortRecord,
  mockCallsText,
  type StandInSpec,
} from "../../core/plugin-eval/stand-in-spec.js";
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
  /**
   * Run each case's `context.scaffold_script` (bash, always confined, 120 s) in the run's work dir
   * before the agent: the CLI's `--scaffold`. Without it such a case runs unstaged, as the CLI runs
   * it, and `onWarning` names it.
   */
  readonly scaffold?: boolean;
}

/** What a suite run returns: vigiles' report, the statistics, and the CLI-shaped aggregate. */
export interface PluginSuiteResult {
  readonly report: EvalReport;
  readonly cases: readonly CaseEffect[];
  readonly suite: SuiteEffect;
  readonly aggregate: AggregateResult;
  /** What this run does differently from `claude plugin eval` on the driver's harness. */
  readonly notes: readonly string[];
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
  return runPlannedSuite(planSuite(pluginDir, options), options);
}

/**
 * Runs a suite {@link planSuite} already planned with these options (and this driver), so a caller
 * that checked or preflighted the plan runs that same plan instead of reading the suite again.
 */
export async function runPlannedSuite(
  plan: SuitePlan,
  options: PluginSuiteOptions,
): Promise<PluginSuiteResult> {
  const started = new Date();
  const { root, dir, read, arms, trials, standIns } = plan;
  const unscorable = unscorableOn(options.driver.harness, read.cases);
  const naming = toolNamingOf(options.driver.harness, [...standIns.values()].flat());
  if (options.scaffold !== true)
    for (const c of read.cases)
      if (c.definition.context.scaffold_script !== undefined)
        options.onWarning?.(
          `case "${c.definition.name}": its scaffold_script is not run without --scaffold; the case runs against an unstaged workspace`,
        );
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
      name: plan.name,
      arms,
      trials,
      common: {
        concurrency: options.concurrency ?? 1,
        ...(options.maxCostUsd !== undefined && { maxCostUsd: options.maxCostUsd }),
        ...(options.cache !== undefined && { cache: options.cache }),
      },
      driver: options.driver,
      score,
      inputsHash: plan.inputsHash,
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
  return { report, cases: effects, suite: suiteEffect(effects), aggregate, notes: plan.notes };
}

/** A suite read and turned into arms, before anything runs. */
export interface SuitePlan {
  /** The report's name: `plugin-suite:<plugin>@<harness>`, so one baseline holds every harness's. */
  readonly name: string;
  readonly root: string;
  readonly dir: string;
  readonly read: ReturnType<typeof readSuite>;
  readonly arms: readonly ResolvedArm[];
  /** Each case's MCP stand-ins, by case name (absent: the case has no `mocks/`). */
  readonly standIns: ReadonlyMap<string, readonly StandInSpec[]>;
  /** The grid's depth: the largest case's `runs` (each case runs its own), or `runs` for all. */
  readonly trials: number;
  /** The inputs hash the lock records, given the driver's identity. */
  inputsHash(driverIdentity: string): string;
  /** What the run does differently from the CLI on this harness, for the report. */
  readonly notes: readonly string[];
}

/**
 * Reads the suite and plans its arms; throws {@link PluginSuiteError} for a suite the CLI would
 * refuse, an empty one, or a case that sets a field vigiles would drop (plugin-suite-unsupported.ts).
 */
export function planSuite(
  pluginDir: string,
  options: Pick<PluginSuiteOptions, "driver" | "runs" | "model" | "judge" | "scaffold">,
): SuitePlan {
  const root = resolve(pluginDir);
  const dir = pluginSuiteDir(root);
  const read = readSuite(suiteFiles(dir), basename(dir));
  const first = read.errors[0];
  if (first)
    throw new PluginSuiteError(`${first.message} (and ${read.errors.length - 1} more); fix the case first`);
  if (read.cases.length === 0) throw new PluginSuiteError(`${dir} holds no case; add evals/<case>/prompt.md`);
  const refused = read.cases.flatMap(unsupportedFields);
  if (refused.length > 0)
    throw new PluginSuiteError(
      `${refused.join("; ")}. Running it without that would measure another case: remove the field or the case, or run the suite with \`claude plugin eval\`.`,
    );
  const judged = read.cases.some((c) =>
    c.definition.graders.some((g) => g.type === "llm" || g.type === "baseline"),
  );
  if (judged && options.judge === undefined && !options.driver.paid)
    throw new InvalidOptionError(
      "the suite has llm or baseline graders: pass a judge, or a paid driver for the model judge",
    );
  // A harness that cannot load the plugin is refused first: no other reason matters there.
  unscorableOn(options.driver.harness, read.cases);
  const caps = turnCapsOn(options.driver.harness, read.cases);
  // Each case's MCP stand-ins, served to both arms (refused by name when they cannot be).
  const standIns = caseStandIns(dir, read.cases, root, options.driver.harness);
  const scaffolds = caseScaffolds(dir, read.cases, options.scaffold === true);
  const arms = read.cases.flatMap((c) =>
    [WITH, WITHOUT].map((side) =>
      armOf(
        c,
        side,
        root,
        options,
        caps.capped,
        standIns.get(c.definition.name),
        scaffolds.get(c.definition.name),
      ),
    ),
  );
  const trials = options.runs ?? Math.max(...read.cases.map((c) => c.definition.runs));
  return {
    notes:
      caps.uncapped.length > 0
        ? [
            `${options.driver.harness} cannot cap a run's turns: ${caps.uncapped.join(", ")} (at the default cap of ${DEFAULT_MAX_TURNS}) ran uncapped there`,
          ]
        : [],
    name: `plugin-suite:${basename(root)}@${options.driver.harness}`,
    root,
    dir,
    read,
    arms,
    standIns,
    trials,
    inputsHash: (driverIdentity) =>
      evalInputsHash({
        runner: "pluginSuite",
        arms,
        trials,
        driverIdentity,
        checks: read.cases.map((c) => c.definition),
      }),
  };
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
  options: Pick<PluginSuiteOptions, "runs" | "model">,
  capped: boolean,
  standIns: readonly StandInSpec[] | undefined,
  setupScript: string | undefined,
): ResolvedArm {
  const e = c.definition.execution;
  // Mocked tools are allowed without the operator's grant, as the CLI allows them.
  const mocked = (standIns ?? []).map((s) => `mcp__${s.server}`);
  return {
    // Each case its own runs and time limit (the CLI's); `runs` given for the suite overrides every case's.
    ...(options.runs === undefined && { trials: c.definition.runs }),
    timeoutMs: e.timeout_seconds * 1000,
    name: armName(c, side),
    case: c.definition.name,
    task: e.prompt,
    files: {},
    pluginDirs: side === WITH ? [pluginRoot] : [],
    model: e.model ?? options.model ?? DEFAULT_MODEL,
    stubSkillBodies: false,
    env: { ...e.env },
    ...(capped && { maxTurns: e.max_turns }),
    ...(e.allowed_tools.length > 0 && { allowedTools: [...e.allowed_tools, ...mocked] }),
    ...(standIns !== undefined && { mcpStandIns: standIns }),
    ...(setupScript !== undefined && { setupScript }),
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
  // A violated `expect:` guard aborts the run: score 0, with the guard's message as its error, and
  // no grader verdicts: Claude Code 2.1.328 grades nothing on an aborted run (no judge is asked) and
  // lists no graders.
  const aborted = log === undefined ? undefined : mockAbortOf(log.calls);
  const abortRecord = log === undefined ? undefined : mockAbortRecord(log.calls);
  const withOnly = withOnlyGraders(c.definition.graders);
  let judgeCostUsd = 0;
  const graded = aborted === undefined ? c.definition.graders : [];
  const verdicts: ScoredVerdict[] = graded.map((g) => {
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
    ...(abortRecord !== undefined && { aborted: abortRecord }),
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
