/** What `vigiles mutate` is asked to do, and the error it throws when the suite cannot be mutated at all. */
import { VigilesError } from "../../core/errors.js";
import type { MutantResult } from "../../core/mutate/types.js";

export interface MutateOptions {
  /** The repository to mutate (copied per mutant). Default: the current directory. */
  readonly root?: string;
  /** Where the harness files are, relative to the root (as `vigiles test [paths]`). Default: the root. */
  readonly testPaths?: readonly string[];
  /** The project's own test command (run with `sh -c` in the copy) instead of `vigiles test`. */
  readonly command?: string;
  /** Mutants running at once. Default: the machine's cores. */
  readonly concurrency?: number;
  /** Mutate only items whose files changed since this git revision. */
  readonly since?: string;
  /** Per test-run limit. Default: five times the slowest baseline run, at least 60 s. */
  readonly timeoutMs?: number;
  /**
   * Start mutants on the slots the baseline leaves idle: the same results, sooner. A suite of one
   * test file or one command runs them on that test from the start; a suite of several files, once
   * its last files are running, on the files that already passed (what they recorded says which
   * mutants those reach; the rest of a mutant's tests run after). Default true; false waits for the
   * baseline. bench/mutate.bench.mjs prints both.
   */
  readonly speculate?: boolean;
  readonly signal?: AbortSignal;
  /** Called as each mutant finishes. */
  readonly onMutant?: (result: MutantResult) => void;
}

/** The suite could not be mutated: it fails or finds nothing without any mutant, or --since failed. */
export class MutateSetupError extends VigilesError {
  constructor(message: string, options?: { cause?: unknown }) {
    super("VIGILES_MUTATE_SETUP", message, options);
  }
}
