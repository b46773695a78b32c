import type { TestRun } from "./run-tests.js";

/**
 * A mutant applied in a copy and run: the run, the tests it ran, and for a mutant at a script
 * whether its stub ran as a process (read before the copy is removed).
 */
export type Executed = ExecutedRun | { readonly applyError: string };

/** A mutant that was applied and whose tests ran. */
export interface ExecutedRun {
  readonly run: TestRun;
  readonly stubRan: boolean | undefined;
  /** Whether the stub changed an answer (an exit 2 made 0, a deny rewritten) in any call. */
  readonly stubActed?: boolean | undefined;
  readonly tests: readonly string[];
}
