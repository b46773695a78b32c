/**
 * Each harness's event names in Claude Code's, so one spec's checks read every harness:
 * `hookFired("PreToolUse")` matches a Gemini `BeforeTool` fire and a Copilot `preToolUse` fire. The
 * mapping is each harness's own rules table (gemini-rules.ts `claudeEvent`, copilot-rules.ts
 * `COPILOT_PASCAL_EVENTS`); Codex and Claude Code already use Claude Code's names.
 */
import { assertNever } from "../errors.js";
import { COPILOT_PASCAL_EVENTS } from "./copilot-rules.js";
import type { HookHarness } from "./event-rules.js";
import { geminiEventRules } from "./gemini-rules.js";

const COPILOT_TO_CLAUDE: ReadonlyMap<string, string> = new Map(
  Object.entries(COPILOT_PASCAL_EVENTS).map(([claude, copilot]) => [copilot, claude]),
);

/**
 * The Claude Code event an event of `harness` stands for, or undefined where none matches (Gemini's
 * BeforeModel) or the name already is Claude Code's.
 *
 * @example
 * claudeCodeEvent("gemini", "BeforeTool"); // "PreToolUse"
 */
export function claudeCodeEvent(harness: HookHarness, event: string): string | undefined {
  switch (harness) {
    case "claude-code":
    case "codex":
      return undefined;
    case "copilot":
      return COPILOT_TO_CLAUDE.get(event);
    case "gemini": {
      const claude = geminiEventRules(event)?.claudeEvent;
      return claude === event ? undefined : claude;
    }
    default:
      return assertNever(harness, "hook harness");
  }
}
