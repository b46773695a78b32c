/**
 * The running figures of one eval run: trials launched, finished, failed and replayed, money spent,
 * the pass rate of boolean metrics (overall and per arm), and the first few errors. The engine
 * updates them as trials settle; the progress display and the final report read them.
 */
import type { CostBasis } from "../../core/eval-report.js";
import type { ProgressFigures } from "../../core/eval/progress-line.js";
import type { MetricValues } from "../../core/eval/spec.js";

/** How many error messages an "every trial failed" error quotes. */
const QUOTED_ERRORS = 3;

interface BooleanTally {
  done: number;
  boolTrue: number;
  boolAll: number;
}

const passRate = (t: { boolTrue: number; boolAll: number }): number | undefined =>
  t.boolAll > 0 ? t.boolTrue / t.boolAll : undefined;

export class RunTally {
  /** Money spent by trials that ran (replays cost nothing). */
  spent = 0;
  done = 0;
  running = 0;
  errors = 0;
  cached = 0;
  /** The budget refused a launch. */
  budgetStopped = false;
  /** The first few errors, quoted when no trial could be scored. */
  readonly firstErrors: string[] = [];
  private readonly overall = { boolTrue: 0, boolAll: 0 };
  private readonly arms: Map<string, BooleanTally>;
  private readonly started = performance.now();

  constructor(
    armNames: readonly string[],
    private readonly total: number,
    private readonly costBasis: CostBasis,
  ) {
    this.arms = new Map(armNames.map((name) => [name, { done: 0, boolTrue: 0, boolAll: 0 }]));
  }

  launched(): void {
    this.running++;
  }

  /** A trial of `arm` settled, whatever its outcome. */
  settled(arm: string): void {
    this.running--;
    this.done++;
    this.armTally(arm).done++;
  }

  /** A trial failed to run or to be scored. */
  failed(message: string): void {
    this.errors++;
    if (this.firstErrors.length < QUOTED_ERRORS) this.firstErrors.push(message);
  }

  /** A trial of `arm` was scored: its boolean metrics count toward the pass rates. */
  scored(arm: string, metrics: MetricValues): void {
    const tally = this.armTally(arm);
    for (const v of Object.values(metrics)) {
      if (typeof v !== "boolean") continue;
      this.overall.boolAll++;
      tally.boolAll++;
      if (v) {
        this.overall.boolTrue++;
        tally.boolTrue++;
      }
    }
  }

  figures(): ProgressFigures {
    const elapsedMs = performance.now() - this.started;
    return {
      total: this.total,
      done: this.done,
      running: this.running,
      errors: this.errors,
      cached: this.cached,
      passRate: passRate(this.overall),
      arms: [...this.arms].map(([name, t]) => ({ name, done: t.done, passRate: passRate(t) })),
      costUsd: this.spent,
      costBasis: this.costBasis,
      elapsedMs,
      etaMs: this.done > 0 ? ((this.total - this.done) * elapsedMs) / this.done : undefined,
    };
  }

  private armTally(arm: string): BooleanTally {
    return this.arms.get(arm) as BooleanTally;
  }
}
