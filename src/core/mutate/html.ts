/** The mutation report as one self-contained HTML page (no scripts, no external assets). */
import type { MutantResult, MutateReport } from "./types.js";

const esc = (s: string): string =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );
const score = (s: number | null) => (s === null ? "n/a" : `${s.toFixed(1)}%`);

function mutantRows(mutants: readonly MutantResult[], detail: (m: MutantResult) => string): string {
  return mutants
    .map(
      (m) =>
        `<tr><td>${esc(m.harnessName)}</td><td>${esc(m.description)}<br><code>${esc(m.id)}</code></td><td>${detail(m)}</td></tr>`,
    )
    .join("\n");
}

/** Renders the report: the score per item, then survivors (with tests run and suggestion), errors, mutants not exercised and not applicable. */
export function mutateReportHtml(report: MutateReport): string {
  const by = (s: MutantResult["status"]) => report.mutants.filter((m) => m.status === s);
  const items = report.items
    .map(
      (i) =>
        `<tr><td>${esc(i.kind)}</td><td>${esc(i.item)}</td><td>${esc(i.harnessName)}</td><td class="n">${score(i.score)}</td>` +
        `<td class="n">${i.killed}</td><td class="n">${i.survived}</td><td class="n">${i.notExercised}</td><td class="n">${i.notApplicable}</td><td class="n">${i.errors}</td></tr>`,
    )
    .join("\n");
  const section = (title: string, rows: string) =>
    rows === ""
      ? ""
      : `<h2>${esc(title)}</h2>\n<table><tr><th>harness</th><th>mutant</th><th>details</th></tr>\n${rows}\n</table>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>vigiles mutate: ${score(report.score)}</title>
<style>body{font:14px system-ui,sans-serif;margin:2em}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:4px 8px;text-align:left;vertical-align:top}.n{text-align:right}</style>
</head><body>
<h1>Mutation score ${score(report.score)}${report.aborted ? " (aborted)" : ""}</h1>
<p>${esc(report.root)}: ${report.mutants.length} mutants, ${by("killed").length} killed, ${by("survived").length} survived, ${by("not-exercised").length} not exercised, ${by("not-applicable").length} not applicable, ${by("error").length} errors. Tests per mutant: ${esc(report.selectionNote)}.</p>
<table><tr><th>kind</th><th>item</th><th>harness</th><th>score</th><th>killed</th><th>survived</th><th>not exercised</th><th>not applicable</th><th>errors</th></tr>
${items}
</table>
<table><tr><th>harness</th><th>score</th><th>killed</th><th>survived</th><th>not exercised</th><th>not applicable</th><th>errors</th></tr>
${report.harnesses
  .map(
    (h) =>
      `<tr><td>${esc(h.harnessName)}</td><td class="n">${score(h.score)}</td><td class="n">${h.killed}</td><td class="n">${h.survived}</td><td class="n">${h.notExercised}</td><td class="n">${h.notApplicable}</td><td class="n">${h.errors}</td></tr>`,
  )
  .join("\n")}
</table>
${section(
  "Survived: the tests did not notice",
  mutantRows(
    by("survived"),
    (m) =>
      `tests run: ${esc(m.tests.join(", ") || "none")} (${esc(m.testsWhy)})<br>${m.reason !== undefined ? `note: ${esc(m.reason)}<br>` : ""}suggestion: ${esc(m.suggestion ?? "")}`,
  ),
)}
${section(
  "Errors: the tests could not run",
  mutantRows(by("error"), (m) => esc(m.reason ?? "")),
)}
${section(
  "Not exercised: no test reaches it this way (not counted)",
  mutantRows(by("not-exercised"), (m) => `${esc(m.reason ?? "")}<br>to reach it: ${esc(m.suggestion ?? "")}`),
)}
${section(
  "Not applicable: the mutant cannot change it (not counted)",
  mutantRows(by("not-applicable"), (m) => esc(m.reason ?? "")),
)}
</body></html>
`;
}
