/**
 * The selection-collision matrix: rows are the skill whose prompt was sent, columns the skill the
 * selector resolved (plus "(none)" and "(other)"). The diagonal is recall; the rest of a row is how
 * often a sibling took the prompt.
 */
import { wilsonInterval } from "../stats/wilson.js";
import { NO_SKILL, OTHER_SKILL } from "./selection.js";

/**
 * The 95% Wilson interval of k out of n, with the ends exact where they are known: the formula's
 * floating point gives 0.9999999999999999 for k = n, which would put a true rate of 1 outside it.
 */
export function rateInterval(k: number, n: number): [number, number] {
  const [lo, hi] = wilsonInterval(k, n);
  return [k === 0 ? 0 : lo, k === n ? 1 : hi];
}

/** One row of the matrix: the runs of one skill's prompts. */
export interface SelectionMatrixRow {
  /** The skill whose prompts these runs sent (`plugin:name`). */
  readonly skill: string;
  /** Runs that produced a trace (failed calls are not runs). */
  readonly n: number;
  /** How many runs resolved each column: every skill, `(none)` and `(other)`. */
  readonly counts: Readonly<Record<string, number>>;
  /** Fraction of runs that resolved this skill (the diagonal). */
  readonly recall: number;
  /** 95% Wilson interval of `recall`. */
  readonly recallInterval: readonly [number, number];
  /** Fraction of runs that resolved a sibling skill of the measured set (the off-diagonal mass). */
  readonly collision: number;
  /** 95% Wilson interval of `collision`. */
  readonly collisionInterval: readonly [number, number];
  /** Fraction of runs that resolved no skill at all. */
  readonly none: number;
  /** Fraction of runs that resolved a skill outside the measured set. */
  readonly other: number;
}

/** The matrix's numbers, computed from counts alone. */
export interface SelectionMatrixSummary {
  /** The measured skills, in row and column order. */
  readonly skills: readonly string[];
  /** Column labels: the skills, then `(none)` and `(other)`. */
  readonly columns: readonly string[];
  readonly rows: readonly SelectionMatrixRow[];
  /** Runs across every row. */
  readonly n: number;
  /** Off-diagonal runs over all runs: how much of the plugin's traffic went to the wrong sibling. */
  readonly pluginCollision: number;
  readonly pluginCollisionInterval: readonly [number, number];
  /** Mean of the rows' recall (rows with runs only). */
  readonly meanRecall: number;
}

/** One observed run: the row skill, and the column it resolved. */
export interface SelectionObservation {
  readonly skill: string;
  /** A skill id, `(none)` or `(other)`. */
  readonly selected: string;
}

/** Builds the matrix from observations. Observations for a row not in `skills` are ignored. */
export function summariseSelectionMatrix(
  skills: readonly string[],
  observations: Iterable<SelectionObservation>,
): SelectionMatrixSummary {
  const columns = [...skills, NO_SKILL, OTHER_SKILL];
  const table = new Map<string, Map<string, number>>(
    skills.map((s) => [s, new Map(columns.map((c) => [c, 0]))]),
  );
  for (const { skill, selected } of observations) {
    const row = table.get(skill);
    if (!row) continue;
    const column = row.has(selected) ? selected : OTHER_SKILL;
    row.set(column, (row.get(column) ?? 0) + 1);
  }
  let total = 0;
  let offTotal = 0;
  const rows = skills.map((skill): SelectionMatrixRow => {
    const row = table.get(skill) as Map<string, number>;
    const n = [...row.values()].reduce((a, b) => a + b, 0);
    const hit = row.get(skill) ?? 0;
    const off = skills.reduce((sum, s) => (s === skill ? sum : sum + (row.get(s) ?? 0)), 0);
    total += n;
    offTotal += off;
    const frac = (k: number): number => (n === 0 ? 0 : k / n);
    return {
      skill,
      n,
      counts: Object.fromEntries(row),
      recall: frac(hit),
      recallInterval: rateInterval(hit, n),
      collision: frac(off),
      collisionInterval: rateInterval(off, n),
      none: frac(row.get(NO_SKILL) ?? 0),
      other: frac(row.get(OTHER_SKILL) ?? 0),
    };
  });
  const measured = rows.filter((r) => r.n > 0);
  return {
    skills: [...skills],
    columns,
    rows,
    n: total,
    pluginCollision: total === 0 ? 0 : offTotal / total,
    pluginCollisionInterval: rateInterval(offTotal, total),
    meanRecall: measured.length === 0 ? 0 : measured.reduce((a, r) => a + r.recall, 0) / measured.length,
  };
}
