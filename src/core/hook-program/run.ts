/**
 * `runHookProgram`: one program, one raw event, one normalized outcome. Pure and in process; the
 * compiled runtime calls the same function, so a test here and the harness agree.
 */
import { InvalidOptionError } from "../errors.js";
import { notifyExercised } from "../audit/exercise-sink.js";
import { isHookAnswer, type GateAnswer, type HookAnswer } from "./answers.js";
import type { AnyHookProgram, HookMode, HookProgram } from "./define.js";
import { isHookProgram } from "./define.js";
import { HookProgramError } from "./errors.js";
import { createEventView } from "./event-view.js";
import { LEGAL_ANSWERS, type HookEventInputs, type HookProgramEvent } from "./events.js";

interface OutcomeBase {
  readonly event: HookProgramEvent;
  readonly mode: HookMode;
  /** The program's name, when it has one. */
  readonly program: string | undefined;
}

/** A gate's answer. In observe mode `decision` is always `allow` and `observed` holds what it would have said. */
export interface HookDecisionOutcome extends OutcomeBase {
  readonly kind: "decision";
  readonly decision: "allow" | "deny" | "ask";
  readonly reason: string | undefined;
  /** The action does not go ahead (deny); `ask` hands the choice to the user. */
  readonly blocked: boolean;
  readonly observed: GateAnswer | undefined;
}

/** An injector's answer. In observe mode the text is recorded but not `delivered`. */
export interface HookInjectionOutcome extends OutcomeBase {
  readonly kind: "injection";
  readonly text: string;
  readonly delivered: boolean;
}

/** A reaction's answer: a notice (stderr) or silence. */
export interface HookReactionOutcome extends OutcomeBase {
  readonly kind: "reaction";
  readonly notice: string | undefined;
}

/** What `runHookProgram` returns: a decision, an injection or a reaction, by the event's kind. */
export type HookProgramOutcome = HookDecisionOutcome | HookInjectionOutcome | HookReactionOutcome;

/** A raw event for a program: the stdin JSON; `hook_event_name` may be left out. */
export type RawHookEvent = Readonly<Record<string, unknown>>;

/**
 * Runs a program's `decide` on a raw event and normalizes the answer.
 * @throws HookProgramError when `decide` throws, returns a non-answer or an answer its event cannot take,
 *   or the event's `hook_event_name` names another event.
 * @example
 * runHookProgram(guard, { tool_name: "Bash", tool_input: { command: "git push -f" } });
 * // → { kind: "decision", decision: "deny", reason: "no force-push", blocked: true, … }
 */
export function runHookProgram(
  program: AnyHookProgram | HookProgram,
  event: RawHookEvent,
): HookProgramOutcome {
  if (!isHookProgram(program)) {
    throw new HookProgramError(
      "VIGILES_HOOK_NOT_A_PROGRAM",
      `runHookProgram: expected a program made with experimental_defineHook, got ${describe(program)}. Export default experimental_defineHook({ on, decide }).`,
    );
  }
  if (typeof event !== "object" || event === null || Array.isArray(event)) {
    throw new InvalidOptionError(
      `runHookProgram: the event must be the hook's stdin JSON object, got ${describe(event)}.`,
    );
  }
  const named = event["hook_event_name"];
  if (named !== undefined && named !== program.on) {
    throw new HookProgramError(
      "VIGILES_HOOK_EVENT_MISMATCH",
      `runHookProgram: the program answers ${program.on} but the event is ${JSON.stringify(named)}; the harness would not run it. Pass a ${program.on} event.`,
    );
  }
  const view = createEventView(program.on, event as HookEventInputs[typeof program.on]);
  let answer: unknown;
  try {
    answer = (program.decide as (e: unknown) => unknown)(view);
  } catch (error) {
    throw new HookProgramError(
      "VIGILES_HOOK_DECIDE_THREW",
      `${label(program)}: decide threw on ${summarize(event)}: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  if (!isHookAnswer(answer)) {
    throw new HookProgramError(
      "VIGILES_HOOK_ILLEGAL_ANSWER",
      `${label(program)}: decide returned ${describe(answer)}; return allow(), deny(reason), ask(reason), inject(text), notice(message) or nothing() from vigiles/hook.${answer instanceof Promise ? " decide must be synchronous." : ""}`,
    );
  }
  if (!LEGAL_ANSWERS[program.on].includes(answer.kind)) {
    throw new HookProgramError(
      "VIGILES_HOOK_ILLEGAL_ANSWER",
      `${label(program)}: ${answer.kind}() is not an answer ${program.on} accepts (it takes ${LEGAL_ANSWERS[program.on].map((k) => `${k}()`).join(", ")}).`,
    );
  }
  // Coverage (a no-op unless a recorder listens): which event, and the tool it was tried on.
  notifyExercised({
    kind: "hook",
    source: "runHookProgram",
    identity: { event: program.on, ...exercisedTarget(event) },
  });
  return toOutcome(program.on, program.mode, program.name, answer);
}

function exercisedTarget(event: RawHookEvent): { target?: string } {
  const v = event["tool_name"] ?? event["source"] ?? event["trigger"] ?? event["agent_type"];
  return typeof v === "string" ? { target: v } : {};
}

function toOutcome(
  event: HookProgramEvent,
  mode: HookMode,
  program: string | undefined,
  answer: HookAnswer,
): HookProgramOutcome {
  const observe = mode === "observe";
  switch (answer.kind) {
    case "allow":
      return {
        kind: "decision",
        event,
        mode,
        program,
        decision: "allow",
        reason: undefined,
        blocked: false,
        observed: observe ? answer : undefined,
      };
    case "deny":
    case "ask":
      if (observe)
        return {
          kind: "decision",
          event,
          mode,
          program,
          decision: "allow",
          reason: undefined,
          blocked: false,
          observed: answer,
        };
      return {
        kind: "decision",
        event,
        mode,
        program,
        decision: answer.kind,
        reason: answer.reason,
        blocked: answer.kind === "deny",
        observed: undefined,
      };
    case "inject":
      return { kind: "injection", event, mode, program, text: answer.text, delivered: !observe };
    case "notice":
      return { kind: "reaction", event, mode, program, notice: answer.message };
    case "nothing":
      return { kind: "reaction", event, mode, program, notice: undefined };
    default: {
      const never: never = answer;
      return never;
    }
  }
}

function label(program: AnyHookProgram): string {
  return program.name ? `hook "${program.name}" (${program.on})` : `${program.on} hook`;
}

/** A short description of an event for messages: the tool and its command or path, or the prompt. */
export function summarize(event: RawHookEvent): string {
  const input = event["tool_input"] as Record<string, unknown> | undefined;
  if (typeof event["tool_name"] === "string") {
    const detail = input?.["command"] ?? input?.["file_path"] ?? input?.["path"];
    return `${event["tool_name"]}${detail !== undefined ? ` ${JSON.stringify(detail)}` : ""}`;
  }
  if (typeof event["prompt"] === "string") return `prompt ${JSON.stringify(event["prompt"].slice(0, 80))}`;
  return JSON.stringify(event).slice(0, 120);
}

function describe(value: unknown): string {
  if (value === undefined) return "undefined";
  if (value instanceof Promise) return "a Promise";
  if (typeof value === "function") return "a function";
  try {
    return JSON.stringify(value)?.slice(0, 120) ?? String(value);
  } catch {
    return String(value);
  }
}
