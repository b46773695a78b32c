import type { EvalReport } from "../../../core/eval-report.js";
import type { DiffEntry, ReportDiff } from "../../../core/regression/diff.js";
import { VigilesError } from "../../../core/errors.js";
import { compareArms } from "../../../core/stats/compare-arms.js";
import { comparePaired } from "../../../core/stats/paired.js";
import { rateInterval } from "../../../core/stats/rate-gates.js";
import { duration, esc, num, pct, usd } from "./escape.js";
import { costBasisOf, costText } from "../../../core/eval/money.js";
import { rateChart, type RateBar } from "./rate-chart.js";

const badge = (verdict: string) => `<span class="badge v-${esc(verdict)}">${esc(verdict)}</span>`;

/** Metric names of one kind across all arms, in first-seen order. */
function metricsOfKind(report: EvalReport, kind: "rate" | "score"): string[] {
  const out = new Set<string>();
  for (const arm of Object.values(report.arms)) {
    for (const [name, m] of Object.entries(arm.metrics)) if (m.kind === kind) out.add(name);
  }
  return [...out];
}

/** Per check (rate metric): one chart, a bar per arm with its Wilson interval, baseline beside it. */
export function ratesSection(
  report: EvalReport,
  baseline: EvalReport | undefined,
  min: number | undefined,
): string {
  const metrics = metricsOfKind(report, "rate");
  if (metrics.length === 0) return `<p class="note">No rate metrics (checks) in this report.</p>`;
  return metrics
    .map((metric) => {
      const bars: RateBar[] = [];
      for (const [arm, a] of Object.entries(report.arms)) {
        const m = a.metrics[metric];
        if (!m) continue;
        const b = baseline?.arms[arm]?.metrics[metric];
        bars.push({
          label: arm,
          rate: m.mean,
          interval: rateInterval(m),
          n: m.n,
          ...(b ? { baseline: { rate: b.mean, interval: rateInterval(b), n: b.n } } : {}),
        });
      }
      return `<section class="metric" data-metric="${esc(metric)}"><h3><code>${esc(metric)}</code></h3>${rateChart(`rate of ${metric} per arm`, bars, min)}</section>`;
    })
    .join("");
}

/** Score metrics as a table: mean ± se (n) per arm. */
export function scoresSection(report: EvalReport): string {
  const metrics = metricsOfKind(report, "score");
  if (metrics.length === 0) return "";
  const arms = Object.keys(report.arms);
  const head = `<tr><th>metric</th>${arms.map((a) => `<th class="n">${esc(a)}</th>`).join("")}</tr>`;
  const rows = metrics.map((metric) => {
    const cells = arms.map((arm) => {
      const m = report.arms[arm]?.metrics[metric];
      return `<td class="n">${m ? `${num(m.mean)} ± ${num(m.se)} <span class="dim">(n=${m.n})</span>` : "–"}</td>`;
    });
    return `<tr><td><code>${esc(metric)}</code></td>${cells.join("")}</tr>`;
  });
  return `<h2>Scores</h2><table>${head}${rows.join("")}</table>`;
}

const REFERENCE_NAMES = ["baseline", "vanilla", "off", "control", "without", "none"];

/** The arm A/B verdicts compare against: the one given, a conventional name, else the first. */
export function referenceArm(report: EvalReport, given?: string): string | undefined {
  const arms = Object.keys(report.arms);
  if (given !== undefined && arms.includes(given)) return given;
  return arms.find((a) => REFERENCE_NAMES.includes(a.toLowerCase())) ?? arms[0];
}

/** The paired test's p-value when both arms ran the same cases, else a dash. */
function pairedCell(report: EvalReport, ref: string, arm: string, metric: string, alpha?: number): string {
  try {
    const p = comparePaired(report, ref, arm, metric, alpha === undefined ? {} : { alpha });
    const what =
      p.method === "mcnemar"
        ? `McNemar, ${p.armOnly}/${p.baselineOnly} discordant`
        : `bootstrap, ${p.pairs} pairs`;
    return `<span title="${esc(what)}">${num(p.pValue)}</span>`;
  } catch (e) {
    if (e instanceof VigilesError) return "–";
    throw e;
  }
}

