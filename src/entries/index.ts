/**
 * `vigiles`: the free testing surface. Everything here costs nothing to run: checks, assertions,
 * matchers, the hook and harness runners, and the helpers that read eval reports.
 * Re-exports only; each section belongs to one area of src/.
 */
export {
  VigilesError,
  AssertionFailedError,
  VacuousAssertionError,
  InvalidOptionError,
} from "../core/errors.js";
export type {
  Trace,
  ToolCall,
  ToolResult,
  HookFire,
  HookOutcome,
  Usage,
  ModelRequest,
  ModelRequestMessage,
  ShResult,
} from "../core/trace.js";
export type {
  ModelTurn,
  ModelTurnSource,
  TextTurn,
  ToolTurn,
  MultiToolTurn,
  ErrorTurn,
  ScriptedToolCall,
} from "../core/model-turn.js";
export type {
  EvalReport,
  CheckReport,
  ArmReport,
  MetricSummary,
  TrialRow,
  ArmUsage,
  CostBasis,
} from "../core/eval-report.js";
export type {
  FoldedHookDecision,
  HookDecisionKind,
  DecisionSource,
  HookRunResult,
} from "../core/hook-decision/types.js";

// --- process tiers: runScript, runHook, assertBlocksDisasters ---
export { runScript, runScriptAsync } from "../tiers/run-script/run-script.js";
export type { ScriptRunOptions, ScriptRunResult, ConfineSpec } from "../tiers/run-script/types.js";
export { runHook, runHookAsync, runHooksSync } from "../tiers/run-hook/run-hook.js";
export type { HookCall } from "../tiers/run-hook/run-hook.js";
export type {
  HookSpec,
  HookRegistration,
  HookRegistrationInput,
  HookEventInput,
  RunHookOptions,
} from "../tiers/run-hook/types.js";
export {
  assertBlocksDisasters,
  DisastersNotBlockedError,
} from "../tiers/run-hook/assert-blocks-disasters.js";
export type { BlocksDisastersOptions } from "../tiers/run-hook/assert-blocks-disasters.js";
export { disasterCorpus, disasterCategories } from "../core/disasters/corpus.js";
export type { DisasterCase, DisasterCategory } from "../core/disasters/corpus.js";
export type { DisasterReport, DisasterOutcome } from "../core/disasters/report.js";
export { foldHookDecision } from "../tiers/run-hook/fold.js";
export type { HookOutcomeInput } from "../core/hook-decision/outcome.js";
export { combineHookDecisions } from "../core/hook-decision/combine.js";
export { eventRules, knownHookEvents, selectHandlers } from "../tiers/run-hook/harness-rules.js";
export type { SelectHandlersOptions } from "../tiers/run-hook/harness-rules.js";
export type { EventRules } from "../core/hook-decision/event-rules.js";
export type {
  HarnessId,
  HarnessId as HookHarness,
  HookDialect,
  DialectEvent,
  MatcherRule,
} from "../core/dialect.js";
export type { HookSelectionNote } from "../core/hook-decision/types.js";
export { parseHooksConfig, InvalidHooksConfigError } from "../core/hook-config/parse.js";
export type { HandlerSelection, SelectOptions } from "../core/hook-config/select.js";
export { testMatcher } from "../core/hook-config/matcher.js";
export { permissionRuleMatches } from "../core/hook-config/if-rule.js";
export type {
  HooksConfig,
  HookHandler,
  HookHandlerGroup,
  HookHandlerType,
} from "../core/hook-config/types.js";
export { ConfinementUnavailableError, bwrapAvailable } from "../runtime/confine.js";

