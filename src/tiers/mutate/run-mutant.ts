/**
 * One mutant, start to end: settled without a run when it is not applicable or nothing reaches it,
 * else applied to its own temp copy (with its own HOME) and met by the tests its plan picked.
 */
import { existsSync } from "node:fs";
import { suggestionFor, reachFor } from "../../core/mutate/suggest.js";
import type { Mutant, MutantResult } from "../../core/mutate/types.js";
import { mutantReach } from "../../core/mutate/catalogue.js";
import { applyMutant, behaviourSite, type AppliedMutant } from "./apply.js";
import type { Baseline } from "./baseline.js";
import { makeMutantCopy, removeCopy, type SharedModules } from "./copy.js";
import type { MutateOptions } from "./options.js";
import { planTests } from "./plan-tests.js";
import type { RegistrationProbe } from "./probe.js";
import { runTests, type Outcome } from "./run-tests.js";

/** Runs one mutant; undefined when the run was aborted before it settled. */
export async function runMutant(
  root: string,
  mutant: Mutant,
  baseline: Baseline,
  options: MutateOptions,
  shared: SharedModules | undefined,
  probe?: RegistrationProbe,
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
  if (!("tests" in plan)) return done({ ...plan, tests: [] }, plan.testsWhy);
  if (options.signal?.aborted) return undefined;
  const copy = makeMutantCopy(root, shared);
  try {
    let applied: AppliedMutant;
    try {
      applied = applyMutant(copy.root, mutant);
    } catch (error) {
      return done(
        {
          status: "error",
          tests: [],
          reason: `the mutant could not be applied: ${(error as Error).message}`,
        },
        plan.why,
      );
    }
    const timeoutMs = options.timeoutMs ?? Math.max(60_000, 5 * baseline.slowestMs);
    const outcome = await runTests(copy, plan.tests, applied.env, timeoutMs, options);
    if (outcome === undefined) return undefined;
    // A stub at the script that never ran: no test ran the hook as a process while it was there.
    if (
      outcome.status === "survived" &&
      applied.ranMarker !== undefined &&
      baseline.records.size === 0 &&
      !existsSync(applied.ranMarker)
    )
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
  } finally {
    removeCopy(copy);
  }
}
