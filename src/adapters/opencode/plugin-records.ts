/**
 * The plugin recorder's log (plugin-wrap.ts) read back as the Trace's hook fires. A plugin's load is
 * a fire `plugin.load:<path>` (exit 0 when it loaded; exit 1 with the reason when OpenCode dropped
 * it, which a run counts as a crashed hook: OpenCode itself says nothing). Each hook call is a fire
 * `<event>:<tool>` with Claude Code's name as its alias (`tool.execute.before:bash` is
 * `PreToolUse:Bash`): exit 0 when it returned, 2 when it threw (a throw in `tool.execute.before`
 * blocks the call), the thrown message on stderr and, when it changed the arguments or the result,
 * the changed value on stdout.
 */
import { readFileSync } from "node:fs";
import { claudeEventName } from "../../core/dialect.js";
import { isRecord } from "../../core/is-record.js";
import type { HookFire } from "../../core/trace.js";
import { OPENCODE_EVENT_BLOCKS, OPENCODE_PLUGIN_LOAD } from "./dialect/rules.js";
import { openCodeDialect } from "./dialect.js";
import { toClaudeCall } from "./mock/tool-names.js";

/** One line of the recorder's log. */
export type PluginRecord =
  | { readonly kind: "load"; readonly plugin: string; readonly ok: true; readonly hooks: readonly string[] }
  | {
      readonly kind: "load";
      readonly plugin: string;
      readonly ok: false;
      readonly stage: string;
      readonly error: string;
    }
  | {
      readonly kind: "fire";
      readonly plugin: string;
      readonly event: string;
      readonly tool?: string;
      readonly callID?: string;
      readonly threw?: string;
      readonly changed?: unknown;
    };

/** Every record in the log, in the order they were written; an absent log means no plugin was there. */
export function readPluginRecords(log: string): PluginRecord[] {
  let text: string;
  try {
    text = readFileSync(log, "utf8");
  } catch {
    return [];
  }
  return text.split("\n").flatMap((line) => {
    if (line.trim() === "") return [];
    try {
      const parsed: unknown = JSON.parse(line);
      return isRecord(parsed) && typeof parsed["plugin"] === "string"
        ? [parsed as unknown as PluginRecord]
        : [];
    } catch {
      return [];
    }
  });
}

const STAGES: Readonly<Record<string, string>> = {
  import: "it failed to import (a syntax error, a missing import, or a throw at its top level)",
  export: "an export is not a function",
  init: "its plugin function threw",
};

/** Why a plugin did not load, in a sentence a test failure can show. */
export function loadFailureText(record: { readonly stage: string; readonly error: string }): string {
  return `OpenCode dropped this plugin without a word: ${STAGES[record.stage] ?? record.stage}: ${record.error}`;
}

/** One record as a fire. */
export function fireOfRecord(record: PluginRecord): HookFire {
  if (record.kind === "load") {
    const stderr = record.ok ? "" : loadFailureText(record);
    return {
      name: `${OPENCODE_PLUGIN_LOAD}:${record.plugin}`,
      event: OPENCODE_PLUGIN_LOAD,
      exitCode: record.ok ? 0 : 1,
      blocked: false,
      output: record.ok ? record.hooks.join(", ") : stderr,
      stdout: record.ok ? record.hooks.join("\n") : "",
      stderr,
      outcome: record.ok ? "success" : "error",
    };
  }
  const threw = record.threw !== undefined;
  const changed = record.changed !== undefined ? JSON.stringify(record.changed) : "";
  const claudeEvent = claudeEventName(openCodeDialect, record.event);
  const subject = record.tool;
  const alias =
    claudeEvent === record.event
      ? undefined
      : subject !== undefined
        ? `${claudeEvent}:${toClaudeCall(subject, {}).name}`
        : claudeEvent;
  return {
    name: subject !== undefined ? `${record.event}:${subject}` : record.event,
    event: record.event,
    ...(alias !== undefined ? { alias } : {}),
    exitCode: threw ? 2 : 0,
    blocked: threw && OPENCODE_EVENT_BLOCKS[record.event] === "call",
    output: record.threw ?? changed,
    stdout: changed,
    stderr: record.threw ?? "",
    outcome: threw ? "error" : "success",
  };
}

/** The fires of a run's log. */
export function readPluginFires(log: string): HookFire[] {
  return readPluginRecords(log).map(fireOfRecord);
}

/** The call ids a `tool.execute.before` throw blocked, with the message the model got. */
export function blockedCalls(records: readonly PluginRecord[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const r of records)
    if (
      r.kind === "fire" &&
      r.event === "tool.execute.before" &&
      r.threw !== undefined &&
      r.callID !== undefined
    )
      out.set(r.callID, r.threw);
  return out;
}
