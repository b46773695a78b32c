/** The text of the eval progress display: done and left, pass rate so far, cost so far, ETA. */

/** Progress of an eval run: what the engine reports to `onProgress` and the display prints. */
export interface ProgressFigures {
  readonly total: number;
  readonly done: number;
  readonly running: number;
  readonly errors: number;
  readonly cached: number;
  /** Fraction of true over every boolean metric so far; undefined before the first. */
  readonly passRate: number | undefined;
  /** Money spent by this run so far (replays cost nothing). */
  readonly costUsd: number;
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

export function progressLine(label: string, p: ProgressFigures): string {
  const parts = [
    `${label}: ${p.done}/${p.total} done, ${Math.max(0, p.total - p.done)} left`,
    p.running > 0 ? `${p.running} running` : undefined,
    p.passRate !== undefined ? `pass ${(p.passRate * 100).toFixed(1)}%` : undefined,
    `$${p.costUsd.toFixed(4)}`,
    p.cached > 0 ? `${p.cached} cached` : undefined,
    p.errors > 0 ? `${p.errors} failed calls` : undefined,
    p.etaMs !== undefined && p.done < p.total
      ? `ETA ${duration(p.etaMs)}`
      : `elapsed ${duration(p.elapsedMs)}`,
  ];
  return parts.filter((x) => x !== undefined).join(" · ");
}
