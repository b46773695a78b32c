import type { ArmReport, EvalReport, MetricSummary } from "../eval-report.js";
import { UnknownArmError, UnknownMetricError } from "./errors.js";

/** One arm of a report, or a named error listing the arms it does have. */
export function armOf(report: EvalReport, arm: string): ArmReport {
  const a = Object.hasOwn(report.arms, arm) ? report.arms[arm] : undefined;
  if (!a) throw new UnknownArmError(arm, Object.keys(report.arms));
  return a;
}

/** The summary of one arm's metric, or a named error listing what the report does have. */
export function metricOf(report: EvalReport, arm: string, metric: string): MetricSummary {
  const a = armOf(report, arm);
  const m = Object.hasOwn(a.metrics, metric) ? a.metrics[metric] : undefined;
  if (!m) throw new UnknownMetricError(arm, metric, Object.keys(a.metrics));
  return m;
}

/** Formats a number for messages: three significant digits, no trailing noise. */
export function fmt(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  return String(Number(x.toPrecision(3)));
}
