/**
 * One plugin hook call folded into what OpenCode does with it. A plugin hook is a function, not a
 * process: vigiles reads a call that returned as exit 0 and one that threw as exit 2 with the thrown
 * message on stderr (plugin-records.ts and run-plugin-hook.ts record them so). A throw in
 * `tool.execute.before` denies the call with the message as the reason; in `tool.execute.after` the
 * tool already ran and the throw replaces its result (the action is not undone).
 */
import type { HookOutcomeInput } from "../../../core/hook-decision/outcome.js";
import type { FoldedHookDecision } from "../../../core/hook-decision/types.js";
import { OPENCODE_EVENT_RULES } from "./rules.js";

export function foldOpenCodeHook(input: HookOutcomeInput): FoldedHookDecision {
  const threw = input.exitCode !== 0;
  const rule = OPENCODE_EVENT_RULES[input.event];
  const reason = input.stderr.trim() || "the plugin threw";
  if (!threw)
    return { event: input.event, decision: "none", blocked: false, halted: false, decidedBy: "no-decision" };
  if (rule?.blocks === "call")
    return {
      event: input.event,
      decision: "deny",
      blocked: true,
      halted: false,
      decidedBy: "exit-code",
      reason,
    };
  return {
    event: input.event,
    decision: "none",
    blocked: false,
    halted: false,
    decidedBy: "crash",
    hookError: reason,
    ...(rule === undefined
      ? { warnings: [`OpenCode has no plugin event named ${JSON.stringify(input.event)}`] }
      : {}),
  };
}
