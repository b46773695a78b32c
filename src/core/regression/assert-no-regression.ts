import { AssertionFailedError, VacuousAssertionError } from "../errors.js";
import type { EvalReport } from "../eval-report.js";
import { fmt } from "../stats/lookup.js";
import type { Baseline } from "./baseline.js";
import { diffReports, type DiffEntry, type DiffOptions, type ReportDiff } from "./diff.js";

/** One line describing a diff entry, for messages and summaries. */
export function describeDiffEntry(e: DiffEntry): string {
  const where = `${e.report === undefined ? "" : `${e.report} / `}arm "${e.arm}", "${e.metric}"`;
  switch (e.verdict) {
    case "new":
      return `${where}: new (${fmt(e.current?.mean ?? 0)}, n=${e.current?.n ?? 0}), not in the baseline`;
    case "missing":
      return `${where}: missing from this run (baseline ${fmt(e.baseline?.mean ?? 0)}, n=${e.baseline?.n ?? 0})`;
    case "improved":
    case "regressed":
    case "unchanged": {
      const d = e.delta ?? 0;
      const c = e.comparison;
      return (
        `${where}: ${e.verdict}, ${fmt(e.baseline?.mean ?? 0)} (n=${e.baseline?.n ?? 0}) → ${fmt(e.current?.mean ?? 0)} ` +
        `(n=${e.current?.n ?? 0}), delta ${d > 0 ? "+" : ""}${fmt(d)}` +
        (c ? `, p=${fmt(c.pValue)}${c.degenerate ? ` (${c.degenerate})` : ""}` : "") +
        (e.lowerIsBetter ? " [lower is better]" : "")
      );
    }
  }
}

/**
 * Throws when `report` regressed significantly against `baseline` on any arm × metric the baseline
 * has (two-sided Welch at alpha, default 0.05; higher is better unless listed in `lowerIsBetter`).
 * Arms and metrics absent from the baseline are skipped. A run that shares nothing with the
 * baseline compared nothing, and throws {@link VacuousAssertionError}; so does an arm compared with
 * zero trials on either side.
 */
export function assertNoRegression(
  report: EvalReport | readonly EvalReport[],
  baseline: Baseline | EvalReport | readonly EvalReport[],
  options: DiffOptions = {},
): ReportDiff {
  const diff = diffReports(baseline, report, options);
  const compared = diff.counts.improved + diff.counts.regressed + diff.counts.unchanged;
  if (compared === 0) {
    throw new VacuousAssertionError(
      "assertNoRegression: no arm × metric of this run is in the baseline, so nothing was compared. " +
        "Re-record the baseline (writeBaseline) if the arms or metrics were renamed.",
    );
  }
  const empty = diff.entries.filter(
    (e) =>
      (e.verdict === "improved" || e.verdict === "regressed" || e.verdict === "unchanged") &&
      ((e.current?.n ?? 0) === 0 || (e.baseline?.n ?? 0) === 0),
  );
  if (empty.length > 0) {
    throw new VacuousAssertionError(
      `assertNoRegression: ${empty.length} compared arm × metric(s) have zero trials on one side, so they ` +
        `compared nothing: ${empty.map(describeDiffEntry).join("; ")}. Run the trials, or re-record the baseline.`,
    );
  }
  const regressed = diff.entries.filter((e) => e.verdict === "regressed");
  if (regressed.length > 0) {
    throw new AssertionFailedError(
      `expected no significant regression against the baseline (alpha ${diff.alpha}), but ${regressed.length} of ${compared} compared metric(s) regressed:\n` +
        regressed.map((e) => `- ${describeDiffEntry(e)}`).join("\n"),
    );
  }
  return diff;
}
