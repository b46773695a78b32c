/** The text of the eval progress display: done and left, pass rate so far (each arm's too), cost so far, ETA. */
import type { CostBasis } from "../eval-report.js";
import { costText } from "./money.js";

/** One arm's progress: trials finished and the pass rate of its boolean metrics so far. */
export interface ArmProgress {
  readonly name: string;
  readonly done: number;
  /** Fraction of true over the arm's boolean metrics so far; undefined before the first. */
  readonly passRate: number | undefined;
}

/** Progress of an eval run: what the engine reports to `onProgress` and the display prints. */
export interface ProgressFigures {
  readonly total: number;
  readonly done: number;
  readonly running: number;
  readonly errors: number;
  readonly cached: number;
  /** Fraction of true over every boolean metric so far; undefined before the first. */
  readonly passRate: number | undefined;
  /** Each arm, in the eval's order. */
  readonly arms: readonly ArmProgress[];
  /** Money spent by this run so far (replays cost nothing): the CLI's estimate, or a mock's. */
  readonly costUsd: number;
  readonly costBasis: CostBasis;
  readonly elapsedMs: number;
  /** Estimated time to finish from the pace so far; undefined before the first trial. */
  readonly etaMs: number | undefined;
}

function duration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  return m < 60
    ? `${m}m${String(s % 60).padStart(2, "0")}s`
    : `${Math.floor(m / 60)}h${String(m % 60).padStart(2, "0")}m`;
}

const percent = (rate: number): string => `${(rate * 100).toFixed(1)}%`;

/** `off 40.0%, on 90.0%`: each arm's rate so far, once two or more arms have one. */
function armRates(arms: readonly ArmProgress[]): string | undefined {
  const rated = arms.filter((a) => a.passRate !== undefined);
  if (arms.length < 2 || rated.length === 0) return undefined;
  return arms.map((a) => `${a.name} ${a.passRate === undefined ? "–" : percent(a.passRate)}`).join(", ");
}

export function progressLine(label: string, p: ProgressFigures): string {
  const rates = armRates(p.arms);
  const parts = [
    `${label}: ${p.done}/${p.total} done, ${Math.max(0, p.total - p.done)} left`,
    p.running > 0 ? `${p.running} running` : undefined,
    p.passRate !== undefined ? `pass ${percent(p.passRate)}${rates ? ` (${rates})` : ""}` : undefined,
    // Every trial so far replayed: no model was called, so no dollar figure.
    p.done > 0 && p.cached === p.done && p.costBasis === "estimate"
      ? undefined
      : costText(p.costUsd, p.costBasis),
    p.cached > 0 ? `${p.cached} cached` : undefined,
    p.errors > 0 ? `${p.errors} failed calls` : undefined,
    p.etaMs !== undefined && p.done < p.total
      ? `ETA ${duration(p.etaMs)}`
      : `elapsed ${duration(p.elapsedMs)}`,
  ];
  return parts.filter((x) => x !== undefined).join(" · ");
}
