/**
 * Merging the shard reports of one trigger-rate eval (`vigiles eval --shard i/n`) into the report of
 * the whole prompts x trials grid. A trigger-rate run cannot stop part-way (it has no budget), so a
 * merge is all or nothing: shards of other inputs, a repeated or missing shard, a run in two shards
 * or in none are refused by name, never merged into a rate over part of the grid.
 */
import { inShard } from "../eval/shard.js";
import { ReportMergeError } from "../eval/merge.js";
import { canonicalJson } from "../eval/canonical-hash.js";
import type { TriggerRateReport, TriggerTrialRow } from "./trigger-report.js";
import { caseKey, summariseTriggerRate, type TriggerCase } from "./trigger-summary.js";

const TRIGGER_REPORT_VERSION = 1;

/** Whether a parsed report is a trigger-rate report (a `measureTriggerRate` eval's), not an engine one. */
export function isTriggerRateReport(value: unknown): value is TriggerRateReport {
  if (!value || typeof value !== "object") return false;
  const r = value as Partial<Record<keyof TriggerRateReport, unknown>> & { arms?: unknown };
  return (
    r.arms === undefined &&
    Array.isArray(r.installedSkills) &&
    Array.isArray(r.prompts) &&
    Array.isArray(r.rows) &&
    typeof r.n === "number"
  );
}

/** The grid a report ran over: its prompts in grid order. */
export function triggerCases(report: TriggerRateReport): TriggerCase[] {
  return report.prompts.map(({ set, prompt }) => ({ set, prompt }));
}

const rowId = (r: Pick<TriggerTrialRow, "set" | "prompt" | "trial">): string =>
  `${r.set} prompt ${JSON.stringify(r.prompt)} trial ${r.trial}`;

/**
 * The runs of the grid (`cases` x `trials`) that `rows` lack, and the rows outside the grid, as
 * readable ids (empty and empty: the rows are the whole grid, each run once).
 */
export function triggerGridGaps(
  cases: readonly TriggerCase[],
  trials: number,
  rows: readonly TriggerTrialRow[],
): { readonly missing: readonly string[]; readonly extra: readonly string[] } {
  const have = new Set(rows.map((r) => `${caseKey(r)}\u0000${r.trial}`));
  const known = new Set(cases.map(caseKey));
  const missing: string[] = [];
  for (const c of cases) {
    for (let trial = 0; trial < trials; trial++) {
      if (!have.has(`${caseKey(c)}\u0000${trial}`)) missing.push(rowId({ ...c, trial }));
    }
  }
  const extra = rows
    .filter((r) => !known.has(caseKey(r)) || !Number.isInteger(r.trial) || r.trial < 0 || r.trial >= trials)
    .map(rowId);
  return { missing, extra };
}

/** What must be equal across the shards of one run (besides the inputs hash). */
function runIdentity(r: TriggerRateReport): string {
  return canonicalJson({
    name: r.name ?? null,
    skill: r.skill ?? null,
    installedSkills: r.installedSkills,
    model: r.model,
    effort: r.effort ?? null,
    trials: r.trials,
    stubSkillBodies: r.stubSkillBodies,
    cases: triggerCases(r),
    diversity: r.diversity,
  });
}

const list = (items: readonly string[]): string =>
  items.slice(0, 3).join("; ") + (items.length > 3 ? `; and ${items.length - 3} more` : "");

/**
 * Merges the shard reports of one trigger-rate run (`sources` name them in errors) into the report
 * of the whole grid, as the unsharded run would have given it. Throws ReportMergeError when the
 * reports are not every shard of one run, each run of the grid exactly once.
 */
