/**
 * `experimental_defineHook`: a hook program is an event, a pure `decide` function, and a mode.
 * The event fixes both the view `decide` receives and the answers it may return.
 */
import { InvalidOptionError } from "../errors.js";
import type { HookEventViews } from "./event-view.js";
import {
  HOOK_PROGRAM_EVENTS,
  isHookProgramEvent,
  type HookEventAnswers,
  type HookProgramEvent,
} from "./events.js";

/** `enforce` answers the harness; `observe` records what it would have answered and never blocks. */
export type HookMode = "enforce" | "observe";

export const PROGRAM_TAG = "vigiles.hook-program" as const;

/** What an author writes. */
export interface HookDefinition<E extends HookProgramEvent> {
  /** The event the program answers. */
  readonly on: E;
  /** Pure and synchronous: the same event gives the same answer, with no I/O. */
  decide(e: HookEventViews[E]): HookEventAnswers[E];
  /** Default `enforce`. */
  readonly mode?: HookMode;
  /** Tool matcher for the registration (PreToolUse, PostToolUse …), e.g. `"Bash"` or `"Write|Edit"`. Default: all tools. */
  readonly matcher?: string;
  /** A name for messages and the registration marker; defaults to the file name when compiled. */
  readonly name?: string;
  /** The registration's timeout in seconds (default 30). */
  readonly timeout?: number;
}

/** A defined hook program, ready for `runHookProgram`, `loadHook` and `vigiles compile`. */
export interface HookProgram<E extends HookProgramEvent = HookProgramEvent> extends HookDefinition<E> {
  readonly tag: typeof PROGRAM_TAG;
  readonly mode: HookMode;
}

/** A program for any one event. */
export type AnyHookProgram = { [E in HookProgramEvent]: HookProgram<E> }[HookProgramEvent];

/**
 * Defines a hook program. A gate returns `allow()`, `deny(reason)` or `ask(reason)` where the event
 * accepts them; an injector returns `inject(text)`; a reaction returns `notice(message)` or
 * `nothing()`. Returning an answer the event cannot take is a type error.
 * @example
 * import { experimental_defineHook, deny, allow } from "vigiles/hook";
 * export default experimental_defineHook({
 *   on: "PreToolUse",
 *   matcher: "Bash",
 *   decide: (e) => (e.command.runs("git push", { force: true }) ? deny("no force-push") : allow()),
 * });
 */
export function experimental_defineHook<E extends HookProgramEvent>(
  definition: HookDefinition<E>,
): HookProgram<E> {
  if (!isHookProgramEvent(definition.on)) {
    throw new InvalidOptionError(
      `experimental_defineHook: unknown event ${JSON.stringify(definition.on)}; use one of ${HOOK_PROGRAM_EVENTS.join(", ")}.`,
    );
  }
  if (typeof definition.decide !== "function") {
    throw new InvalidOptionError(
      `experimental_defineHook({ on: "${definition.on}" }): decide must be a function (event) => answer.`,
    );
  }
  const mode = definition.mode ?? "enforce";
  if (mode !== "enforce" && mode !== "observe") {
    throw new InvalidOptionError(
      `experimental_defineHook: mode ${JSON.stringify(mode)} is not "enforce" or "observe".`,
    );
  }
  return Object.freeze({ ...definition, mode, tag: PROGRAM_TAG });
}

/** Recognises a program made by any copy of vigiles (a structural check, not `instanceof`). */
export function isHookProgram(value: unknown): value is AnyHookProgram {
  if (typeof value !== "object" || value === null) return false;
  const v = value as { tag?: unknown; on?: unknown; decide?: unknown };
  return v.tag === PROGRAM_TAG && isHookProgramEvent(v.on) && typeof v.decide === "function";
}
