/** The event JSON a hook receives on stdin, completed with the common fields the CLI always sends. */
import { tmpdir } from "node:os";
import { join } from "node:path";
import { InvalidOptionError } from "../../core/errors.js";
import type { HookDialect } from "../../core/dialect.js";
import { isToolEventOf } from "../../core/hook-config/dialect-matcher.js";
import type { HookEventInput } from "./types.js";

let toolUseCounter = 0;

/** Session id of every payload vigiles builds (a test can match on it). */
export const TEST_SESSION_ID = "00000000-0000-4000-8000-000000000000";

/**
 * Fills what the CLI sends and the caller left out; fields the caller gave are kept as given.
 * Throws InvalidOptionError when the event name cannot be known.
 */
export function completeHookEvent(
  event: HookEventInput,
  cwd: string,
  dialect: HookDialect,
): Record<string, unknown> {
  if (typeof event !== "object" || event === null || Array.isArray(event)) {
    throw new InvalidOptionError(`Expected the hook event to be an object, got ${JSON.stringify(event)}.`);
  }
  const name = event.hook_event_name ?? (event.tool_name !== undefined ? "PreToolUse" : undefined);
  if (typeof name !== "string" || name === "") {
    throw new InvalidOptionError(
      'The hook event has no "hook_event_name" (and no "tool_name" to imply PreToolUse); add one, e.g. { hook_event_name: "Stop" }.',
    );
  }
  const filled: Record<string, unknown> = {
    session_id: TEST_SESSION_ID,
    transcript_path: join(tmpdir(), `vigiles-transcript-${TEST_SESSION_ID}.jsonl`),
    cwd,
    permission_mode: "default",
    hook_event_name: name,
  };
  // A tool event of the harness, or one the caller gave a tool for (a Claude-shaped payload sent to another harness).
  if (isToolEventOf(dialect, name) || event.tool_name !== undefined) {
    filled.tool_input = {};
    filled.tool_use_id = `toolu_vigiles_${String(++toolUseCounter).padStart(6, "0")}`;
  }
  if (name === "Stop" || name === "SubagentStop") filled.stop_hook_active = false;
  return { ...filled, ...event, hook_event_name: name };
}
