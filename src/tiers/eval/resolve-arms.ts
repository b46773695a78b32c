/** Turns an eval spec into resolved arms (every override applied) and checks it before any spend. */
import { InvalidOptionError } from "../../core/errors.js";
import { belowFloor } from "../../core/eval/model-floor.js";
import type { ArmSpec, EvalCommon, EvalEffort } from "../../core/eval/spec.js";
import { assertEveryArmHasTask } from "../../core/eval/task.js";
import { ModelBelowFloorError } from "./errors.js";
import type { StandInSpec } from "../../core/plugin-eval/stand-in-spec.js";

export const DEFAULT_MODEL = "sonnet";
export const DEFAULT_TRIALS = 3;
export const DEFAULT_ARM = "default";

/** One arm with the eval's defaults and the arm's overrides folded together. */
export interface ResolvedArm {
  readonly name: string;
  readonly task: string;
  readonly files: Readonly<Record<string, string>>;
  readonly settings?: Readonly<Record<string, unknown>>;
  readonly pluginDirs: readonly string[];
  readonly model: string;
  readonly effort?: EvalEffort;
  readonly stubSkillBodies: boolean;
  readonly env: Readonly<Record<string, string>>;
  readonly allowedTools?: readonly string[];
  /** The case this arm runs, when the eval has several (a plugin eval suite). */
  readonly case?: string;
  /** Agent turns allowed in one run. */
  readonly maxTurns?: number;
  /** MCP stand-ins served to each run (a plugin eval case's `mocks/`). */
  readonly mcpStandIns?: readonly StandInSpec[];
  /**
   * Trials of this arm when fewer than the run's (a plugin eval case's own `runs`); the run's
   * `trials` is the grid's depth. `--trials` overrides every arm.
   */
  readonly trials?: number;
  /** Wall-clock limit of this arm's trials (a case's `timeout_seconds`); default the run's. */
  readonly timeoutMs?: number;
  /** Absolute path of a bash script run confined before the agent. */
  readonly setupScript?: string;
}

/** What every runner's spec shares; the top-level task may be absent when every arm has one. */
export type ArmDefaults = Omit<EvalCommon, "task"> & { readonly task?: string };

export function resolveArms(
  spec: ArmDefaults,
  arms: Readonly<Record<string, ArmSpec>> | undefined,
  runner = "eval",
): ResolvedArm[] {
  const entries = Object.entries(arms ?? { [DEFAULT_ARM]: {} });
  if (entries.length === 0)
    throw new InvalidOptionError("arms is empty; declare at least one arm or omit arms.");
  assertEveryArmHasTask(runner, spec.task, arms);
  const resolved = entries.map(([name, arm]): ResolvedArm => {
    const pluginDirs = arm.pluginDirs ?? (arm.pluginDir ? [arm.pluginDir] : undefined);
    const settings = arm.settings ?? spec.settings;
    const effort = arm.effort ?? spec.effort;
    const allowedTools = arm.allowedTools ?? spec.allowedTools;
    return {
      name,
      task: (arm.task ?? spec.task) as string,
      files: { ...(arm.fixture ?? spec.fixture ?? {}), ...(arm.files ?? {}) },
      pluginDirs: pluginDirs ?? spec.pluginDirs ?? (spec.pluginDir ? [spec.pluginDir] : []),
      model: arm.model ?? spec.model ?? DEFAULT_MODEL,
      stubSkillBodies: arm.stubSkillBodies ?? spec.stubSkillBodies ?? false,
      env: { ...(arm.env ?? {}) },
      ...(settings ? { settings } : {}),
      ...(effort !== undefined ? { effort } : {}),
      ...(allowedTools ? { allowedTools } : {}),
    };
  });
  if (spec.minModel !== undefined) {
    for (const arm of resolved) {
      const why = belowFloor(arm.model, spec.minModel);
      if (why) {
        throw new ModelBelowFloorError(
          `${why} (arm "${arm.name}"); nothing was spent. Point the arm at a ${spec.minModel}-or-better model or lower minModel.`,
        );
      }
    }
  }
  return resolved;
}