/** Welch verdicts of every other arm against the reference arm, per metric. */
export function verdictsSection(
  report: EvalReport,
  options: { referenceArm?: string; alpha?: number; lowerIsBetter?: readonly string[] },
): string {
  const ref = referenceArm(report, options.referenceArm);
  const arms = Object.keys(report.arms).filter((a) => a !== ref);
  if (ref === undefined || arms.length === 0) return "";
  const lower = new Set(options.lowerIsBetter ?? []);
  const rows: string[] = [];
  const refMetrics = report.arms[ref]?.metrics ?? {};
  for (const metric of Object.keys(refMetrics)) {
    for (const arm of arms) {
      if (!report.arms[arm]?.metrics[metric]) continue;
      const c = compareArms(
        report,
        ref,
        arm,
        metric,
        options.alpha === undefined ? {} : { alpha: options.alpha },
      );
      const good = lower.has(metric) ? c.delta < 0 : c.delta > 0;
      const verdict = !c.significant ? "no-difference" : good ? "better" : "worse";
      const rate = refMetrics[metric]?.kind === "rate";
      const paired = pairedCell(report, ref, arm, metric, options.alpha);
      const show = (x: number) => (rate ? pct(x) : num(x));
      rows.push(
        `<tr data-verdict="${verdict}"><td><code>${esc(metric)}</code></td><td>${esc(arm)} vs ${esc(ref)}</td>` +
          `<td class="n">${show(c.baselineMean)} → ${show(c.armMean)}</td><td class="n">${c.delta > 0 ? "+" : ""}${rate ? pct(c.delta) : num(c.delta)}</td>` +
          `<td class="n">${num(c.pValue)}${c.degenerate ? ` <span class="dim" title="${esc(c.degenerate)}">*</span>` : ""}</td>` +
          `<td class="n">${paired}</td><td>${badge(verdict)}</td></tr>`,
      );
    }
  }
  return (
    `<h2>A/B verdicts <span class="note">(Welch's t-test against <b>${esc(ref)}</b>, alpha ${options.alpha ?? 0.05})</span></h2>` +
    `<table><tr><th>metric</th><th>comparison</th><th class="n">means</th><th class="n">delta</th><th class="n">p</th><th class="n">paired p</th><th>verdict</th></tr>${rows.join("")}</table>` +
    `<p class="note">Paired p: exact McNemar (rates) or a seeded paired bootstrap (scores) over trials both arms ran on the same case; – when the rows do not pair up.</p>`
  );
}

function diffRow(e: DiffEntry): string {
  const rate = (e.current ?? e.baseline)?.kind === "rate";
  const show = (x: number | undefined) => (x === undefined ? "–" : rate ? pct(x) : num(x));
  return (
    `<tr data-verdict="${e.verdict}"><td>${e.report === undefined ? "" : `${esc(e.report)} / `}${esc(e.arm)}</td><td><code>${esc(e.metric)}</code></td>` +
    `<td class="n">${show(e.baseline?.mean)}</td><td class="n">${show(e.current?.mean)}</td>` +
    `<td class="n">${e.delta === undefined ? "–" : `${e.delta > 0 ? "+" : ""}${rate ? pct(e.delta) : num(e.delta)}`}</td>` +
    `<td class="n">${e.comparison ? num(e.comparison.pValue) : "–"}</td><td>${badge(e.verdict)}</td></tr>`
  );
}

/** The regression diff against a baseline: every arm × metric with its verdict. */
export function diffSection(diff: ReportDiff): string {
  const c = diff.counts;
  return (
    `<h2>Against the baseline <span class="note">(alpha ${diff.alpha}: ${c.regressed} regressed, ${c.improved} improved, ` +
    `${c.unchanged} unchanged, ${c.new} new, ${c.missing} missing)</span></h2>` +
    `<table><tr><th>arm</th><th>metric</th><th class="n">baseline</th><th class="n">now</th><th class="n">delta</th><th class="n">p</th><th>verdict</th></tr>` +
    `${diff.entries.map(diffRow).join("")}</table>`
  );
}

function percentile(xs: readonly number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] ?? 0;
}

/** Cost, tokens and latency per arm (latency percentiles from the rows, when kept). */
export function usageSection(report: EvalReport): string {
  const basis = costBasisOf(report);
  const rows = Object.entries(report.arms).map(([arm, a]) => {
    const per = a.trials > 0 ? a.trials : 1;
    // Per trial of those that called the model: a replay spent nothing.
    const live = a.trials - (a.cached ?? 0);
    const allCached = a.trials > 0 && live === 0;
    const lat = (report.rows ?? []).filter((r) => r.arm === arm).map((r) => r.usage.durationMs);
    const perTrial = basis === "mock" || allCached ? "–" : usd(a.usage.costUsd / Math.max(1, live));
    return (
      `<tr><td>${esc(arm)}</td><td class="n">${a.trials}</td><td class="n">${esc(costText(a.usage.costUsd, basis, { allCached, format: usd }))}</td><td class="n">${perTrial}</td>` +
      `<td class="n">${duration(a.usage.durationMs / per)}</td><td class="n">${lat.length ? `${duration(percentile(lat, 0.5))} / ${duration(percentile(lat, 0.9))}` : "–"}</td>` +
      `<td class="n">${Math.round(a.usage.inputTokens / per)} / ${Math.round(a.usage.outputTokens / per)}</td></tr>`
    );
  });
  return (
    `<h2>Cost and latency${basis === "estimate" ? ` <span class="note">(cost: the CLI's token-based estimate)</span>` : ""}</h2>` +
    `<table><tr><th>arm</th><th class="n">trials</th><th class="n">cost</th><th class="n">per model-called trial</th>` +
    `<th class="n">mean latency</th><th class="n">p50 / p90</th><th class="n">tokens in / out per trial</th></tr>${rows.join("")}</table>`
  );
}
