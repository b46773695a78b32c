/**
 * Mutants run while the baseline still runs, on the slots it leaves idle. Two cases:
 * - a suite of one test file (or one `--command`) leaves every slot but one idle from the start,
 *   and every mutant that runs at all runs exactly that one test ({@link soleSource});
 * - a suite of several files leaves slots idle once its last files are running: by then the files
 *   that passed have recorded what they reach, so a mutant can start on those of its tests
 *   ({@link progressSource}).
 * Once the baseline is in, early-run.ts meets such a run with the plan: kept, continued on the
 * plan's other tests, or dropped (the item is not exercised, the run timed out) so the mutant
 * settles as without it. A run still going once the baseline has set the per-run limit is stopped
 * at that limit and run again under it. Speculation never changes a result, only when its run
 * happens; after a failed baseline every run still going is stopped.
 */
import { relative } from "node:path";
import type { Mutant } from "../../core/mutate/types.js";
import { discoverHarnessFiles } from "../test-runner/discover.js";
import type { BaselineProgress } from "./baseline.js";
import type { SharedModules } from "./copy.js";
import type { MutateOptions } from "./options.js";
import { planTests } from "./plan-tests.js";
import { executeMutant, type Executed } from "./run-mutant.js";

/** The one test every mutant would run, when the suite has exactly one; else undefined. */
export function soleTest(root: string, options: MutateOptions): string | undefined {
  if (options.command !== undefined) return options.command;
  const files = discoverHarnessFiles(options.testPaths ?? [], root);
  return files.length === 1 && files[0] !== undefined ? relative(root, files[0]) || files[0] : undefined;
}

/** What speculation may start, and where: asked again whenever it says something changed. */
export interface SpeculationSource {
  /** The tests a mutant would run as far as is known now; undefined when nothing says it runs any yet. */
  testsFor(mutant: Mutant): readonly string[] | undefined;
  /** How many runs may go on beside the baseline now. */
  slots(): number;
  /** Whether the baseline still runs (once false, no run is started). */
  running(): boolean;
  /** Calls `wake` whenever `testsFor` or `slots` may answer otherwise. */
  onChange(wake: () => void): void;
}

/** A suite of one test: every mutant on it, on `slots` runs beside the baseline. */
export function soleSource(test: string, slots: number, running: () => boolean): SpeculationSource {
  return { testsFor: () => [test], slots: () => slots, running, onChange: () => undefined };
}

/** A suite of several files: each mutant on the tests the files already passed say it reaches. */
export function progressSource(
  root: string,
  progress: BaselineProgress,
  options: MutateOptions,
  running: () => boolean,
): SpeculationSource {
  return {
    testsFor: (mutant) => {
      const sofar = progress.sofar();
      if (sofar === undefined) return undefined;
      const plan = planTests(root, mutant, sofar, options);
      return "tests" in plan && plan.tests.length > 0 ? plan.tests : undefined;
    },
    slots: () => progress.idleSlots(),
    running,
    onChange: (wake) => progress.onChange(wake),
  };
}

/** Until-the-baseline-is-in limit of a speculative run: the default per-file limit of `vigiles test`. */
const SPECULATIVE_TIMEOUT_MS = 10 * 60_000;

/** The runs started early, by mutant id. */
export interface Speculation {
  readonly runs: ReadonlyMap<string, Promise<Executed | undefined>>;
  /** Resolves when every run started has ended (read it once the baseline is in: none starts after). */
  readonly settled: Promise<void>;
  /**
   * Once the baseline is in, the per-run limit it sets: a run still going past it is stopped
   * (it settles undefined, and its mutant runs again under that limit, as without speculation).
   */
  limitTo(timeoutMs: number): void;
  /** Stops every run still going (the baseline failed: nothing will use them). */
  stop(): void;
}

/**
 * Starts mutants from `candidates`, in order, as `source` has slots for them and knows tests they
 * run, until the baseline is in. The order is the caller's (the ones likeliest exercised first).
 */
export function speculate(
  root: string,
  candidates: readonly Mutant[],
  source: SpeculationSource,
  options: MutateOptions,
  shared: SharedModules | undefined,
): Speculation {
  const runs = new Map<string, Promise<Executed | undefined>>();
  const queue = [...candidates];
  const timeoutMs = options.timeoutMs ?? SPECULATIVE_TIMEOUT_MS;
  const live = new Map<AbortController, number>(); // each running run's stop, and when it started
  const timers: NodeJS.Timeout[] = [];
  const start = (mutant: Mutant, tests: readonly string[]) => {
    const stop = new AbortController();
    const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
    live.set(stop, performance.now());
    const run = executeMutant(root, mutant, tests, timeoutMs, { ...options, signal }, shared);
    runs.set(mutant.id, run);
    void run
      .catch(() => undefined)
      .then(() => {
        live.delete(stop);
        pump();
      });
  };
  const pump = () => {
    while (source.running() && !options.signal?.aborted && live.size < source.slots()) {
      let tests: readonly string[] | undefined;
      const at = queue.findIndex((m) => (tests = source.testsFor(m)) !== undefined);
      const mutant = queue[at];
      if (mutant === undefined || tests === undefined) return;
      queue.splice(at, 1);
      start(mutant, tests);
    }
  };
  source.onChange(pump);
  pump();
  const limitTo = (limitMs: number) => {
    for (const [stop, started] of live)
      timers.push(setTimeout(() => stop.abort(), Math.max(0, started + limitMs - performance.now())));
  };
  const stop = () => {
    for (const controller of live.keys()) controller.abort();
  };
  return {
    runs,
    stop,
    get settled() {
      return Promise.all([...runs.values()].map((r) => r.catch(() => undefined))).then(() => {
        for (const t of timers) clearTimeout(t);
      });
    },
    limitTo,
  };
}
