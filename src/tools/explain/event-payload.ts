/**
 * The event `vigiles explain` asks about when it is given by flags: the tool call, the prompt, and
 * the field an event's matcher reads (SessionStart's `source`, PreCompact's `trigger`, Notification's
 * `notification_type`). A field the flags leave out gets the harness's first listed value (Claude
 * Code's SessionStart `startup`) rather than "", which no matcher but the catch-all selects.
 */
import { dialectOf } from "../../adapters/registry.js";
import { claudeEventName, dialectEvent, type HookDialect } from "../../core/dialect.js";
import { isToolEventOf, matcherSubjectOf } from "../../core/hook-config/dialect-matcher.js";

export interface EventFlags {
  readonly event?: string | undefined;
  readonly tool?: string | undefined;
  readonly command?: string | undefined;
  readonly filePath?: string | undefined;
  readonly prompt?: string | undefined;
  /** SessionStart's `source` (startup, resume, clear, compact). */
  readonly source?: string | undefined;
  /** PreCompact's and Setup's `trigger` (manual, auto). */
  readonly trigger?: string | undefined;
  /** Notification's `notification_type` (permission_prompt, idle_prompt …). */
  readonly notificationType?: string | undefined;
}

/** The payload the flags describe, or undefined when they name no event. */
export function payloadFromFlags(flags: EventFlags): Record<string, unknown> | undefined {
  const fields: Record<string, unknown> = {
    ...(flags.prompt !== undefined ? { prompt: flags.prompt } : {}),
    ...(flags.source !== undefined ? { source: flags.source } : {}),
    ...(flags.trigger !== undefined ? { trigger: flags.trigger } : {}),
    ...(flags.notificationType !== undefined ? { notification_type: flags.notificationType } : {}),
  };
  if (flags.tool !== undefined) {
    const input: Record<string, unknown> = {};
    if (flags.command !== undefined) input["command"] = flags.command;
    if (flags.filePath !== undefined) input["file_path"] = flags.filePath;
    return {
      hook_event_name: flags.event ?? "PreToolUse",
      tool_name: flags.tool,
      tool_input: input,
      ...fields,
    };
  }
  return flags.event !== undefined ? { hook_event_name: flags.event, ...fields } : undefined;
}

/**
 * The payload with the matcher's subject filled where it is missing: the harness's first listed
 * value for the event, else Claude Code's for the same moment (Gemini CLI lists no SessionStart
 * sources; it sends `startup` as Claude Code does).
 */
export function withSubjectDefault(
  payload: Readonly<Record<string, unknown>>,
  dialect: HookDialect,
): Record<string, unknown> {
  const event = String(payload["hook_event_name"] ?? "");
  const field = matcherSubjectOf(dialect, event);
  if (field === undefined || isToolEventOf(dialect, event) || payload[field] !== undefined)
    return { ...payload };
  const claude = dialectOf();
  const value =
    dialectEvent(dialect, event)?.matcherValues?.[0] ??
    dialectEvent(claude, claudeEventName(dialect, event))?.matcherValues?.[0];
  return value === undefined ? { ...payload } : { ...payload, [field]: value };
}
