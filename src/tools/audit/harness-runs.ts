/**
 * What the harness itself would run, so `vigiles audit --run` runs nothing else: a hook under an
 * event the harness does not fire (Gemini CLI skips an unknown `BeforePhase`), or one whose matcher
 * the harness never selects, is reported by the static rules (unknown-event and its per-harness
 * twins, matcher-matches-nothing …) and never run here; running it would report what no session
 * ever sees.
 */
import { dialectEvent, nativeToolName } from "../../core/dialect.js";
import type { HookRegistration } from "../../core/audit/hooks-config.js";
import { isToolEventOf, testDialectMatcher } from "../../core/hook-config/dialect-matcher.js";

/** Why the harness never runs this registration on any call, or undefined when it may run it. */
export function neverRunReason(reg: HookRegistration): string | undefined {
  const event = dialectEvent(reg.dialect, reg.event);
  const harness = reg.dialect.displayName;
  if (event === undefined)
    // An event the release carries but the dialect does not model may run, but what it sends and
    // what its answer does were never pinned: the audit cannot judge a run of it (unpinned-event).
    return reg.dialect.unpinnedEvents?.includes(reg.event) === true
      ? `${harness}'s event ${reg.event} is not pinned, so a run of it cannot be judged`
      : `${harness} fires no event named ${reg.event}`;
  if (
    event.matcherSubject === undefined &&
    reg.matcher !== undefined &&
    reg.dialect.subjectlessMatcher === "never-fires"
  )
    return `${reg.event} has no matcher subject and ${harness} runs no group with a matcher there`;
  return undefined;
}

/**
 * Whether the harness selects this registration for a call whose matcher subject is `target` (a
 * Claude Code tool name on a tool event, translated to the harness's own; the value itself elsewhere).
 * A probe without a target, or an event without a matcher subject, is selected.
 */
export function selectsTarget(reg: HookRegistration, target: string | undefined): boolean {
  const event = dialectEvent(reg.dialect, reg.event);
  if (target === undefined || event?.matcherSubject === undefined) return true;
  const subject = isToolEventOf(reg.dialect, reg.event) ? nativeToolName(reg.dialect, target) : target;
  if (testDialectMatcher(reg.dialect, reg.event, reg.matcher, subject).matches) return true;
  // Where the harness also compares Claude Code's name of the tool (Copilot's PascalCase alias).
  return (
    event.matcherTakesClaudeToolNames === true &&
    subject !== target &&
    testDialectMatcher(reg.dialect, reg.event, reg.matcher, target).matches
  );
}
