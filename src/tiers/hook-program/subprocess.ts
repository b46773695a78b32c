/**
 * A hook run as a real subprocess through runHook (the hook protocol as the harness runs it): the
 * decider propertyHook uses for compiled hooks and hand-written hook commands.
 */
import type { HookRunResult } from "../../core/hook-decision/types.js";
import { runHookAsync } from "../run-hook/run-hook.js";
import type { HookSpec, RunHookOptions } from "../run-hook/types.js";
import { withEventName } from "./verdict.js";

/** A hook to run per event: a command (under `sh -c`), an argv, or a registration, with runHook's options. */
export interface HookCommand extends RunHookOptions {
  readonly command: HookSpec;
}

export async function runHookCommand(
  hook: HookCommand,
  event: Readonly<Record<string, unknown>>,
  defaultEvent: string,
): Promise<HookRunResult> {
  const { command, ...options } = hook;
  return runHookAsync(command, withEventName(event, defaultEvent), options);
}
