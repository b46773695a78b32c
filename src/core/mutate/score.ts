/** Mutation scores (per item and overall) and the human text of a report. */
import type { ItemScore, MutantResult, MutateReport } from "./types.js";

const pct = (killed: number, survived: number): number | null =>
  killed + survived === 0 ? null : Math.round((1000 * killed) / (killed + survived)) / 10;

/** One score per item, in the order the items first appear; equivalents and errors are not counted. */
export function scoreItems(results: readonly MutantResult[]): ItemScore[] {
  const byItem = new Map<string, ItemScore>();
  for (const r of results) {
    const s = byItem.get(r.item) ?? {
      item: r.item,
      kind: r.itemKind,
      killed: 0,
      survived: 0,
      equivalent: 0,
      errors: 0,
      score: null,
    };
    const next = {
      ...s,
      killed: s.killed + (r.status === "killed" ? 1 : 0),
      survived: s.survived + (r.status === "survived" ? 1 : 0),
      equivalent: s.equivalent + (r.status === "equivalent" ? 1 : 0),
      errors: s.errors + (r.status === "error" ? 1 : 0),
    };
    byItem.set(r.item, { ...next, score: pct(next.killed, next.survived) });
  }
  return [...byItem.values()];
}

/** killed / (killed + survived) over all mutants, 0-100 with one decimal, or null when none counted. */
export function overallScore(results: readonly MutantResult[]): number | null {
  const count = (s: MutantResult["status"]) => results.filter((r) => r.status === s).length;
  return pct(count("killed"), count("survived"));
}

const fmt = (score: number | null): string => (score === null ? "  n/a" : `${score.toFixed(1)}%`.padStart(6));

/** The report as text: scores per item, then every survivor, equivalent and error with its why. */
export function mutateReportText(report: MutateReport): string {
  const lines: string[] = [];
  const count = (s: MutantResult["status"]) => report.mutants.filter((m) => m.status === s).length;
  lines.push(
    `vigiles mutate: ${report.mutants.length} mutant(s) of ${report.items.length} item(s) in ${report.root}`,
    `  tests per mutant: ${report.selectionNote}`,
    `  baseline: ${report.baseline.tests.length} test(s) passed in ${(report.baseline.durationMs / 1000).toFixed(1)}s`,
    "",
    "Score per item (killed / killed+survived; equivalent and errors not counted):",
  );
  for (const i of report.items) {
    lines.push(
      `  ${fmt(i.score)}  ${i.kind.padEnd(7)} ${i.item}  (${i.killed} killed, ${i.survived} survived` +
        `${i.equivalent ? `, ${i.equivalent} equivalent` : ""}${i.errors ? `, ${i.errors} error(s)` : ""})`,
    );
  }
  const section = (status: MutantResult["status"], title: string, body: (m: MutantResult) => string[]) => {
    const ms = report.mutants.filter((m) => m.status === status);
    if (ms.length === 0) return;
    lines.push("", `${title} (${ms.length}):`);
    for (const m of ms) lines.push(`  ✗ ${m.description}`, ...body(m).map((l) => `      ${l}`));
  };
  section("survived", "Survived: the tests did not notice", (m) => [
    `tests run: ${m.tests.length ? m.tests.join(", ") : "none (no test exercised this item)"}`,
    `suggestion: ${m.suggestion ?? ""}`,
  ]);
  section("error", "Errors: the tests could not run (not counted as kills)", (m) => [m.reason ?? ""]);
  section("equivalent", "Equivalent: no test could notice (not counted)", (m) => [m.reason ?? ""]);
  lines.push(
    "",
    `${report.aborted ? "ABORTED: " : ""}mutation score ${report.score === null ? "n/a" : `${report.score.toFixed(1)}%`}: ` +
      `${count("killed")} killed, ${count("survived")} survived, ${count("equivalent")} equivalent, ` +
      `${count("error")} error(s) in ${(report.durationMs / 1000).toFixed(1)}s`,
  );
  return `${lines.join("\n")}\n`;
}
