import type { EvalReport, MetricSummary, TrialRow } from "../eval-report.js";
import { AssertionFailedError, InvalidOptionError, VacuousAssertionError } from "../errors.js";
import { armOf, fmt, metricOf } from "./lookup.js";
import { isSuccess } from "./pass-k.js";
import { wilsonInterval } from "./wilson.js";

/** The Wilson interval of a rate summary: the stored one, else computed from mean and n. */
export function rateInterval(m: MetricSummary): readonly [number, number] {
  return m.wilson ?? wilsonInterval(Math.round(m.mean * m.n), m.n);
}

/** The failing trials' messages for one arm and metric, from the report rows. */
export function failureMessages(
  rows: readonly TrialRow[] | undefined,
  arm: string,
  metric: string,
): string[] {
  const out: string[] = [];
  for (const row of rows ?? []) {
    if (row.arm !== arm) continue;
    const v = row.metrics[metric];
    if (v !== undefined && isSuccess(v)) continue;
    if (v === undefined && row.error === undefined) continue;
    const why = row.messages?.[metric] ?? row.error ?? "failed";
    out.push(`trial ${row.trial}${row.case === undefined ? "" : ` (${row.case})`}: ${why}`);
  }
  return out;
}

/** Options of {@link assertRates}. */
export interface AssertRatesOptions {
  /** The lowest acceptable rate, in [0, 1]. */
  readonly min: number;
  /** Gate only this arm (default: every arm). */
  readonly arm?: string;
  /** Gate only this metric (default: every rate metric). */
  readonly metric?: string;
}

/** One gated rate, as {@link assertRates} saw it. */
export interface RateResult {
  readonly arm: string;
  readonly metric: string;
  readonly rate: number;
  readonly n: number;
  readonly interval: readonly [number, number];
  readonly pass: boolean;
}

/** Every rate {@link assertRates} would gate, with its verdict, without throwing. */
export function rateResults(report: EvalReport, options: AssertRatesOptions): RateResult[] {
  if (!(options.min >= 0 && options.min <= 1)) {
    throw new InvalidOptionError(
      `assertRates: min must be a rate between 0 and 1, got ${String(options.min)}.`,
    );
  }
  const arms = options.arm === undefined ? Object.keys(report.arms) : [options.arm];
  const out: RateResult[] = [];
  for (const arm of arms) {
    const metrics =
      options.metric !== undefined
        ? [options.metric]
        : Object.entries(armOf(report, arm).metrics)
            .filter(([, m]) => m.kind === "rate")
            .map(([name]) => name);
    for (const metric of metrics) {
      const m = metricOf(report, arm, metric);
      const interval = rateInterval(m);
      out.push({ arm, metric, rate: m.mean, n: m.n, interval, pass: m.n > 0 && m.mean >= options.min });
    }
  }
  return out;
}

/**
 * Throws unless every rate (each arm × rate metric, or the one chosen) is at least `min`, listing
 * every failure with its interval and the failing trials' messages. Zero trials, or no rate to gate
 * at all, throws {@link VacuousAssertionError}: never a vacuous pass.
 */
export function assertRates(report: EvalReport, options: AssertRatesOptions): RateResult[] {
  const results = rateResults(report, options);
  if (results.length === 0) {
    throw new VacuousAssertionError(
      "assertRates: the report has no rate metrics to gate (no arms, or no boolean metrics/checks).",
    );
  }
  const empty = results.filter((r) => r.n === 0);
  if (empty.length > 0) {
    throw new VacuousAssertionError(
      `assertRates: no trials ran for ${empty.map((r) => `"${r.arm}"/"${r.metric}"`).join(", ")}; a rate over zero runs proves nothing.`,
    );
  }
  const failed = results.filter((r) => !r.pass);
  if (failed.length > 0) {
    const lines = failed.map((r) => {
      const msgs = failureMessages(report.rows, r.arm, r.metric).slice(0, 5);
      return (
        `- "${r.metric}" on arm "${r.arm}": rate ${fmt(r.rate)} (${Math.round(r.rate * r.n)}/${r.n}, 95% CI ` +
        `[${fmt(r.interval[0])}, ${fmt(r.interval[1])}]) is below ${options.min}` +
        msgs.map((m) => `\n    ${m}`).join("")
      );
    });
    throw new AssertionFailedError(
      `expected every rate to be at least ${options.min}, but ${failed.length} of ${results.length} fell short:\n${lines.join("\n")}`,
    );
  }
  return results;
}

/**
 * The stricter bar: throws unless `metric` succeeded on every trial of `arm` (pass^k = 1). Zero
 * trials throws {@link VacuousAssertionError}.
 */
export function assertReliable(report: EvalReport, options: { arm: string; metric: string }): void {
  const { arm, metric } = options;
  const m = metricOf(report, arm, metric);
  if (m.n === 0) {
    throw new VacuousAssertionError(`assertReliable: arm "${arm}" recorded no trials of "${metric}".`);
  }
  if (!m.passK) {
    const msgs = failureMessages(report.rows, arm, metric);
    const failedCount = m.kind === "rate" ? `${m.n - Math.round(m.mean * m.n)} of ${m.n}` : `some of ${m.n}`;
    throw new AssertionFailedError(
      `expected "${metric}" to succeed on every trial of arm "${arm}", but it failed on ${failedCount} trial(s)` +
        (msgs.length
          ? `:\n${msgs
              .slice(0, 10)
              .map((s) => `  ${s}`)
              .join("\n")}`
          : "."),
    );
  }
}
