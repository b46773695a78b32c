/**
 * Which tests a mutant runs against and why, from the baseline's coverage records; or, when no
 * test reaches its item the way it acts, the "not exercised" result it gets without a run.
 */
import { mutantReach } from "../../core/mutate/catalogue.js";
import { reachFor } from "../../core/mutate/suggest.js";
import type { Mutant, MutantResult } from "../../core/mutate/types.js";
import { behaviourSite } from "./apply.js";
import type { Baseline } from "./baseline.js";
import type { MutateOptions } from "./options.js";
import { selectTests, testLinks, type Link } from "./select-tests.js";

/** The tests to run and why. */
export interface TestPlan {
  readonly tests: readonly string[];
  readonly why: string;
}

/** A mutant settled without a run. */
export type NoRun = Pick<MutantResult, "status" | "reason" | "suggestion" | "testsWhy">;

/** Some test runs the registration, but every such run gave its own timeoutMs. */
const ownTimeoutOnly = (links: ReadonlyMap<string, ReadonlySet<Link>>) =>
  [...links.values()].some((l) => l.has("registration-own-timeout")) &&
  ![...links.values()].some((l) => l.has("registration"));

export function planTests(
  root: string,
  mutant: Mutant,
  baseline: Baseline,
  options: MutateOptions,
): TestPlan | NoRun {
  const all = { tests: baseline.tests, why: "" };
  if (baseline.records.size === 0) {
    return options.command !== undefined
      ? { ...all, why: "the project's command, all of it (it recorded no coverage to pick by)" }
      : { ...all, why: "every test file (none recorded coverage to pick by)" };
  }
  const item = mutant.item;
  const links = testLinks(baseline.records, item, baseline.realRoot);
  if (mutant.other !== undefined)
    for (const [file, l] of testLinks(baseline.records, mutant.other, baseline.realRoot))
      links.set(file, new Set([...(links.get(file) ?? []), ...l]));
  const site = item.kind === "hook" ? behaviourSite(root, item) : "script";
  const picked = selectTests(mutant, links, site);
  if (picked.tests.length > 0) return { tests: picked.tests, why: picked.why };
  const reason =
    picked.byScriptOnly.length > 0
      ? mutant.kind === "hook-past-timeout" && ownTimeoutOnly(links)
        ? `the registered timeout is beyond the tests' reach: ${picked.byScriptOnly.join(", ")} run the hook through its registration with their own timeoutMs, which replaces it`
        : mutantReach(mutant.kind) === "registration"
          ? `this mutant changes the registration; ${picked.byScriptOnly.join(", ")} run the hook only by its script, which never reads ${item.kind === "hook" ? item.file : "it"}`
          : `its command names no script a mutant can stand in for, so it is applied in the registration; ${picked.byScriptOnly.join(", ")} run the hook only another way`
      : "no test reached this item in the baseline run (no coverage record names it)";
  return {
    status: "not-exercised",
    reason,
    suggestion:
      mutant.kind === "hook-past-timeout" && ownTimeoutOnly(links)
        ? "leave timeoutMs out of one runHook through the registration (it then runs under the registered timeout) and assert its decision"
        : reachFor(mutant, picked.byScriptOnly),
    testsWhy: "none: nothing reaches the item the way this mutant acts",
  };
}
