/**
 * Mutants run while the baseline still runs. A suite of one test file (or one `--command`) leaves
 * every slot but one idle during its baseline, and every mutant that will run at all runs exactly
 * that one test: so the idle slots start the likeliest mutants on it early. Once the baseline is in,
 * each such run is kept only when the plan picks that same test (run-mutant.ts checks); otherwise
 * (the item is not exercised, the run timed out) it is dropped and the mutant settles as without
 * it; a run still going once the baseline has set the per-run limit is stopped at that limit and
 * run again under it. Speculation never changes a result, only when its run happens.
 */
import { relative } from "node:path";
import type { Mutant } from "../../core/mutate/types.js";
import { discoverHarnessFiles } from "../test-runner/discover.js";
import type { SharedModules } from "./copy.js";
import type { MutateOptions } from "./options.js";
import { executeMutant, type Executed } from "./run-mutant.js";

/** The one test every mutant would run, when the suite has exactly one; else undefined (no speculation). */
export function soleTest(root: string, options: MutateOptions): string | undefined {
  if (options.command !== undefined) return options.command;
  const files = discoverHarnessFiles(options.testPaths ?? [], root);
  return files.length === 1 && files[0] !== undefined ? relative(root, files[0]) || files[0] : undefined;
}

/** Until-the-baseline-is-in limit of a speculative run: the default per-file limit of `vigiles test`. */
const SPECULATIVE_TIMEOUT_MS = 10 * 60_000;

/** The runs started early, by mutant id, and the ones still going (they hold a slot each). */
export interface Speculation {
  readonly runs: ReadonlyMap<string, Promise<Executed | undefined>>;
  /** Resolves when every speculative worker has stopped taking mutants and its last run ended. */
  readonly settled: Promise<void>;
  /**
   * Once the baseline is in, the per-run limit it sets: a run still going past it is stopped
   * (it settles undefined, and its mutant runs again under that limit, as without speculation).
   */
  limitTo(timeoutMs: number): void;
}

/**
 * Starts `workers` loops that take mutants from `candidates` in order and run each on `test` while
 * `baselineRunning()` holds. The mutants' order is the caller's (the ones likeliest exercised first).
 */
export function speculate(
  root: string,
  candidates: readonly Mutant[],
  test: string,
  workers: number,
  baselineRunning: () => boolean,
  options: MutateOptions,
  shared: SharedModules | undefined,
): Speculation {
  const runs = new Map<string, Promise<Executed | undefined>>();
  const queue = [...candidates];
  const timeoutMs = options.timeoutMs ?? SPECULATIVE_TIMEOUT_MS;
  const live = new Map<AbortController, number>(); // each running run's stop, and when it started
  const timers: NodeJS.Timeout[] = [];
  const worker = async () => {
    for (let m = queue.shift(); m !== undefined && baselineRunning(); m = queue.shift()) {
      if (options.signal?.aborted) return;
      const stop = new AbortController();
      const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
      live.set(stop, performance.now());
      const run = executeMutant(root, m, [test], timeoutMs, { ...options, signal }, shared);
      runs.set(m.id, run);
      await run.catch(() => undefined);
      live.delete(stop);
    }
  };
  const settled = Promise.all(Array.from({ length: Math.max(0, workers) }, worker)).then(() => {
    for (const t of timers) clearTimeout(t);
  });
  const limitTo = (limitMs: number) => {
    for (const [stop, started] of live)
      timers.push(setTimeout(() => stop.abort(), Math.max(0, started + limitMs - performance.now())));
  };
  return { runs, settled, limitTo };
}
