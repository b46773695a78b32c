/**
 * Matchers as the harness applies them (docs/hook-contract.md): `*`, empty or absent match everything;
 * a matcher of only `[A-Za-z0-9_ ,|-]` is a list of exact names split on `|` or `,`; anything else
 * is an unanchored JavaScript regex. Case-sensitive.
 */

/** The payload field each event's matcher is compared with. Events not listed have no matcher subject. */
const MATCHER_SUBJECT: Readonly<Record<string, string>> = {
  PreToolUse: "tool_name",
  PostToolUse: "tool_name",
  PostToolUseFailure: "tool_name",
  PermissionRequest: "tool_name",
  PermissionDenied: "tool_name",
  UserPromptExpansion: "command_name",
  SessionStart: "source",
  SessionEnd: "reason",
  SubagentStart: "agent_type",
  SubagentStop: "agent_type",
  StopFailure: "error",
  PreCompact: "trigger",
  PostCompact: "trigger",
  Notification: "notification_type",
  ConfigChange: "source",
  Setup: "trigger",
};

/** The payload field an event's matcher reads, or undefined when the event ignores matchers. */
export function matcherSubjectField(event: string): string | undefined {
  return Object.hasOwn(MATCHER_SUBJECT, event) ? MATCHER_SUBJECT[event] : undefined;
}

/** Whether an event's handlers are selected by tool (so `if:` rules apply). */
export function isToolEvent(event: string): boolean {
  return matcherSubjectField(event) === "tool_name";
}

export type MatcherKind = "all" | "names" | "regex";

export interface MatcherVerdict {
  readonly matches: boolean;
  readonly kind: MatcherKind;
  /** For `names`: the exact names. */
  readonly names?: readonly string[];
  /** Set when a regex matcher does not compile: the harness never fires it. */
  readonly error?: string;
}

const EXACT_NAMES = /^[A-Za-z0-9_ ,|-]+$/;

/** Classifies a matcher and tests it against a subject (a tool name, a source …). */
export function testMatcher(matcher: string | undefined, subject: string): MatcherVerdict {
  if (matcher === undefined || matcher === "" || matcher === "*") return { matches: true, kind: "all" };
  if (EXACT_NAMES.test(matcher)) {
    const names = matcher
      .split(/[|,]/)
      .map((s) => s.trim())
      .filter((s) => s !== "");
    return { matches: names.includes(subject), kind: "names", names };
  }
  try {
    return { matches: new RegExp(matcher).test(subject), kind: "regex" };
  } catch (error) {
    return { matches: false, kind: "regex", error: (error as Error).message };
  }
}
