/**
 * `vigiles/eval`: everything that can call a model. Every runtime export is named `paid_` so the
 * call site says where money is spent; types are re-exported unprefixed.
 */
export type { EvalReport, ArmReport, MetricSummary, TrialRow, ArmUsage } from "../core/eval-report.js";

// --- eval engine: paid_runEval, paid_measure, paid_measureArms, paid_judge, paid_judged, paid_claudeEvalDriver (issue 6) ---

// --- skill triggering: paid_measureTriggerRate (issue 7) ---
