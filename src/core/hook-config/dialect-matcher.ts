/**
 * Matchers as a harness applies them, read from its dialect: which payload field an event's matcher
 * is compared with, and how (names or regex, unanchored or whole-name, or plain equality). One
 * reading serves runHook's selection, explain, the audit and mutate.
 */
import { dialectEvent, type HookDialect, type MatcherRule } from "../dialect.js";

export type MatcherKind = "all" | "names" | "regex" | "exact";

export interface MatcherVerdict {
  readonly matches: boolean;
  readonly kind: MatcherKind;
  /** For `names`: the exact names. */
  readonly names?: readonly string[];
  /** Set when a regex matcher does not compile: the harness never fires it. */
  readonly error?: string;
  /** The rule that compared it, for explanations. */
  readonly rule?: MatcherRule;
}

const WIDE_NAMES = /^[A-Za-z0-9_ ,|-]+$/;
const PIPE_NAMES = /^[A-Za-z0-9_|]+$/;

/** The payload field an event's matcher reads, or undefined when the harness ignores a matcher there. */
export function matcherSubjectOf(dialect: HookDialect, event: string): string | undefined {
  return dialectEvent(dialect, event)?.matcherSubject;
}

/** The value a matcher is compared with for this payload, or undefined when the event takes no matcher. */
export function matcherSubjectValue(
  dialect: HookDialect,
  event: string,
  payload: Readonly<Record<string, unknown>>,
): string | undefined {
  const e = dialectEvent(dialect, event);
  if (e?.matcherSubject === undefined) return undefined;
  const raw = payload[e.matcherSubject];
  const value = typeof raw === "string" ? raw : "";
  return e.subjectTransform === "basename" ? (value.split("/").pop() ?? "") : value;
}

/** Whether an event's handlers are selected by tool name (so `if:` rules apply). */
export function isToolEventOf(dialect: HookDialect, event: string): boolean {
  const subject = matcherSubjectOf(dialect, event);
  return subject === "tool_name" || subject === "toolName";
}

/** How this harness compares a matcher on `event`. */
export function matcherRuleOf(dialect: HookDialect, event: string): MatcherRule {
  return dialectEvent(dialect, event)?.matcherRule ?? dialect.matcherRule;
}

function regexVerdict(source: string, subject: string, rule: MatcherRule): MatcherVerdict {
  try {
    return { matches: new RegExp(source).test(subject), kind: "regex", rule };
  } catch (error) {
    return { matches: false, kind: "regex", error: (error as Error).message, rule };
  }
}

function namesOrRegex(matcher: string, subject: string, rule: MatcherRule, names: RegExp, split: RegExp) {
  if (names.test(matcher)) {
    const list = matcher
      .split(split)
      .map((s) => s.trim())
      .filter((s) => s !== "");
    return { matches: list.includes(subject), kind: "names" as const, names: list, rule };
  }
  return regexVerdict(matcher, subject, rule);
}

/** Splits a matcher on the `|` outside `[...]`, groups and escapes (Qwen Code's list entries). */
function splitListEntries(pattern: string): string[] {
  const entries: string[] = [];
  let current = "";
  let escaped = false;
  let inClass = false;
  let depth = 0;
  for (const char of pattern) {
    if (escaped) escaped = false;
    else if (char === "\\") escaped = true;
    else if (inClass) inClass = char !== "]";
    else if (char === "[") inClass = true;
    else if (char === "(") depth += 1;
    else if (char === ")") depth = Math.max(0, depth - 1);
    else if (char === "|" && depth === 0) {
      entries.push(current);
      current = "";
      continue;
    }
    current += char;
  }
  entries.push(current);
  return entries;
}

/** Qwen Code 0.24.4 (hook-matcher.ts matchesHookPattern): exact names and aliases first, then a regex. */
function exactListOrRegex(matcher: string, subject: string, aliases: readonly string[]): MatcherVerdict {
  const rule = "exact-list-or-regex" as const;
  const pattern = matcher.trim();
  if (pattern === "" || pattern === "*" || pattern === ".*") return { matches: true, kind: "all", rule };
  const exact = [subject, ...aliases];
  if (exact.includes(pattern)) return { matches: true, kind: "names", names: [pattern], rule };
  let source = pattern;
  if (pattern.includes("|") && !pattern.startsWith("^") && !pattern.startsWith("(")) {
    const entries = splitListEntries(pattern)
      .map((e) => e.trim())
      .filter((e) => e !== "");
    if (entries.some((e) => e === "*" || e === ".*" || exact.includes(e)))
      return { matches: true, kind: "names", names: entries, rule };
    if (entries.length === 0) return { matches: false, kind: "names", names: [], rule };
    source = entries.join("|");
  }
  return regexVerdict(source, subject, rule);
}

/**
 * Compares a matcher with its subject by `rule`. An absent matcher matches everything; so do `*` and
 * "" except under `whole-name`: Copilot CLI 1.0.102 compiles them as whole-name regexes too (`*` does
 * not compile, `^(?:)$` matches only an empty name), so neither fires (conformance runs).
 */
