/**
 * The selection-collision report and `assertNoCollision`, the free gate over it. Written by
 * `measureSelectionMatrix` (vigiles/claude-code).
 */
import { AssertionFailedError, InvalidOptionError, VacuousAssertionError } from "../errors.js";
import type { ArmUsage } from "../eval-report.js";
import type { SelectionMatrixSummary } from "./matrix.js";

/** One run of the matrix: one skill's prompt, one trial. */
export interface SelectionRun {
  /** The skill whose prompt was sent. */
  readonly skill: string;
  readonly prompt: string;
  readonly trial: number;
  /** The column it landed in: a skill id, `(none)` or `(other)`. Undefined when the run failed. */
  readonly selected?: string;
  readonly error?: string;
  /** Replayed from the cache (`cache: "readwrite"` or `"read"`): no model was called. */
  readonly cached?: true;
}

/** What `measureSelectionMatrix` returns. */
export interface SelectionMatrixReport extends SelectionMatrixSummary {
  readonly version: 1;
  /**
   * False when the harness cannot report which skill the selector chose (only Claude Code can):
   * nothing ran, and `assertNoCollision` throws rather than pass.
   */
  readonly available: boolean;
  /** Why the matrix is unavailable. */
  readonly reason?: string;
  /** The plugin measured (its manifest name). */
  readonly plugin: string;
  /** The harness the driver ran. */
  readonly harness: string;
  readonly model: string;
  readonly effort?: string | number;
  readonly trials: number;
  /** The prompts each skill sent, and whether they were derived from its description. */
  readonly prompts: Readonly<
    Record<string, { readonly prompts: readonly string[]; readonly derived: boolean }>
  >;
  readonly runs: readonly SelectionRun[];
  /** Runs that failed to execute (in no cell of the matrix). */
  readonly errors: number;
  /** Usage of every executed run, replayed runs included (what the measurement cost when measured). */
  readonly usage: ArmUsage;
  /** What this call spent: runs replayed from the cache cost nothing. */
  readonly totalCostUsd: number;
  /** Runs replayed from the cache (absent when none was). */
  readonly cached?: number;
}

/** Ceilings for {@link assertNoCollision}; none given means zero collision. */
export interface CollisionBounds {
  /** The most any one skill's prompts may resolve to a sibling (a rate per row). */
  readonly maxOffDiagonal?: number;
  /** The most the whole plugin's runs may resolve to a wrong sibling (off-diagonal runs over all runs). */
  readonly maxPluginCollision?: number;
}

const pct = (x: number): string => x.toFixed(2);

/**
 * Throws when a sibling takes more of a skill's prompts than the bounds allow. With no bounds,
 * any collision at all fails. Throws on an unavailable harness, on a report with zero runs, and on
 * a skill whose row has no executed run: a matrix that tested nothing never passes.
 *
 * @example
 * assertNoCollision(report, { maxOffDiagonal: 0.2 });
 */
export function assertNoCollision(report: SelectionMatrixReport, bounds: CollisionBounds = {}): void {
  for (const [name, v] of Object.entries(bounds)) {
    if (v !== undefined && !(typeof v === "number" && v >= 0 && v <= 1)) {
      throw new InvalidOptionError(`${name} must be a rate in [0, 1], got ${String(v)}.`);
    }
  }
  if (!report.available) {
    throw new VacuousAssertionError(
      `The selection matrix is unavailable on ${report.harness}${report.reason ? ` (${report.reason})` : ""}: ` +
        "nothing was measured, so no collision check can pass. Measure it on Claude Code.",
    );
  }
  if (report.n === 0) {
    throw new VacuousAssertionError(
      `The selection matrix of ${report.plugin} holds no executed run (${report.errors} failed to execute): nothing was tested.`,
    );
  }
  const empty = report.rows.filter((row) => row.n === 0).map((row) => row.skill);
  if (empty.length > 0) {
    throw new VacuousAssertionError(
      `The selection matrix of ${report.plugin} has no executed run for ${empty.join(", ")} ` +
        `(${report.errors} run(s) failed to execute): a skill that was never measured cannot pass a collision check.`,
    );
  }
  const strict = bounds.maxOffDiagonal === undefined && bounds.maxPluginCollision === undefined;
  const rowCap = strict ? 0 : bounds.maxOffDiagonal;
  const failures: string[] = [];
  if (rowCap !== undefined) {
    for (const row of report.rows) {
      if (row.n === 0 || row.collision <= rowCap) continue;
      const thieves = report.skills
        .filter((s) => s !== row.skill && (row.counts[s] ?? 0) > 0)
        .map((s) => `${s} took ${row.counts[s]}`)
        .join(", ");
      failures.push(
        `${row.skill}: ${pct(row.collision)} of its ${row.n} runs resolved a sibling (${thieves}; ` +
          `95% CI ${pct(row.collisionInterval[0])}-${pct(row.collisionInterval[1])}), above ${rowCap}`,
      );
    }
  }
  if (bounds.maxPluginCollision !== undefined && report.pluginCollision > bounds.maxPluginCollision) {
    failures.push(
      `plugin-wide collision ${pct(report.pluginCollision)} over ${report.n} runs ` +
        `(95% CI ${pct(report.pluginCollisionInterval[0])}-${pct(report.pluginCollisionInterval[1])}) is above maxPluginCollision ${bounds.maxPluginCollision}`,
    );
  }
  if (failures.length > 0) {
    throw new AssertionFailedError(`Skills of ${report.plugin} collide: ${failures.join("; ")}.`);
  }
}
