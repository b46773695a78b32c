import { appendFileSync } from "node:fs";
import type { ArmReport, EvalReport } from "../../core/eval-report.js";
import { costBasisOf, costText } from "../../core/eval/money.js";
import type { ReportDiff } from "../../core/regression/diff.js";
import { rateInterval } from "../../core/stats/rate-gates.js";

const pct = (x: number) => `${(x * 100).toFixed(x === 0 || x === 1 ? 0 : 1)}%`;
const cell = (s: string) => s.replace(/\|/g, "\\|").replace(/\n/g, " ");
const n3 = (x: number) => String(Number(x.toPrecision(3)));
const ICON: Record<string, string> = {
  improved: "🟢 improved",
  regressed: "🔴 regressed",
  unchanged: "⚪ unchanged",
  new: "🆕 new",
  missing: "🟡 missing",
};

/** The Markdown a GitHub Actions job summary shows for eval reports (and a regression diff). */
export function reportToMarkdown(
  reports: EvalReport | readonly EvalReport[],
  options: { diff?: ReportDiff; min?: number } = {},
): string {
  const list: readonly EvalReport[] = Array.isArray(reports) ? reports : [reports as EvalReport];
  const out: string[] = [];
  for (const report of list) {
    out.push(`### vigiles eval${report.name ? `: ${cell(report.name)}` : ""}`, "");
    if (report.aborted) out.push("> [!WARNING]", "> The run was stopped early: some trials never ran.", "");
    out.push("| arm | metric | value | 95% CI | n |", "| --- | --- | ---: | --- | ---: |");
    for (const [arm, a] of Object.entries(report.arms)) {
      for (const [metric, m] of Object.entries(a.metrics)) {
        const below = options.min !== undefined && m.kind === "rate" && m.mean < options.min ? " ❌" : "";
        if (m.kind === "rate") {
          const [lo, hi] = rateInterval(m);
          out.push(
            `| ${cell(arm)} | \`${cell(metric)}\` | ${pct(m.mean)}${below} | ${pct(lo)}–${pct(hi)} | ${m.n} |`,
          );
        } else {
          out.push(`| ${cell(arm)} | \`${cell(metric)}\` | ${n3(m.mean)} ± ${n3(m.se)} | | ${m.n} |`);
        }
      }
    }
    const basis = costBasisOf(report);
    const allCached = (a: ArmReport) => a.trials > 0 && (a.cached ?? 0) === a.trials;
    const arms = Object.values(report.arms);
    const cost = Object.entries(report.arms)
      .map(
        ([arm, a]) =>
          `${cell(arm)} ${costText(a.usage.costUsd, basis, { allCached: allCached(a) })} (${a.trials} trials)`,
      )
      .join(", ");
    const total = costText(report.totalCostUsd, basis, {
      allCached: arms.length > 0 && arms.every(allCached),
    });
    const note = total.startsWith("est.") ? ", the CLI's token-based estimate" : "";
    out.push("", `Cost: ${total} total${note} — ${cost}.`, "");
  }
  if (options.diff) {
    const c = options.diff.counts;
    out.push(
      `### Against the baseline (alpha ${options.diff.alpha})`,
      "",
      `${c.regressed} regressed, ${c.improved} improved, ${c.unchanged} unchanged, ${c.new} new, ${c.missing} missing.`,
      "",
      "| arm | metric | baseline | now | delta | p | verdict |",
      "| --- | --- | ---: | ---: | ---: | ---: | --- |",
    );
    for (const e of options.diff.entries) {
      const show = (x: number | undefined) => (x === undefined ? "–" : n3(x));
      out.push(
        `| ${cell(e.report === undefined ? e.arm : `${e.report} / ${e.arm}`)} | \`${cell(e.metric)}\` | ${show(e.baseline?.mean)} | ` +
          `${show(e.current?.mean)} | ${e.delta === undefined ? "–" : `${e.delta > 0 ? "+" : ""}${n3(e.delta)}`} | ` +
          `${e.comparison ? n3(e.comparison.pValue) : "–"} | ${ICON[e.verdict] ?? e.verdict} |`,
      );
    }
    out.push("");
  }
  return out.join("\n") + "\n";
}

/**
 * Appends the report's Markdown to the GitHub Actions job summary when `GITHUB_STEP_SUMMARY` is set
 * (in `env`, default `process.env`). Returns the file written, or undefined outside Actions.
 */
export function writeJobSummary(
  reports: EvalReport | readonly EvalReport[],
  options: { diff?: ReportDiff; min?: number; env?: Readonly<Record<string, string | undefined>> } = {},
): string | undefined {
  const path = (options.env ?? process.env)["GITHUB_STEP_SUMMARY"];
  if (!path) return undefined;
  appendFileSync(path, reportToMarkdown(reports, options));
  return path;
}
