/** Mutation scores (per item, per harness and overall) and the human text of a report. */
import type { HarnessScore, ItemScore, MutantCounts, MutantResult, MutateReport } from "./types.js";

const pct = (killed: number, survived: number): number | null =>
  killed + survived === 0 ? null : Math.round((1000 * killed) / (killed + survived)) / 10;

/** One score per item, in the order the items first appear; not applicable, not exercised and errors are not counted. */
export function scoreItems(results: readonly MutantResult[]): ItemScore[] {
  const byItem = new Map<string, ItemScore>();
  for (const r of results) {
    const s = byItem.get(r.item) ?? {
      item: r.item,
      kind: r.itemKind,
      harness: r.harness,
      harnessName: r.harnessName,
      killed: 0,
      survived: 0,
      notApplicable: 0,
      notExercised: 0,
      errors: 0,
      score: null,
    };
    const next = {
      ...s,
      killed: s.killed + (r.status === "killed" ? 1 : 0),
      survived: s.survived + (r.status === "survived" ? 1 : 0),
      notApplicable: s.notApplicable + (r.status === "not-applicable" ? 1 : 0),
      notExercised: s.notExercised + (r.status === "not-exercised" ? 1 : 0),
      errors: s.errors + (r.status === "error" ? 1 : 0),
    };
    byItem.set(r.item, { ...next, score: pct(next.killed, next.survived) });
  }
  return [...byItem.values()];
}

/**
 * One score per harness whose readings were mutated, in the order they first appear: a hook file
 * two harnesses read counts under each harness for its own reading only.
 */
export function scoreHarnesses(results: readonly MutantResult[]): HarnessScore[] {
  const byHarness = new Map<string, MutantResult[]>();
  for (const r of results) byHarness.set(r.harness, [...(byHarness.get(r.harness) ?? []), r]);
  return [...byHarness.values()].map((rs) => {
    const count = (s: MutantResult["status"]) => rs.filter((r) => r.status === s).length;
    const first = rs[0] as MutantResult;
    return {
      harness: first.harness,
      harnessName: first.harnessName,
      killed: count("killed"),
      survived: count("survived"),
      notApplicable: count("not-applicable"),
      notExercised: count("not-exercised"),
      errors: count("error"),
      score: pct(count("killed"), count("survived")),
    };
  });
}

/** killed / (killed + survived) over all mutants, 0-100 with one decimal, or null when none counted. */
export function overallScore(results: readonly MutantResult[]): number | null {
  const count = (s: MutantResult["status"]) => results.filter((r) => r.status === s).length;
  return pct(count("killed"), count("survived"));
}

const fmt = (score: number | null): string => (score === null ? "  n/a" : `${score.toFixed(1)}%`.padStart(6));

/** The report as text: scores per item, then every survivor, error, mutant not exercised and not applicable, with its why. */
export function mutateReportText(report: MutateReport): string {
  const lines: string[] = [];
  const count = (s: MutantResult["status"]) => report.mutants.filter((m) => m.status === s).length;
  lines.push(
    `vigiles mutate: ${report.mutants.length} mutant(s) of ${report.items.length} item(s) in ${report.root}`,
    `  tests per mutant: ${report.selectionNote}`,
    `  baseline: ${report.baseline.tests.length} test(s) passed in ${(report.baseline.durationMs / 1000).toFixed(1)}s`,
    "",
    "Score per item (killed / killed+survived; not exercised, not applicable and errors not counted):",
  );
  const counts = (i: MutantCounts) =>
    `(${i.killed} killed, ${i.survived} survived` +
    `${i.notExercised ? `, ${i.notExercised} not exercised` : ""}` +
    `${i.notApplicable ? `, ${i.notApplicable} not applicable` : ""}${i.errors ? `, ${i.errors} error(s)` : ""})`;
  for (const i of report.items)
    lines.push(`  ${fmt(i.score)}  ${i.kind.padEnd(7)} ${i.item} [${i.harnessName}]  ${counts(i)}`);
  lines.push("", "Score per harness (each harness's reading of the items it loads):");
  for (const h of report.harnesses) lines.push(`  ${fmt(h.score)}  ${h.harnessName}  ${counts(h)}`);
  const section = (status: MutantResult["status"], title: string, body: (m: MutantResult) => string[]) => {
    const ms = report.mutants.filter((m) => m.status === status);
    if (ms.length === 0) return;
    lines.push("", `${title} (${ms.length}):`);
    for (const m of ms)
      lines.push(
        `  ✗ [${m.harnessName}] ${m.description}`,
        `      id: ${m.id}`,
        ...body(m).map((l) => `      ${l}`),
      );
  };
  section("survived", "Survived: the tests ran it and did not notice", (m) => [
    `tests run: ${m.tests.join(", ")} (${m.testsWhy})`,
    ...(m.reason !== undefined ? [`note: ${m.reason}`] : []),
    `suggestion: ${m.suggestion ?? ""}`,
  ]);
  section("error", "Errors: the tests could not run (not counted as kills)", (m) => [m.reason ?? ""]);
  section("not-exercised", "Not exercised: no test reaches it this way (not counted)", (m) => [
    m.reason ?? "",
    `to reach it: ${m.suggestion ?? ""}`,
  ]);
  section("not-applicable", "Not applicable: the mutant cannot change it (not counted)", (m) => [
    m.reason ?? "",
  ]);
  lines.push(
    "",
    `${report.aborted ? "ABORTED: " : ""}mutation score ${report.score === null ? "n/a" : `${report.score.toFixed(1)}%`}: ` +
      `${count("killed")} killed, ${count("survived")} survived, ${count("not-exercised")} not exercised, ` +
      `${count("not-applicable")} not applicable, ` +
      `${count("error")} error(s) in ${(report.durationMs / 1000).toFixed(1)}s`,
  );
  return `${lines.join("\n")}\n`;
}
