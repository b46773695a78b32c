/**
 * One mutant, start to end: settled without a run when it is not applicable or nothing reaches it,
 * else applied to its own temp copy (with its own HOME) and met by the tests its plan picked. A
 * mutant already run while the baseline ran (speculate.ts) keeps that run when it was the plan's.
 */
import { existsSync } from "node:fs";
import { mutantReach } from "../../core/mutate/catalogue.js";
import { reachFor, suggestionFor } from "../../core/mutate/suggest.js";
import type { Mutant, MutantResult } from "../../core/mutate/types.js";
import { applyMutant, behaviourSite, type AppliedMutant } from "./apply.js";
import type { Baseline } from "./baseline.js";
import { makeMutantCopy, removeCopy, type SharedModules } from "./copy.js";
import type { MutateOptions } from "./options.js";
import { planTests, type TestPlan } from "./plan-tests.js";
import type { RegistrationProbe } from "./probe.js";
import { runTests, type Outcome, type TestRun } from "./run-tests.js";

/**
 * A mutant applied in a copy and run: the run, the tests it ran, and for a mutant at a script
 * whether its stub ran as a process (read before the copy is removed).
 */
export type Executed =
  | { readonly run: TestRun; readonly stubRan: boolean | undefined; readonly tests: readonly string[] }
  | { readonly applyError: string };

/** Applies the mutant to a fresh copy and runs `tests` there; undefined when aborted. */
export async function executeMutant(
  root: string,
  mutant: Mutant,
  tests: readonly string[],
  timeoutMs: number,
  options: MutateOptions,
  shared: SharedModules | undefined,
): Promise<Executed | undefined> {
  if (options.signal?.aborted) return undefined;
  const copy = makeMutantCopy(root, shared);
  try {
    let applied: AppliedMutant;
    try {
      applied = applyMutant(copy.root, mutant);
    } catch (error) {
      return { applyError: (error as Error).message };
    }
    const run = await runTests(copy, tests, applied.env, timeoutMs, options);
    if (run === undefined) return undefined;
    return {
      run,
      tests,
      stubRan: applied.ranMarker === undefined ? undefined : existsSync(applied.ranMarker),
    };
  } finally {
    removeCopy(copy);
  }
}

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
function joined(
  first: Extract<Executed, { run: TestRun }>,
  later: Extract<Executed, { run: TestRun }>,
  plan: TestPlan,
): Executed {
  const stubRan =
    first.stubRan === undefined && later.stubRan === undefined
      ? undefined
      : Boolean(first.stubRan || later.stubRan);
  return {
    run: {
      outcome: { ...later.run.outcome, tests: plan.tests },
      timedOut: first.run.timedOut || later.run.timedOut,
      ...(later.run.killedBy !== undefined ? { killedBy: later.run.killedBy } : {}),
    },
    stubRan,
    tests: plan.tests,
  };
}

/** An early run reported as the plan's run: its tests are the plan's, whichever of them ran. */
const asPlanned = (early: Extract<Executed, { run: TestRun }>, plan: TestPlan): Executed => ({
  ...early,
  run: { ...early.run, outcome: { ...early.run.outcome, tests: plan.tests } },
  tests: plan.tests,
});

/**
 * The plan's run, using what an early run already settled: more tests run only where the plan
 * would have run them; a continuation that errors (every test in it skipped, a file that could not
 * start) falls back to the whole plan, so an error means what it means without speculation.
 */
async function planRun(
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

/** A mutant's test-run limit: the one given, else five times the slowest baseline run, at least 60 s. */
export function runLimitMs(baseline: Baseline, options: MutateOptions): number {
  return options.timeoutMs ?? Math.max(60_000, 5 * baseline.slowestMs);
}

/** Runs one mutant; undefined when the run was aborted before it settled. */
export async function runMutant(
  root: string,
  mutant: Mutant,
  baseline: Baseline,
  options: MutateOptions,
  shared: SharedModules | undefined,
  probe?: RegistrationProbe,
  speculative?: Promise<Executed | undefined>,
  startRun: <T>(run: () => Promise<T>) => Promise<T> = (run) => run(),
): Promise<MutantResult | undefined> {
  const base = {
    id: mutant.id,
    kind: mutant.kind,
    item: mutant.item.id,
    itemKind: mutant.item.kind,
    description: mutant.description,
  };
  const started = performance.now();
  const done = (o: Outcome & Partial<Pick<MutantResult, "suggestion">>, testsWhy: string): MutantResult => ({
    ...base,
    ...o,
    testsWhy,
    ...(o.status === "survived" ? { suggestion: suggestionFor(mutant) } : {}),
    durationMs: Math.round(performance.now() - started),
  });
  if (mutant.notApplicable !== undefined)
    return done({ status: "not-applicable", reason: mutant.notApplicable, tests: [] }, "none: not run");
  const plan = planTests(root, mutant, baseline, options);
  const early = speculative === undefined ? undefined : await speculative;
  if (!("tests" in plan)) return done({ ...plan, tests: [] }, plan.testsWhy);
  if (options.signal?.aborted) return undefined;
  const timeoutMs = runLimitMs(baseline, options);
  const executed = await planRun(early, plan, (tests) =>
    startRun(() => executeMutant(root, mutant, tests, timeoutMs, options, shared)),
  );
  if (executed === undefined) return undefined;
  if ("applyError" in executed)
    return done(
      { status: "error", tests: [], reason: `the mutant could not be applied: ${executed.applyError}` },
      plan.why,
    );
  const { outcome } = executed.run;
  // A stub at the script that never ran: no test ran the hook as a process while it was there.
  if (outcome.status === "survived" && executed.stubRan === false && baseline.records.size === 0)
    return done(
      {
        status: "not-exercised",
        tests: outcome.tests,
        reason: `the tests ran, but none ran ${mutant.item.kind === "hook" ? (mutant.item.sources[0] ?? "the hook") : "it"} as a process while the mutant stood at its path (an in-process import, or no test of it)`,
        suggestion: reachFor(mutant, []),
      },
      plan.why,
    );
  // A mutant acting through the registration survived, and the probe saw no test run the handler that way.
  const item = mutant.item;
  if (
    outcome.status === "survived" &&
    probe?.usable === true &&
    item.kind === "hook" &&
    !probe.ran.has(item.id) &&
    (mutantReach(mutant.kind) === "registration" || behaviourSite(root, item) === "registration")
  )
    return done(
      {
        status: "not-exercised",
        tests: outcome.tests,
        reason: `the tests ran, but the probe run (every registered command marked) saw none run \`${item.command}\` through its registration in ${item.file}; they run the hook by its script path, or not at all`,
        suggestion: reachFor(mutant, []),
      },
      plan.why,
    );
  return done(outcome, plan.why);
}
