/**
 * Claude Code's reading of a matcher, kept as a public helper: `*`, empty or absent match everything;
 * a matcher of only `[A-Za-z0-9_ ,|-]` is a list of exact names split on `|` or `,`; anything else is
 * an unanchored JavaScript regex. Case-sensitive. Other harnesses read matchers their own way: see
 * their dialect (dialect-matcher.ts).
 */
import { testMatcherBy, type MatcherVerdict } from "./dialect-matcher.js";

export type { MatcherKind, MatcherVerdict } from "./dialect-matcher.js";

/** Classifies a matcher and tests it against a subject (a tool name, a source …) as Claude Code does. */
export function testMatcher(matcher: string | undefined, subject: string): MatcherVerdict {
  const { rule: _rule, ...verdict } = testMatcherBy("names-or-regex", matcher, subject);
  return verdict;
}
