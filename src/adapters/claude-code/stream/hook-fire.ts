/**
 * A HookFire from the CLI's own `system/hook_started` + `system/hook_response` events. `blocked` is
 * read from what the hook answered, with the event's own rules (docs/hook-contract.md, Hook output):
 * exit 2 blocks only where the event can block; a JSON answer blocks with `continue:false` where the
 * event's rules say it stops the action (UserPromptSubmit), a PreToolUse `permissionDecision:"deny"`, a PermissionRequest `behavior:"deny"` or a top-level
 * `decision:"block"`. An illegal value (`permissionDecision:"block"`) is not a block: the CLI fails
 * it open and runs the tool, and the fire's `outcome` is "error".
 */
import { dialectEventRules } from "../../../core/dialect.js";
import { claudeCodeDialect } from "../dialect.js";
import type { HookFire, HookOutcome } from "../../../core/trace.js";

/** The rules of a Claude Code event, from its dialect. */
const rulesOf = (event: string) => dialectEventRules(claudeCodeDialect, event);

function parseJsonObject(text: string): Record<string, unknown> | undefined {
  const trimmed = text.trim();
  if (!trimmed.startsWith("{")) return undefined;
  try {
    const value = JSON.parse(trimmed) as unknown;
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a hook's answer stopped the action it was asked about. */
export function hookAnswerBlocks(event: string, exitCode: number | null, stdout: string): boolean {
  if (exitCode === 2) return rulesOf(event)?.exit2Blocks === true;
  if (exitCode !== 0) return false;
  const json = parseJsonObject(stdout);
  if (!json) return false;
  // continue:false ends the session after the hooks ran; it stops the action only where the event's
  // rules say so (UserPromptSubmit). A PreToolUse call still runs (2.1.328, test/harness/continue-false.test.ts).
  if (json["continue"] === false && rulesOf(event)?.continueFalseBlocks === true) return true;
  if (json["decision"] === "block") return true;
  const specific = json["hookSpecificOutput"];
  if (typeof specific === "object" && specific !== null) {
    const s = specific as Record<string, unknown>;
    if (s["permissionDecision"] === "deny") return true;
    const decision = s["decision"];
    if (
      typeof decision === "object" &&
      decision !== null &&
      (decision as { behavior?: unknown }).behavior === "deny"
    ) {
      return true;
    }
  }
  return false;
}

function str(value: unknown): string {
  return typeof value === "string" ? value : "";
}

function outcomeOf(value: unknown): HookOutcome {
  return value === "success" || value === "error" || value === "cancelled" ? value : "error";
}

/** Builds one HookFire from a `system/hook_response` event (its `hook_started` adds nothing the response lacks). */
export function hookFireFromResponse(event: Record<string, unknown>): HookFire {
  const hookEvent = str(event["hook_event"]);
  const exitCode = typeof event["exit_code"] === "number" ? event["exit_code"] : null;
  const stdout = str(event["stdout"]);
  return {
    name: str(event["hook_name"]) || hookEvent,
    event: hookEvent,
    exitCode,
    blocked: hookAnswerBlocks(hookEvent, exitCode, stdout),
    output: str(event["output"]),
    stdout,
    stderr: str(event["stderr"]),
    outcome: outcomeOf(event["outcome"]),
  };
}

/** A fire whose hook started but never answered before the run ended (killed, or the CLI stopped). */
export function unansweredHookFire(event: Record<string, unknown>): HookFire {
  const hookEvent = str(event["hook_event"]);
  return {
    name: str(event["hook_name"]) || hookEvent,
    event: hookEvent,
    exitCode: null,
    blocked: false,
    output: "",
    stdout: "",
    stderr: "",
    outcome: "cancelled",
  };
}