// --- trace: predicates, assertions, checks, agent results, matchers ---
export { createTrace } from "../core/trace-builder.js";
export type { TraceParts, ToolCallPart, HookFirePart, ModelRequestPart } from "../core/trace-builder.js";
export { usedTool, toolCount, toolUsedWith } from "../core/predicates/tools.js";
export { skillResolved } from "../core/predicates/skills.js";
export { hookBlocked } from "../core/predicates/hooks.js";
export { outputContains } from "../core/predicates/output.js";
export type { ToolQuery } from "../core/predicates/tool-names.js";
export type { TextPattern } from "../core/predicates/text-match.js";
export type { HookQuery } from "../core/predicates/hooks.js";
export {
  assertToolUsed,
  assertSkillResolved,
  assertToolSequence,
  assertToolCount,
  assertToolUsedWith,
  assertToolCalls,
} from "../core/assertions/tools.js";
export { assertHookFired, assertHookBlocked, assertHookAllowed } from "../core/assertions/hooks.js";
export {
  assertOutputContains,
  assertCreated,
  assertNoWrite,
  assertWroteOnly,
} from "../core/assertions/output-files.js";
export { hookFired } from "../core/checks/hook-fired.js";
export { tool, skill, mcp } from "../core/checks/tool-checks.js";
export { output, received } from "../core/checks/text-checks.js";
export { blocked, allowed } from "../core/checks/hook-checks.js";
export { turns, wrote } from "../core/checks/run-checks.js";
export type { WritesRecord } from "../core/checks/run-checks.js";
export { cost, latency, tokens } from "../core/checks/usage-checks.js";
export type { TokenLimits } from "../core/checks/usage-checks.js";
export { subagent } from "../core/checks/subagent.js";
export { checkFromJSON } from "../core/checks/from-json.js";
export type { CheckRevivers } from "../core/checks/from-json.js";
export { assertChecks, evaluateChecks } from "../core/checks/assert-checks.js";
export type { CheckOutcome } from "../core/checks/assert-checks.js";
export type { Check, CheckResult, CheckJSON, CheckSubject } from "../core/checks/types.js";
export { parseAgentResult } from "../core/agent-result/parse.js";
export type { AgentResult, AgentOutput } from "../core/agent-result/parse.js";
export { assertAgentOk, assertAgentErr, assertAgentResult } from "../core/agent-result/assert.js";
export { AgentResultMalformedError, AgentResultMismatchError } from "../core/agent-result/errors.js";
export type { AgentResultContract } from "../core/agent-result/contract.js";
export { vigilesMatchers } from "../core/matchers/vigiles-matchers.js";
export type {
  VigilesMatchers,
  VigilesMatcherContext,
  VigilesMatcherResult,
} from "../core/matchers/vigiles-matchers.js";

// --- hook programs in process: loadHook, assertHookDenies … ---
export { loadHook } from "../tiers/hook-program/load.js";
export {
  assertHookDenies,
  assertHookAllows,
  assertHookNotices,
  assertHookSilent,
  describeOutcome,
} from "../core/hook-program/assertions.js";
export {
  propertyHook,
  PropertyHookError,
  sameDecisionAsSeed,
  alwaysBlocks,
  neverBlocks,
} from "../tiers/hook-program/property.js";
export type {
  PropertyHookOptions,
  PropertyHookReport,
  PropertyCase,
  PropertyInvariant,
  PropertyDecider,
} from "../tiers/hook-program/property.js";
export type { HookCommand } from "../tiers/hook-program/subprocess.js";
export {
  shellMutators,
  pathSpelling,
  sudoWrapper,
  envWrapper,
  shellWrapper,
  listWrapper,
  groupWrapper,
  nohupWrapper,
  quoteWord,
  absolutePath,
  gitForceSpelling,
  rmForceSpelling,
} from "../core/hook-program/mutators.js";
export type { HookMutator } from "../core/hook-program/mutators.js";
export { compileHooks, CompileError } from "../tiers/hook-program/compile.js";
export type {
  CompileHooksOptions,
  CompileHooksResult,
  CompileProblem,
} from "../tiers/hook-program/compile.js";
export { HookProgramError } from "../core/hook-program/errors.js";

// --- harness tier: runHarnessTest, withHarness ---
export { runHarnessTest, runHarness, withHarness, MOCK_API_KEY } from "../tiers/harness/run-harness-test.js";
export type { HarnessTestResult } from "../tiers/harness/run-harness-test.js";
export type { HarnessTestSpec, HarnessTestOptions, PluginSource } from "../tiers/harness/spec.js";
export {
  claudeAvailable,
  skip,
  requestContains,
  HarnessSkipped,
  SKIP_EXIT_CODE,
} from "../tiers/harness/availability.js";
// --- `vigiles test`: several tests in one harness file, and the optional config file ---
export {
  test,
  describe,
  beforeAll,
  afterAll,
  beforeEach,
  afterEach,
} from "../tools/test-runner/harness-test.js";
export type { HarnessTestFn, HarnessTest, HarnessDescribe } from "../tools/test-runner/harness-test.js";
export { DuplicateTestNameError } from "../tools/test-runner/test-tree.js";
export type { TestCaseResult, TestFailure, SourceLocation } from "../tools/test-runner/test-report-line.js";
export { defineConfig } from "../tools/test-runner/config.js";
export type { VigilesConfig, VigilesTestConfig } from "../tools/test-runner/config.js";
export {
  HarnessRunError,
  ScriptOverrunError,
  UnknownToolError,
  HarnessFlagRejectedError,
  HarnessCrashedError,
  HarnessTimeoutError,
  HookCrashedError,
  HarnessNoSessionError,
  UnservedTurnsError,
  ManagedSettingsRouteError,
} from "../tiers/harness/errors.js";
export type { HarnessRunDetails } from "../tiers/harness/errors.js";

