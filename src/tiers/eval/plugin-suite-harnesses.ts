/**
 * One plugin suite on several harnesses from one call: the suite runs once per harness, each on its
 * own driver, and the results are set side by side (per case: each harness's with/without means,
 * delta, interval and p; per harness: the suite-level paired test). Every harness is checked before
 * anything runs: an unknown name, one that cannot load a plugin directory, a driver that runs
 * another harness, or one whose preflight fails is refused by name, so no harness is dropped
 * silently and none spends before another is refused.
 */
import { harnessEntry } from "../../adapters/registry.js";
import { InvalidOptionError } from "../../core/errors.js";
import type { CaseEffect, SuiteEffect } from "../../core/plugin-eval/suite-stats.js";
import type { EvalDriver } from "./driver.js";
import {
  planSuite,
  runPlannedSuite,
  type PluginSuiteOptions,
  type PluginSuiteResult,
  type SuitePlan,
} from "./plugin-suite.js";
import { unscorableOn } from "./plugin-suite-harness.js";

/** Options of {@link runPluginSuiteOnHarnesses}: the suite's, with a driver per harness. */
export interface SuiteOnHarnessesOptions extends Omit<PluginSuiteOptions, "driver"> {
  /** Registered harness ids or aliases, in the order the report lists them. */
  readonly harnesses: readonly string[];
  /** The driver of one harness (given the registry's id). Its `harness` must be that id. */
  driverFor(harness: string): EvalDriver | Promise<EvalDriver>;
}

/** One harness's run of the suite. */
export interface HarnessSuiteRun extends PluginSuiteResult {
  readonly harness: string;
  readonly displayName: string;
}

/** One case across the harnesses. */
export interface SideBySideCase {
  readonly case: string;
  /** Harness id -> the case's effect there (absent when no run of the case was scored there). */
  readonly harnesses: Readonly<Record<string, CaseEffect>>;
}

/** What the call returns: each harness's run, and the side-by-side view. */
export interface SuiteOnHarnessesResult {
  readonly runs: readonly HarnessSuiteRun[];
  readonly cases: readonly SideBySideCase[];
  /** Harness id -> the suite-level paired test there. */
  readonly suites: Readonly<Record<string, SuiteEffect>>;
}

/**
 * Runs the plugin's suite on each harness in turn.
 *
 * @example
 * const r = await runPluginSuiteOnHarnesses("./my-plugin", {
 *   harnesses: ["claude-code", "copilot", "gemini"],
 *   driverFor: (harness) => mockModelDriver({ harness, script }),
 * });
 */
export async function runPluginSuiteOnHarnesses(
  pluginDir: string,
  options: SuiteOnHarnessesOptions,
): Promise<SuiteOnHarnessesResult> {
  const { harnesses, driverFor, ...suiteOptions } = options;
  if (harnesses.length === 0) throw new InvalidOptionError("name at least one harness to run the suite on");
  const ids = [...new Set(harnesses.map((h) => harnessEntry(h).id))];
  // Every harness checked, and every driver made, before the first trial of any.
  const planned: { readonly driver: EvalDriver; readonly plan: SuitePlan }[] = [];
  for (const id of ids) {
    const driver = await driverFor(id);
    if (driver.harness !== id)
      throw new InvalidOptionError(
        `the driver given for ${harnessEntry(id).displayName} runs ${driver.harness}; give one that runs ${id}`,
      );
    const plan = planSuite(pluginDir, { ...suiteOptions, driver });
    unscorableOn(id, plan.read.cases);
    // The driver's own checks (credentials, the CLI, confinement) too, so a harness that cannot run
    // fails before another harness has spent anything; the engine repeats them at its start.
    await driver.preflight?.({
      models: [...new Set(plan.arms.map((a) => a.model))],
      efforts: [...new Set(plan.arms.map((a) => a.effort))],
      trials: plan.arms.length * plan.trials,
    });
    planned.push({ driver, plan });
  }
  const runs: HarnessSuiteRun[] = [];
  for (const [i, id] of ids.entries()) {
    if (suiteOptions.signal?.aborted === true) break;
    // The plan the harness was checked with is the one it runs: the suite is read once per harness.
    const { driver, plan } = planned[i]!;
    const result = await runPlannedSuite(plan, { ...suiteOptions, driver });
    runs.push({ ...result, harness: id, displayName: harnessEntry(id).displayName });
  }
  const names = [...new Set(runs.flatMap((r) => r.aggregate.cases.map((c) => c.name)))];
  return {
    runs,
    cases: names.map((name) => ({
      case: name,
      harnesses: Object.fromEntries(
        runs.flatMap((r) => {
          const effect = r.cases.find((c) => c.case === name);
          return effect === undefined ? [] : [[r.harness, effect]];
        }),
      ),
    })),
    suites: Object.fromEntries(runs.map((r) => [r.harness, r.suite])),
  };
}