export function mergeTriggerRateReports(
  reports: readonly TriggerRateReport[],
  sources: readonly string[] = [],
): TriggerRateReport {
  if (reports.length === 0) throw new ReportMergeError("merge-reports needs at least one report.");
  const name = (i: number): string => sources[i] ?? `report #${i + 1}`;
  reports.forEach((r, i) => {
    if (typeof r.version !== "number" || r.version > TRIGGER_REPORT_VERSION) {
      throw new ReportMergeError(
        `${name(i)} has trigger-rate report version ${String(r.version)}; this vigiles reads version ${TRIGGER_REPORT_VERSION} and older. Upgrade vigiles.`,
      );
    }
    if (r.shard === undefined) {
      throw new ReportMergeError(
        `${name(i)} is not a shard (it has no "shard"): it already covers the whole grid, so there is nothing to merge it with.`,
      );
    }
  });
  const first = reports[0] as TriggerRateReport;
  const identity = runIdentity(first);
  reports.forEach((r, i) => {
    if (r.inputsHash !== first.inputsHash) {
      throw new ReportMergeError(
        `${name(i)} comes from other inputs (${String(r.inputsHash).slice(0, 12)}) than ${name(0)} (${String(first.inputsHash).slice(0, 12)}); merge shards of one run only.`,
      );
    }
    if (runIdentity(r) !== identity) {
      throw new ReportMergeError(
        `${name(i)} ran another grid than ${name(0)} (skill, installed skills, model, effort, trials, stubbed bodies or prompts differ); merge shards of one run only.`,
      );
    }
  });
  const total = (first.shard as { total: number }).total;
  const byIndex = new Map<number, number>();
  reports.forEach((r, i) => {
    const shard = r.shard as { index: number; total: number };
    if (shard.total !== total) {
      throw new ReportMergeError(
        `the reports disagree on the shard count: ${name(0)} is one of ${total}, ${name(i)} one of ${shard.total}.`,
      );
    }
    const seen = byIndex.get(shard.index);
    if (seen !== undefined) {
      throw new ReportMergeError(
        `${name(i)} repeats shard ${shard.index}/${total} (already in ${name(seen)}): its runs would count twice.`,
      );
    }
    byIndex.set(shard.index, i);
  });
  const missingShards = Array.from({ length: total }, (_, k) => k + 1).filter((k) => !byIndex.has(k));
  if (missingShards.length > 0) {
    throw new ReportMergeError(
      `shard${missingShards.length > 1 ? "s" : ""} ${missingShards.map((k) => `${k}/${total}`).join(", ")} ` +
        `${missingShards.length > 1 ? "are" : "is"} missing: a trigger rate over part of the grid is not the rate. ` +
        "Merge every shard's report.",
    );
  }

  const cases = triggerCases(first);
  const place = new Map(cases.map((c, i) => [caseKey(c), i]));
  const owner = new Map<string, number>();
  reports.forEach((r, i) => {
    const shard = r.shard as { index: number; total: number };
    for (const row of r.rows) {
      const id = `${caseKey(row)}\u0000${row.trial}`;
      const already = owner.get(id);
      if (already !== undefined) {
        throw new ReportMergeError(
          `${name(i)} and ${name(already)} both ran ${rowId(row)}: the shards' slices overlap.`,
        );
      }
      owner.set(id, i);
      const p = place.get(caseKey(row));
      if (p !== undefined && !inShard(row.trial, p, shard)) {
        throw new ReportMergeError(
          `${name(i)} (shard ${shard.index}/${total}) ran ${rowId(row)}, which belongs to another shard: it was not cut the way this vigiles cuts a grid.`,
        );
      }
    }
  });
  const rows = reports.flatMap((r) => r.rows);
  const gaps = triggerGridGaps(cases, first.trials, rows);
  if (gaps.extra.length > 0) {
    throw new ReportMergeError(`the shards hold runs outside their grid: ${list(gaps.extra)}.`);
  }
  if (gaps.missing.length > 0) {
    throw new ReportMergeError(
      `no shard ran ${gaps.missing.length} run${gaps.missing.length > 1 ? "s" : ""} of the grid (${list(gaps.missing)}): the shards' slices leave a gap.`,
    );
  }
  const { shard: _shard, ...header } = first;
  return summariseTriggerRate(header, cases, rows);
}