// --- record and replay ---
export { readProjectHarness } from "../tools/record/project-harness.js";
export type { ProjectHarness } from "../tools/record/project-harness.js";

// --- eval files and report readers: defineEval, statistics, baselines, JUnit ---
// eval files (free: a declaration cannot spend)
export { defineEval } from "../core/eval/eval-file.js";
export { MissingTaskError } from "../core/eval/task.js";
export type {
  EvalDefinition,
  TriggerRateDeclaration,
  TriggerRateReportLike,
} from "../core/eval/eval-file.js";
export type {
  RunEvalSpec,
  MeasureSpec,
  MeasureArmsSpec,
  ArmSpec,
  EvalCommon,
  CacheMode,
  Measure,
  MetricValues,
  ScoredCheck,
  EvalEffort,
} from "../core/eval/spec.js";
// the trigger-rate gate
export { assertTriggerRate } from "../core/triggering/trigger-report.js";
export type {
  TriggerRateReport,
  TriggerRateBounds,
  TriggerTrialRow,
  TriggerPromptSummary,
  TriggerPromptSet,
} from "../core/triggering/trigger-report.js";
// statistics, regression gates, reports
export {
  compareArms,
  significantlyBeats,
  assertSignificant,
  compareCheck,
  describeComparison,
} from "../core/stats/compare-arms.js";
export type {
  ArmComparison,
  CompareOptions,
  BeatOptions,
  AssertSignificantOptions,
  CheckComparison,
} from "../core/stats/compare-arms.js";
export { assertRates, assertReliable, rateResults } from "../core/stats/rate-gates.js";
export type { AssertRatesOptions, RateResult } from "../core/stats/rate-gates.js";
export { welchTest } from "../core/stats/welch.js";
export type { WelchResult, WelchOptions, SummaryStats, DegenerateCase } from "../core/stats/welch.js";
export { wilsonInterval } from "../core/stats/wilson.js";
export { studentTCdf } from "../core/stats/t-distribution.js";
export type { Alternative } from "../core/stats/t-distribution.js";
export { passHatK, passAtK, taskCounts } from "../core/stats/pass-k.js";
export type { TaskCount } from "../core/stats/pass-k.js";
export { mcnemarExact, signTest, pairedBootstrap, comparePaired } from "../core/stats/paired.js";
export type {
  McNemarResult,
  SignTestResult,
  BootstrapResult,
  BootstrapOptions,
  PairedOptions,
} from "../core/stats/paired.js";
export { UnknownArmError, UnknownMetricError, InvalidStatisticInputError } from "../core/stats/errors.js";
export { diffReports } from "../core/regression/diff.js";
export type { ReportDiff, DiffEntry, DiffSide, DiffVerdict, DiffOptions } from "../core/regression/diff.js";
export { assertNoRegression, describeDiffEntry } from "../core/regression/assert-no-regression.js";
export {
  parseBaseline,
  MalformedBaselineError,
  BaselineVersionError,
  BASELINE_VERSION,
} from "../core/regression/baseline.js";
export type { Baseline } from "../core/regression/baseline.js";
export { writeBaseline, readBaseline } from "../tools/report/baseline-file.js";
export type { WriteBaselineOptions } from "../tools/report/baseline-file.js";
export { checkReportToJUnit, diffToJUnit } from "../tools/report/junit.js";
export type { CheckJUnitOptions } from "../tools/report/junit.js";
export { renderReportHtml } from "../tools/report/html/render.js";
export type { HtmlReportOptions } from "../tools/report/html/render.js";
export { writeJobSummary, reportToMarkdown } from "../tools/report/job-summary.js";
export { readReportFile, MalformedReportError } from "../tiers/eval/load-report.js";
export { trialTrace } from "../tiers/eval/trial-trace.js";
export type { TrialTrace } from "../core/eval-report.js";

// --- a free eval driver: the real CLI against the local mock (no model, no spend) ---
export { mockModelDriver } from "../tiers/eval/mock-model-driver.js";
export type { MockModelDriver, MockModelDriverOptions } from "../tiers/eval/mock-model-driver.js";
