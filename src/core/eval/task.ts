/**
 * Which task each arm sends. An arm's own `task` wins over the eval's; the eval's may be left out
 * when every arm sets one. An arm left with neither is refused before any spend: running it would
 * send the agent an empty prompt and score whatever it did with nothing to do.
 */
import { VigilesError } from "../errors.js";

/** An arm has no task of its own and the eval has no top-level `task`: raised before any spend. */
export class MissingTaskError extends VigilesError {
  /** The arms left without a task. */
  readonly arms: readonly string[];
  constructor(runner: string, arms: readonly string[]) {
    const named = arms.map((a) => JSON.stringify(a)).join(", ");
    super(
      "VIGILES_EVAL_NO_TASK",
      `${runner}: arm${arms.length === 1 ? "" : "s"} ${named} ${arms.length === 1 ? "has" : "have"} no task and the eval has no ` +
        "top-level `task`; nothing was spent. Set `task` on the eval (the default of every arm) or on each of these arms.",
    );
    this.arms = arms;
  }
}

/** The names of the arms that would run with no task (the implicit single arm is "default"). */
export function armsWithoutTask(
  task: string | undefined,
  arms: Readonly<Record<string, { readonly task?: string | undefined }>> | undefined,
): string[] {
  if (task !== undefined) return [];
  if (arms === undefined) return ["default"];
  return Object.entries(arms)
    .filter(([, arm]) => arm.task === undefined)
    .map(([name]) => name);
}

/** Throws {@link MissingTaskError} when some arm would run with no task. */
export function assertEveryArmHasTask(
  runner: string,
  task: string | undefined,
  arms: Readonly<Record<string, { readonly task?: string | undefined }>> | undefined,
): void {
  const missing = armsWithoutTask(task, arms);
  if (missing.length > 0) throw new MissingTaskError(runner, missing);
}
