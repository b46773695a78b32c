/**
 * What a hook program's `decide` returns: one small tagged object per answer. Each answer names its
 * kind; the event a program is defined on decides which kinds are legal (see `events.ts`).
 */

import { InvalidOptionError } from "../errors.js";

/** The tag every answer carries, so a program loaded from another copy of vigiles is still recognised. */
export const ANSWER_TAG = "vigiles.hook-answer" as const;

/** The hook has no objection. On PreToolUse the normal permission flow goes on; on PermissionRequest the request is approved. */
export interface Allow {
  readonly tag: typeof ANSWER_TAG;
  readonly kind: "allow";
}

/** Stop the action: PreToolUse deny, PermissionRequest deny, UserPromptSubmit block (prompt erased), Stop block (keep working). */
export interface Deny {
  readonly tag: typeof ANSWER_TAG;
  readonly kind: "deny";
  readonly reason: string;
}

/** Ask the user to confirm the tool call (PreToolUse only). */
export interface Ask {
  readonly tag: typeof ANSWER_TAG;
  readonly kind: "ask";
  readonly reason: string;
}

/** Add text to the model's context (`additionalContext`) on the events that accept it. */
export interface Inject {
  readonly tag: typeof ANSWER_TAG;
  readonly kind: "inject";
  readonly text: string;
}

/** An advisory message written to stderr; it never blocks. */
export interface Notice {
  readonly tag: typeof ANSWER_TAG;
  readonly kind: "notice";
  readonly message: string;
}

/** A reaction that has nothing to say. */
export interface Nothing {
  readonly tag: typeof ANSWER_TAG;
  readonly kind: "nothing";
}

/** Answers of a gate: they decide whether the action goes ahead. */
export type GateAnswer = Allow | Deny | Ask;
/** Every answer a hook program can give. */
export type HookAnswer = Allow | Deny | Ask | Inject | Notice | Nothing;
/** The kind of a hook program's answer: allow, deny, ask, inject, notice or nothing. */
export type HookAnswerKind = HookAnswer["kind"];

const ALLOW: Allow = Object.freeze({ tag: ANSWER_TAG, kind: "allow" });
const NOTHING: Nothing = Object.freeze({ tag: ANSWER_TAG, kind: "nothing" });

/**
 * The gate has no objection.
 * @example
 * decide: (e) => (e.command.runs("git push", { force: true }) ? deny("no force-push") : allow())
 */
export function allow(): Allow {
  return ALLOW;
}

/**
 * Stop the action, with the reason the model (or the user) sees.
 * @example
 * deny("force-push rewrites shared history; push a new commit instead")
 */
export function deny(reason: string): Deny {
  return { tag: ANSWER_TAG, kind: "deny", reason: requireText(reason, "deny") };
}

/**
 * Ask the user to confirm (PreToolUse only).
 * @example
 * ask("this deletes files outside the work dir")
 */
export function ask(reason: string): Ask {
  return { tag: ANSWER_TAG, kind: "ask", reason: requireText(reason, "ask") };
}

/**
 * Add context for the model (UserPromptSubmit, SessionStart, PreToolUse, PostToolUse).
 * @example
 * inject("The release branch is frozen until Friday.")
 */
export function inject(text: string): Inject {
  return { tag: ANSWER_TAG, kind: "inject", text: requireText(text, "inject") };
}

/**
 * An advisory message on stderr from a reaction.
 * @example
 * notice("the build failed: read the error before retrying")
 */
export function notice(message: string): Notice {
  return { tag: ANSWER_TAG, kind: "notice", message: requireText(message, "notice") };
}

/** A reaction that stays silent. */
export function nothing(): Nothing {
  return NOTHING;
}

/** True for any answer built by this module (or by another copy of it). */
export function isHookAnswer(value: unknown): value is HookAnswer {
  if (typeof value !== "object" || value === null) return false;
  const v = value as { tag?: unknown; kind?: unknown };
  return (
    v.tag === ANSWER_TAG &&
    (v.kind === "allow" ||
      v.kind === "deny" ||
      v.kind === "ask" ||
      v.kind === "inject" ||
      v.kind === "notice" ||
      v.kind === "nothing")
  );
}

function requireText(text: unknown, what: string): string {
  if (typeof text !== "string" || text.trim() === "") {
    throw new InvalidOptionError(
      `${what}() needs a non-empty string (got ${JSON.stringify(text)}): the harness shows it to the model, and some harnesses reject an empty reason.`,
    );
  }
  return text;
}
