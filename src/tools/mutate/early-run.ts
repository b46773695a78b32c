/**
 * A mutant's run made before its plan was known (speculate.ts), met with the plan once the
 * baseline is in: kept, continued on the plan's other tests, or dropped, so that the result is the
 * one a run made after the baseline would give.
 */
import type { Executed, ExecutedRun } from "./executed.js";
import type { TestPlan } from "./plan-tests.js";

/**
 * What a run made before the plan was known is worth to the plan. The plan runs its tests in order
 * and stops at the first that fails, so the early run must come to the same end:
 * - `whole`: it ran exactly the plan's tests; or it was killed by a planned test, and every planned
 *   test before that one passed in it;
 * - `first`: it was killed by a planned test, but planned tests before that one did not run: those
 *   run first, and the first of them to fail is the killer (if none fails, the early kill stands);
 * - `continue`: it passed some of the plan's tests: the rest run, and decide;
 * - `none`: it timed out (its limit was set before the baseline's durations were known), errored,
 *   or ran a test the plan does not pick: the plan runs as if it had not happened.
 * So the report is the one a run after the baseline would give, field for field.
 */
export type EarlyRunUse =
  | { readonly use: "whole" }
  | { readonly use: "first"; readonly before: readonly string[] }
  | { readonly use: "continue"; readonly rest: readonly string[] }
  | { readonly use: "none" };

export function earlyRunUse(executed: Executed, plan: TestPlan): EarlyRunUse {
  if ("applyError" in executed) return { use: "whole" };
  const { run, tests } = executed;
  if (run.timedOut || !tests.every((t) => plan.tests.includes(t))) return { use: "none" };
  const rest = plan.tests.filter((t) => !tests.includes(t));
  switch (run.outcome.status) {
    case "killed": {
      const killer = run.killedBy;
      if (killer === undefined) return rest.length === 0 ? { use: "whole" } : { use: "none" };
      const passed = tests.slice(0, tests.indexOf(killer));
      const before = plan.tests.slice(0, plan.tests.indexOf(killer)).filter((t) => !passed.includes(t));
      return before.length === 0 ? { use: "whole" } : { use: "first", before };
    }
    case "survived":
      return rest.length === 0 ? { use: "whole" } : { use: "continue", rest };
    default:
      return { use: "none" };
  }
}

/** An early run and the run of more of the plan's tests after it, as one run of the plan: the later run decides. */
function joined(first: ExecutedRun, later: ExecutedRun, plan: TestPlan): Executed {
  const stubRan =
    first.stubRan === undefined && later.stubRan === undefined
      ? undefined
      : Boolean(first.stubRan || later.stubRan);
  const stubActed =
    first.stubActed === undefined && later.stubActed === undefined
      ? undefined
      : Boolean(first.stubActed || later.stubActed);
  return {
    run: {
      outcome: { ...later.run.outcome, tests: plan.tests },
      timedOut: first.run.timedOut || later.run.timedOut,
      ...(later.run.killedBy !== undefined ? { killedBy: later.run.killedBy } : {}),
    },
    stubRan,
    stubActed,
    tests: plan.tests,
  };
}

/** An early run reported as the plan's run: its tests are the plan's, whichever of them ran. */
const asPlanned = (early: ExecutedRun, plan: TestPlan): Executed => ({
  ...early,
  run: { ...early.run, outcome: { ...early.run.outcome, tests: plan.tests } },
  tests: plan.tests,
});

/**
 * The plan's run, using what an early run already settled: more tests run only where the plan
 * would have run them; a continuation that errors (every test in it skipped, a file that could not
 * start) falls back to the whole plan, so an error means what it means without speculation.
 */
export async function planRun(
  early: Executed | undefined,
  plan: TestPlan,
  run: (tests: readonly string[]) => Promise<Executed | undefined>,
): Promise<Executed | undefined> {
  if (early === undefined) return run(plan.tests);
  if ("applyError" in early) return early;
  const use = earlyRunUse(early, plan);
  switch (use.use) {
    case "whole":
      return asPlanned(early, plan);
    case "first":
    case "continue": {
      const later = await run(use.use === "first" ? use.before : use.rest);
      if (later === undefined || "applyError" in later) return later;
      switch (later.run.outcome.status) {
        case "killed":
          return joined(early, later, plan);
        case "survived":
          // Before the early killer every planned test passed: the early kill stands. After a
          // start that passed, the rest passed too: it survived the plan.
          return use.use === "first" ? asPlanned(early, plan) : joined(early, later, plan);
        default:
          return run(plan.tests);
      }
    }
    case "none":
      return run(plan.tests);
    default: {
      const never: never = use;
      return never;
    }
  }
}