export function testMatcherBy(
  rule: MatcherRule,
  matcher: string | undefined,
  subject: string,
  /** Other names of the subject, compared exactly (`exact-list-or-regex` only). */
  aliases: readonly string[] = [],
): MatcherVerdict {
  if (matcher === undefined) return { matches: true, kind: "all", rule };
  if (rule !== "whole-name" && (matcher === "" || matcher === "*"))
    return { matches: true, kind: "all", rule };
  switch (rule) {
    case "names-or-regex":
      return namesOrRegex(matcher, subject, rule, WIDE_NAMES, /[|,]/);
    case "pipe-names-or-regex":
      return namesOrRegex(matcher, subject, rule, PIPE_NAMES, /\|/);
    case "regex": {
      // Gemini CLI 0.61.0 (hookPlanner.matchesToolName): the trimmed matcher as a regex; one that
      // does not compile is compared for equality instead of never firing.
      const trimmed = matcher.trim();
      if (trimmed === "" || trimmed === "*") return { matches: true, kind: "all", rule };
      const v = regexVerdict(trimmed, subject, rule);
      return v.error === undefined ? v : { matches: trimmed === subject, kind: "exact", rule };
    }
    case "whole-name":
      return regexVerdict(`^(?:${matcher})$`, subject, rule);
    case "exact": {
      // Gemini CLI 0.61.0 (hookPlanner.matchesTrigger): the trimmed matcher must equal the source or
      // trigger, so an alternation such as `startup|clear` never matches.
      const trimmed = matcher.trim();
      if (trimmed === "" || trimmed === "*") return { matches: true, kind: "all", rule };
      return { matches: trimmed === subject, kind: "exact", rule };
    }
    case "exact-list-or-regex":
      return exactListOrRegex(matcher, subject, aliases);
    default: {
      const never: never = rule;
      return never;
    }
  }
}

/** Tests a matcher on `event` the way the harness of `dialect` does. */
export function testDialectMatcher(
  dialect: HookDialect,
  event: string,
  matcher: string | undefined,
  subject: string,
): MatcherVerdict {
  const aliases = isToolEventOf(dialect, event) ? (dialect.matcherAliases?.(subject) ?? []) : [];
  return testMatcherBy(matcherRuleOf(dialect, event), matcher, subject, aliases);
}

/** The rule in a few words, for explanations ("regex, unanchored"). */
export function describeMatcherRule(rule: MatcherRule): string {
  switch (rule) {
    case "names-or-regex":
    case "pipe-names-or-regex":
      return "regex, unanchored";
    case "regex":
      return "a regex, unanchored";
    case "whole-name":
      return "a regex over the whole name";
    case "exact":
      return "compared for equality";
    case "exact-list-or-regex":
      return "exact names and aliases, else a regex, unanchored";
    default: {
      const never: never = rule;
      return never;
    }
  }
}

/**
 * Whether a group's matcher selects `subject` on `event`, as the harness of `dialect` decides it, with
 * the reason in words (explain, runHook's selection). `subjectField` undefined: the event has no
 * matcher subject (the harness ignores the matcher, or Codex runs no group that has one).
 */
export function explainDialectMatcher(
  dialect: HookDialect,
  event: string,
  matcher: string | undefined,
  subjectField: string | undefined,
  subject: string,
): { matches: boolean; reason: string } {
  if (subjectField === undefined) {
    if (matcher !== undefined && dialect.subjectlessMatcher === "never-fires")
      return {
        matches: false,
        reason: `${event} has no matcher subject, and ${dialect.displayName} runs no group with a matcher there (${JSON.stringify(matcher)})`,
      };
    return {
      matches: true,
      reason:
        matcher && matcher !== "*"
          ? `${event} has no matcher subject: matcher ${JSON.stringify(matcher)} is ignored`
          : `${event} has no matcher subject`,
    };
  }
  const v = testDialectMatcher(dialect, event, matcher, subject);
  const shown = `${subjectField} ${JSON.stringify(subject)}`;
  switch (v.kind) {
    case "all":
      return { matches: true, reason: `matcher ${JSON.stringify(matcher ?? "")} matches every ${event}` };
    case "names":
      return {
        matches: v.matches,
        reason: `matcher ${JSON.stringify(matcher)} (exact names: ${(v.names ?? []).join(", ")}) ${v.matches ? "matches" : "does not match"} ${shown}`,
      };
    case "regex":
      if (v.error)
        return {
          matches: false,
          reason: `matcher ${JSON.stringify(matcher)} is not a valid regex (${v.error}): it never fires`,
        };
      return {
        matches: v.matches,
        reason: `matcher ${JSON.stringify(matcher)} (${describeMatcherRule(v.rule ?? dialect.matcherRule)}) ${v.matches ? "matches" : "does not match"} ${shown}`,
      };
    case "exact":
      return {
        matches: v.matches,
        reason: `matcher ${JSON.stringify(matcher)} (compared for equality) ${v.matches ? "matches" : "does not match"} ${shown}`,
      };
    default: {
      const never: never = v.kind;
      return never;
    }
  }
}
