/**
 * `vigiles/eval`: everything that can call a model. Every runtime export is named `paid_` so the
 * call site says where money is spent; types are re-exported unprefixed.
 */
export type {
  EvalReport,
  CheckReport,
  ArmReport,
  MetricSummary,
  TrialRow,
  ArmUsage,
  CostBasis,
} from "../core/eval-report.js";

// --- eval engine: paid_runEval, paid_measure, paid_measureArms, paid_judge, paid_judged, paid_claudeEvalDriver ---
export { paid_runEval, paid_measure, paid_measureArms } from "../tiers/eval/run-eval.js";
export type { InjectedDriver } from "../tiers/eval/run-eval.js";
export type { EvalRunOptions, EvalProgress } from "../tiers/eval/engine.js";
export { paid_judge, paid_judged } from "../tiers/eval/judge.js";
export type { JudgeOptions, JudgeVerdict, JudgeFunction, JudgedOptions } from "../tiers/eval/judge.js";
export { paid_claudeEvalDriver } from "../tiers/eval/claude-driver.js";
export type { ClaudeEvalDriverOptions } from "../tiers/eval/claude-driver.js";
export type {
  EvalDriver,
  EvalTrial,
  DriverTrace,
  DriverPlan,
  RunTrialOptions,
  Effort,
} from "../tiers/eval/driver.js";
export type { GridOptions, GridOutcome, GridTrialResult } from "../tiers/eval/grid.js";
export {
  RateLimitedError,
  EvalDriverError,
  MissingCredentialsError,
  EffortNotPinnedError,
  ModelBelowFloorError,
  EvalFailedError,
  EvalLockMismatchError,
  JudgeAnswerError,
} from "../tiers/eval/errors.js";
export { MissingTaskError } from "../core/eval/task.js";
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
export type { EvalDefinition } from "../core/eval/eval-file.js";
export type { Check, CheckResult, CheckJSON, CheckSubject } from "../core/checks/types.js";

// --- skill triggering: paid_measureTriggerRate ---
export { measureTriggerRate as paid_measureTriggerRate } from "../tiers/eval/triggering/trigger-rate.js";
export type { TriggerRateOptions } from "../tiers/eval/triggering/trigger-rate.js";
export type { InstallSource } from "../tiers/eval/triggering/install.js";
export type {
  TriggerRateReport,
  TriggerRateBounds,
  TriggerTrialRow,
  TriggerPromptSummary,
  TriggerPromptSet,
} from "../core/triggering/trigger-report.js";
export { PromptSetNotDiverseError } from "../core/triggering/diversity.js";
