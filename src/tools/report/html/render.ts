import type { EvalReport } from "../../../core/eval-report.js";
import type { ReportDiff } from "../../../core/regression/diff.js";
import { duration, esc, usd } from "./escape.js";
import { costBasisOf, costText } from "../../../core/eval/money.js";
import { diffSection, ratesSection, scoresSection, usageSection, verdictsSection } from "./sections.js";
import { STYLES } from "./styles.js";
import { failingTrials } from "./trials.js";

/** Options of {@link renderReportHtml}. */
export interface HtmlReportOptions {
  /** Page title; default the report's name. */
  readonly title?: string;
  /** The baseline report each report is drawn beside (its bars, grey). */
  readonly baselineFor?: (report: EvalReport) => EvalReport | undefined;
  /** A regression diff to show (from diffReports). */
  readonly diff?: ReportDiff;
  /** A rate gate to draw on the charts (dashed red line). */
  readonly min?: number;
  /** The arm A/B verdicts compare against (default: an arm named baseline/vanilla/off/control, else the first). */
  readonly referenceArm?: string;
  readonly alpha?: number;
  readonly lowerIsBetter?: readonly string[];
}

/** Why the run stopped early, when the eval tier recorded it (budget, interrupt). */
function abortReasonOf(report: EvalReport): string {
  const reason = (report as { readonly abortReason?: unknown }).abortReason;
  return typeof reason === "string" ? ` (${esc(reason)})` : "";
}

/** The cost card: `$0 (mock)`, "cached", or the CLI's estimate, labelled as one. */
function totalCostCard(report: EvalReport): [string, string] {
  const basis = costBasisOf(report);
  const arms = Object.values(report.arms);
  const allCached = arms.length > 0 && arms.every((a) => a.trials > 0 && (a.cached ?? 0) === a.trials);
  const text = costText(report.totalCostUsd, basis, { allCached, format: usd });
  return [text, text.startsWith("est.") ? "total cost (CLI token estimate)" : "total cost"];
}

function reportBody(report: EvalReport, options: HtmlReportOptions): string {
  const arms = Object.values(report.arms);
  const trials = arms.reduce((s, a) => s + a.trials, 0);
  const ms = arms.reduce((s, a) => s + a.usage.durationMs, 0);
  const cards = [
    [String(Object.keys(report.arms).length), "arms"],
    [String(trials), "trials"],
    totalCostCard(report),
    [duration(trials ? ms / trials : 0), "mean trial time"],
  ];
  return (
    `<article class="report" data-report="${esc(report.name ?? "")}">` +
    (report.name ? `<h2 class="report-name">${esc(report.name)}</h2>` : "") +
    (report.aborted
      ? `<p class="err-text">The run was stopped early${abortReasonOf(report)}: some trials never ran.</p>`
      : "") +
    `<div class="cards">${cards.map(([v, k]) => `<div class="card"><b>${esc(v ?? "")}</b><span>${esc(k ?? "")}</span></div>`).join("")}</div>` +
    `<h2>Rates <span class="note">(bars: the rate; whiskers: 95% Wilson interval${options.min === undefined ? "" : `; dashed: min ${options.min}`})</span></h2>` +
    ratesSection(report, options.baselineFor?.(report), options.min) +
    scoresSection(report) +
    verdictsSection(report, options) +
    usageSection(report) +
    `<h2>Failing trials</h2>${failingTrials(report)}</article>`
  );
}

/**
 * One self-contained HTML page for eval reports (and a regression diff): inline CSS and SVG, no
 * script, no external request (a Content-Security-Policy forbids any).
 */
export function renderReportHtml(reports: readonly EvalReport[], options: HtmlReportOptions = {}): string {
  const title = options.title ?? reports.find((r) => r.name)?.name ?? "vigiles eval report";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>${STYLES}</style>
</head>
<body><main>
<h1>${esc(title)}</h1>
<p class="sub">vigiles eval report · ${reports.length} report${reports.length === 1 ? "" : "s"}${options.diff ? " · compared with a baseline" : ""}</p>
${options.diff ? diffSection(options.diff) : ""}
${reports.map((r) => reportBody(r, options)).join("\n")}
</main></body>
</html>
`;
}
