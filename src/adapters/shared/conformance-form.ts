/**
 * The writers every harness's conformance form shares: Claude Code's nested groups, Copilot's flat
 * entry, and the `{ hooks: { Event: [group…] } }` settings-shaped file most harnesses read.
 */
import type { ConformanceForm, ConformanceRegistration } from "../harness-entry.js";

/** A nested group: `{ matcher?, hooks: [{ type: "command", command }] }`. */
export const hookGroup = (r: ConformanceRegistration) => ({
  ...(r.matcher !== undefined ? { matcher: r.matcher } : {}),
  hooks: [{ type: "command", command: r.command }],
});

/** The registrations grouped by event, each written by `entry`. */
export function byEvent(
  registrations: readonly ConformanceRegistration[],
  entry: (r: ConformanceRegistration) => unknown,
): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  for (const r of registrations) (out[r.event] ??= []).push(entry(r));
  return out;
}

/** Pretty JSON with a final newline, as a config file is written. */
export const jsonFile = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** `{ hooks: { Event: [group…] } }` in one settings-like file at `file`. */
export function settingsShaped(file: string): Pick<ConformanceForm, "configFiles" | "configObject"> {
  const configObject = (rs: readonly ConformanceRegistration[]) => ({ hooks: byEvent(rs, hookGroup) });
  return { configObject, configFiles: (rs) => ({ [file]: jsonFile(configObject(rs)) }) };
}

/** Claude Code's event for each role, which Codex shares. */
export const CLAUDE_EVENT_NAMES: ConformanceForm["events"] = {
  preTool: "PreToolUse",
  postTool: "PostToolUse",
  sessionStart: "SessionStart",
  prompt: "UserPromptSubmit",
  stop: "Stop",
};

/** A scripted Write's input in Claude Code's field names. */
export const CLAUDE_WRITE_INPUT = { file_path: "written.txt", content: "conformance\n" };
/** A scripted Bash call's command. */
export const CONFORMANCE_COMMAND = "echo hi >> ran.txt";
