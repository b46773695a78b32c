/**
 * An in-process outcome seen the way the harness sees it: the program's protocol answer folded by
 * the same `foldHookDecision` that folds a subprocess hook. Comparing the two is the parity check
 * between a program in process and the same program compiled.
 */
import { foldHookDecision } from "../run-hook/fold.js";
import type { FoldedHookDecision } from "../../core/hook-decision/types.js";
import type { AnyHookProgram } from "../../core/hook-program/define.js";
import { toProtocolAnswer } from "../../core/hook-program/protocol.js";
import { runHookProgram } from "../../core/hook-program/run.js";

export function withEventName(
  event: Readonly<Record<string, unknown>>,
  name: string,
): Readonly<Record<string, unknown>> {
  return typeof event["hook_event_name"] === "string" ? event : { hook_event_name: name, ...event };
}

/** The folded decision the harness would reach for this program and event. */
export function programVerdict(
  program: AnyHookProgram,
  event: Readonly<Record<string, unknown>>,
): FoldedHookDecision {
  const answer = toProtocolAnswer(runHookProgram(program, event));
  return foldHookDecision({
    event: program.on,
    exitCode: answer.exitCode,
    stdout: answer.stdout,
    stderr: answer.stderr,
    timedOut: false,
  });
}
