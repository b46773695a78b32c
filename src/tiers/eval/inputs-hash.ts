/**
 * The hash of an eval's inputs: what its lock records. Every model-affecting input (as in the cache
 * key) plus the trial count and what scores the trials (the measure's source, the checks' JSON), so a
 * lock goes stale when anything that could change the report changes.
 */
import { hashOf } from "../../core/eval/canonical-hash.js";
import { hashPluginDir } from "./plugin-hash.js";
import type { ResolvedArm } from "./resolve-arms.js";

export interface InputsHashInput {
  readonly runner: string;
  readonly arms: readonly ResolvedArm[];
  readonly trials: number;
  readonly driverIdentity: string;
  readonly measure?: (...args: never[]) => unknown;
  readonly checks?: readonly unknown[];
}

export function evalInputsHash(input: InputsHashInput): string {
  return hashOf({
    runner: input.runner,
    trials: input.trials,
    driver: input.driverIdentity,
    arms: input.arms.map((arm) => ({
      ...arm,
      effort: arm.effort ?? null,
      pluginDirs: arm.pluginDirs.map(hashPluginDir),
    })),
    measure: input.measure ? input.measure.toString() : null,
    checks: input.checks ? JSON.parse(JSON.stringify(input.checks)) : null,
  });
}
