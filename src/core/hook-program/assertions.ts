/**
 * Assertions over a hook program run in process. Each throws AssertionFailedError whose message
 * shows the event and what the program actually answered.
 */
import { AssertionFailedError } from "../errors.js";
import type { AnyHookProgram } from "./define.js";
import { runHookProgram, summarize, type HookProgramOutcome, type RawHookEvent } from "./run.js";

/** What an outcome says, in one line, for failure messages. */
export function describeOutcome(o: HookProgramOutcome): string {
  const observed = (text: string): string => (o.mode === "observe" ? `${text} (observe mode)` : text);
  switch (o.kind) {
    case "decision":
      if (o.observed)
        return observed(
          `allow; would have answered ${o.observed.kind}${o.observed.kind === "allow" ? "" : ` "${o.observed.reason}"`}`,
        );
      return o.reason ? `${o.decision} "${o.reason}"` : o.decision;
    case "injection":
      return observed(`inject ${JSON.stringify(o.text)}${o.delivered ? "" : " (not delivered)"}`);
    case "reaction":
      return o.notice === undefined ? "nothing (silent)" : `notice ${JSON.stringify(o.notice)}`;
    default: {
      const never: never = o;
      return never;
    }
  }
}

function fail(verb: string, program: AnyHookProgram, event: RawHookEvent, o: HookProgramOutcome): never {
  throw new AssertionFailedError(
    `expected the ${program.name ? `"${program.name}" ` : ""}${program.on} hook to ${verb} ${summarize(event)}, but it answered: ${describeOutcome(o)}`,
  );
}

/**
 * The program denies (blocks) the event. Observe mode never denies, so it fails here.
 * @example assertHookDenies(guard, { tool_name: "Bash", tool_input: { command: "git push -f" } });
 */
export function assertHookDenies(program: AnyHookProgram, event: RawHookEvent): HookProgramOutcome {
  const o = runHookProgram(program, event);
  if (o.kind !== "decision" || o.decision !== "deny") fail("deny", program, event, o);
  return o;
}

/**
 * The action goes ahead: a gate answers allow (an observe-mode gate always does, whatever it would
 * have said), and an injector or a reaction never blocks. Fails on deny and ask.
 */
export function assertHookAllows(program: AnyHookProgram, event: RawHookEvent): HookProgramOutcome {
  const o = runHookProgram(program, event);
  if (o.kind === "decision" && o.decision !== "allow") fail("allow", program, event, o);
  return o;
}

/**
 * The reaction writes a notice, matching `message` when given (a substring or a RegExp).
 * @example assertHookNotices(warn, failedBashEvent, /read the error/);
 */
export function assertHookNotices(
  program: AnyHookProgram,
  event: RawHookEvent,
  message?: string | RegExp,
): HookProgramOutcome {
  const o = runHookProgram(program, event);
  if (o.kind !== "reaction" || o.notice === undefined) fail("write a notice", program, event, o);
  if (message !== undefined) {
    const ok = typeof message === "string" ? o.notice.includes(message) : message.test(o.notice);
    if (!ok) fail(`write a notice matching ${String(message)}`, program, event, o);
  }
  return o;
}

/** The reaction says nothing. */
export function assertHookSilent(program: AnyHookProgram, event: RawHookEvent): HookProgramOutcome {
  const o = runHookProgram(program, event);
  if (o.kind !== "reaction" || o.notice !== undefined) fail("stay silent", program, event, o);
  return o;
}
