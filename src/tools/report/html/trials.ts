import type { CostBasis, EvalReport, TrialRow } from "../../../core/eval-report.js";
import { isSuccess } from "../../../core/stats/pass-k.js";
import { duration, esc, usd } from "./escape.js";
import { costBasisOf, costText } from "../../../core/eval/money.js";

/** The metrics a row failed (false, or a score <= 0), and whether the trial errored. */
export function failedMetrics(row: TrialRow): string[] {
  return Object.entries(row.metrics)
    .filter(([, v]) => !isSuccess(v))
    .map(([k]) => k);
}

function traceHtml(row: TrialRow): string {
  const t = row.trace;
  if (!t) return `<p class="note">No trace was kept for this trial (the eval stored metrics only).</p>`;
  const calls = t.toolCalls.length
    ? `<ol class="calls">${t.toolCalls
        .map(
          (c) =>
            `<li><code>${esc(c.name)}</code>${c.isError ? ` <span class="badge v-fail">error</span>` : ""}` +
            `<pre>${esc(JSON.stringify(c.input, null, 2))}</pre>` +
            (c.result === undefined ? "" : `<div class="note">result</div><pre>${esc(c.result)}</pre>`) +
            `</li>`,
        )
        .join("")}</ol>`
    : `<p class="note">No tool calls.</p>`;
  const hooks =
    t.hooks === undefined
      ? `<p class="note">Hook fires were not recorded.</p>`
      : t.hooks.length === 0
        ? `<p class="note">No hooks fired.</p>`
        : `<table><tr><th>hook</th><th>event</th><th>exit</th><th>blocked</th><th>said</th></tr>${t.hooks
            .map(
              (h) =>
                `<tr><td><code>${esc(h.name)}</code></td><td>${esc(h.event)}</td><td class="n">${h.exitCode ?? "–"}</td>` +
                `<td>${h.blocked ? `<span class="badge v-fail">blocked</span>` : "no"}</td><td><code>${esc(h.output)}</code></td></tr>`,
            )
            .join("")}</table>`;
  return (
    `<h4>Tool calls</h4>${calls}<h4>Hooks</h4>${hooks}` +
    `<h4>Output${t.turns === undefined ? "" : ` <span class="note">(${t.turns} turn${t.turns === 1 ? "" : "s"})</span>`}</h4>` +
    `<pre>${esc(t.output || "(empty)")}</pre>`
  );
}

/** One failing trial as a collapsed `<details>`: why it failed, then its trace one click away. */
export function trialDetails(row: TrialRow, basis: CostBasis = "estimate"): string {
  const cost = row.cached ? "cached" : costText(row.usage.costUsd, basis, { format: usd });
  const failed = failedMetrics(row);
  const why = failed.map(
    (m) => `<li><code>${esc(m)}</code>${row.messages?.[m] ? `: ${esc(row.messages[m] ?? "")}` : ""}</li>`,
  );
  return (
    `<details class="trial" data-arm="${esc(row.arm)}" data-trial="${row.trial}">` +
    `<summary><b>${esc(row.arm)}</b> · trial ${row.trial}${row.case === undefined ? "" : ` · ${esc(row.case)}`} · ` +
    `<span class="v-fail">${row.error !== undefined ? "error" : `failed ${failed.map(esc).join(", ")}`}</span>` +
    ` <span class="note">${esc(cost)}, ${duration(row.usage.durationMs)}</span></summary>` +
    `<div class="body">` +
    (row.error !== undefined ? `<p class="err-text">${esc(row.error)}</p>` : "") +
    (why.length ? `<ul>${why.join("")}</ul>` : "") +
    traceHtml(row) +
    `</div></details>`
  );
}

/** The failing trials section: rows with a failed metric or an error, at most `maxPerArm` per arm. */
export function failingTrials(report: EvalReport, maxPerArm = 50): string {
  if (!report.rows) {
    return `<p class="note">The report kept no per-trial rows, so failing trials cannot be listed.</p>`;
  }
  const armOrder = Object.keys(report.arms);
  const failing = report.rows
    .filter((r) => r.error !== undefined || failedMetrics(r).length > 0)
    .sort(
      (a, b) =>
        armOrder.indexOf(a.arm) - armOrder.indexOf(b.arm) ||
        (a.case ?? "").localeCompare(b.case ?? "") ||
        a.trial - b.trial,
    );
  if (failing.length === 0) return `<p>Every trial passed every check.</p>`;
  const shown: TrialRow[] = [];
  const perArm = new Map<string, number>();
  for (const row of failing) {
    const k = perArm.get(row.arm) ?? 0;
    perArm.set(row.arm, k + 1);
    if (k < maxPerArm) shown.push(row);
  }
  const hidden = failing.length - shown.length;
  return (
    `<p class="note">${failing.length} of ${report.rows.length} trials failed something; open one to see its trace.` +
    (hidden > 0 ? ` The first ${maxPerArm} per arm are shown (${hidden} more in the report's rows).` : "") +
    `</p>${shown.map((row) => trialDetails(row, costBasisOf(report))).join("")}`
  );
}
