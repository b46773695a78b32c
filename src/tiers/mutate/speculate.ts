/**
 * Mutants run while the baseline still runs. A suite of one test file (or one `--command`) leaves
 * every slot but one idle during its baseline, and every mutant that will run at all runs exactly
 * that one test: so the idle slots start the likeliest mutants on it early. Once the baseline is in,
 * each such run is kept only when the plan picks that same test (run-mutant.ts checks); otherwise
 * (the item is not exercised, the run timed out under a limit set before the baseline's durations
 * were known) it is dropped and the mutant settles as without it. Speculation never changes a
 * result, only when its run happens. Off by default (`speculate: true` turns it on): on a 2-core
 * machine with the real CLI it measured slower, each run being CPU-bound (see options.ts).
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
  const worker = async () => {
    for (let m = queue.shift(); m !== undefined && baselineRunning(); m = queue.shift()) {
      if (options.signal?.aborted) return;
      const run = executeMutant(root, m, [test], timeoutMs, options, shared);
      runs.set(m.id, run);
      await run.catch(() => undefined);
    }
  };
  const settled = Promise.all(Array.from({ length: Math.max(0, workers) }, worker)).then(() => undefined);
  return { runs, settled };
}
