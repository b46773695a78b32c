/**
 * Matchers as each harness applies them. Claude Code and Codex: `*`, empty or absent match all, a
 * list of plain names is exact names, anything else an unanchored regex (matcher.ts). Gemini CLI
 * 0.61.0: an unanchored, case-sensitive regex over its own tool names (gemini-rules.ts). Copilot CLI
 * 1.0.102: a regex that must match the whole name (its changelog: "hooks with matcher run only for
 * tool names that fully match the regex"), case-sensitive, on `toolName` for tool events (pinned on
 * preToolUse by a real run: test/explain/copilot-matcher.test.ts, where "bas" and "Bash" did not fire
 * for `bash`) and on `notification_type` for notification (docs.github.com, CLI hooks reference).
 */
import { copilotCanonicalEvent, copilotUsesSnakeCase } from "../hook-decision/copilot-rules.js";
import type { HookHarness } from "../hook-decision/event-rules.js";
import { geminiEventRules } from "../hook-decision/gemini-rules.js";
import { matcherSubjectField, testMatcher, type MatcherVerdict } from "./matcher.js";

const COPILOT_TOOL_EVENTS = new Set(["preToolUse", "postToolUse", "postToolUseFailure", "permissionRequest"]);

/** The payload field the harness compares an event's matcher with, or undefined when it ignores matchers there. */
export function harnessMatcherSubject(harness: HookHarness, event: string): string | undefined {
  switch (harness) {
    case "claude-code":
    case "codex":
      return matcherSubjectField(event);
    case "gemini":
      return geminiEventRules(event)?.matcherField;
    case "copilot": {
      const canonical = copilotCanonicalEvent(event);
      if (canonical === undefined) return undefined;
      const snake = copilotUsesSnakeCase(event);
      if (COPILOT_TOOL_EVENTS.has(canonical)) return snake ? "tool_name" : "toolName";
      return canonical === "notification" ? "notification_type" : undefined;
    }
    default: {
      const never: never = harness;
      return never;
    }
  }
}

function regexVerdict(source: string, subject: string): MatcherVerdict {
  try {
    return { matches: new RegExp(source).test(subject), kind: "regex" };
  } catch (error) {
    return { matches: false, kind: "regex", error: (error as Error).message };
  }
}

/** Tests a matcher against a subject (a tool name, a source …) the way `harness` does. */
export function testHarnessMatcher(
  harness: HookHarness,
  matcher: string | undefined,
  subject: string,
): MatcherVerdict {
  if (matcher === undefined || matcher === "" || matcher === "*") return { matches: true, kind: "all" };
  switch (harness) {
    case "claude-code":
    case "codex":
      return testMatcher(matcher, subject);
    case "gemini":
      return regexVerdict(matcher, subject);
    case "copilot":
      return regexVerdict(`^(?:${matcher})$`, subject);
    default: {
      const never: never = harness;
      return never;
    }
  }
}
