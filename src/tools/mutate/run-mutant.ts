/**
 * One mutant, start to end: settled without a run when it is not applicable or nothing reaches it,
 * else applied to its own temp copy (with its own HOME) and met by the tests its plan picked. A
 * mutant already run while the baseline ran (speculate.ts) uses that run as far as the plan stands
 * behind it (early-run.ts).
 */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { dialectOf } from "../../adapters/registry.js";
import { mutantReach } from "../../core/mutate/catalogue.js";
import { reachFor, suggestionFor } from "../../core/mutate/suggest.js";
import type { Mutant, MutantResult } from "../../core/mutate/types.js";
import { applyMutant, behaviourSite, type AppliedMutant } from "./apply.js";
import type { Baseline } from "./baseline.js";
import { makeMutantCopy, removeCopy, type SharedModules } from "./copy.js";
import type { MutateOptions } from "./options.js";
import { planTests } from "./plan-tests.js";
import type { RegistrationProbe } from "./probe.js";
import { planRun } from "./early-run.js";
import type { Executed } from "./executed.js";
import { runTests, type Outcome } from "./run-tests.js";
import { ACTED_MARKER } from "./script-stub.js";

export type { Executed, ExecutedRun } from "./executed.js";

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
      stubActed:
        applied.ranMarker === undefined
          ? undefined
          : existsSync(join(dirname(applied.ranMarker), ACTED_MARKER)),
    };
  } finally {
    removeCopy(copy);
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
    harness: mutant.harness,
    harnessName: mutant.harnessName,
    description: mutant.description,
  };
  const started = performance.now();
  const done = (o: Outcome & Partial<Pick<MutantResult, "suggestion">>, testsWhy: string): MutantResult => ({
    ...base,
    ...o,
    testsWhy,
    ...(o.status === "survived" ? { suggestion: suggestionFor(mutant, dialectOf(mutant.harness)) } : {}),
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
  // The stub ran but never changed an answer: no call the tests made met the case it breaks.
  const never = neverActed(mutant);
  if (outcome.status === "survived" && executed.stubRan === true && executed.stubActed === false && never)
    return done({ ...outcome, reason: never }, plan.why);
  return done(outcome, plan.why);
}

/** What a survivor whose stub never changed an answer met instead, for the mutants that only act on one answer. */
function neverActed(mutant: Mutant): string | undefined {
  switch (mutant.kind) {
    case "hook-exit2-to-0":
      return `the mutant never acted: in every call the tests made, the hook did not exit 2 (on ${mutant.harnessName}, if it never does, this mutant is equivalent; otherwise give it an input it must block)`;
    case "hook-deny-to-block":
      return `the mutant never acted: in every call the tests made, the hook wrote no JSON "deny" (on ${mutant.harnessName}, if it never does, this mutant is equivalent; otherwise give it an input it must deny in JSON)`;
    default:
      return undefined;
  }
}
