/**
 * Reads `copilot -p --output-format json` (JSONL) into the parts of a Trace. Events used:
 * `assistant.message` (text; `toolRequests`), `tool.execution_start` / `tool.execution_complete`
 * (`success`, `result.content`, or `error: {code: "denied", message: "Denied by preToolUse hook: …"}`),
 * `assistant.turn_end`, `result` (`exitCode`, `sessionId`). Events of a subagent carry a top-level
 * `agentId`. Tool calls take Claude Code's names (src/core/copilot/tool-names.ts). Token counts are not in the
 * stream: they come from the `session.usage_record` events of the session's own log
 * (`$COPILOT_HOME/session-state/<sessionId>/events.jsonl`). Hook fires come from the recorder.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ToolCall } from "../../../core/trace.js";
import type { RunDirs, StreamReader, StreamSummary } from "../../port.js";
import { copilotFiresDir, copilotHomeOf } from "../prepare.js";
import { fromCopilotCall } from "../dialect/tool-names.js";
import { readCopilotHookFires } from "./hook-fires.js";
import { unrecordedHookTypes } from "./unrecorded-hooks.js";
import { CopilotUnrecordedHookError } from "../errors.js";
import { JsonlLineReader } from "../../shared/jsonl-line-reader.js";
import { isRecord } from "../../../core/is-record.js";

const str = (v: unknown): string => (typeof v === "string" ? v : "");

/**
 * Denied by a hook ("Denied by preToolUse hook…", or "Permission denied by a PermissionRequest hook: …"
 * for a permissionRequest deny, measured on 1.0.102) rather than by Copilot itself.
 */
const HOOK_DENIAL = /^(?:Denied by \w+ hook\b|Permission denied by a PermissionRequest hook\b)/;

/** Token counts of a session, from its own log; zeros when it wrote none. */
export function sessionUsage(copilotHome: string, sessionId: string): { input: number; output: number } {
  let text: string;
  try {
    text = readFileSync(join(copilotHome, "session-state", sessionId, "events.jsonl"), "utf8");
  } catch {
    return { input: 0, output: 0 };
  }
  let input = 0;
  let output = 0;
  for (const line of text.split("\n")) {
    if (!line.includes('"session.usage_record"')) continue;
    try {
      const usage: unknown = (JSON.parse(line) as { data?: { usage?: unknown } }).data?.usage;
      if (!isRecord(usage)) continue;
      input += Number(usage["inputTokens"] ?? 0);
      output += Number(usage["outputTokens"] ?? 0);
    } catch {
      // A line cut short by a killed run.
    }
  }
  return { input, output };
}

export function createCopilotStreamReader(dirs?: RunDirs): StreamReader {
  // Ephemeral events (deltas, background-task ticks) are many and carry nothing the Trace needs.
  const lines = new JsonlLineReader({ keep: (event) => event["ephemeral"] !== true });
  const { events, strayLines } = lines;
  return {
    push: (chunk) => lines.push(chunk),
    finish(): StreamSummary {
      lines.finish();
      const calls = new Map<string, ToolCall>();
      const parentOf = new Map<string, string>();
      let output = "";
      let turns = 0;
      let errorText: string | undefined;
      let sessionId: string | undefined;
      let announcedSkills: string[] = [];
      for (const event of events) {
        const data = isRecord(event["data"]) ? event["data"] : {};
        const inSubagent = typeof event["agentId"] === "string";
        switch (event["type"]) {
          case "session.skills_loaded":
            announcedSkills = (Array.isArray(data["skills"]) ? data["skills"] : []).flatMap((s) =>
              isRecord(s) && typeof s["name"] === "string" ? [s["name"]] : [],
            );
            break;
          case "assistant.message":
            if (!inSubagent && str(data["content"]) !== "") output = str(data["content"]);
            if (inSubagent && typeof data["parentToolCallId"] === "string") {
              for (const req of Array.isArray(data["toolRequests"]) ? data["toolRequests"] : []) {
                if (isRecord(req)) parentOf.set(str(req["toolCallId"]), data["parentToolCallId"]);
              }
            }
            break;
          case "tool.execution_start": {
            const id = str(data["toolCallId"]);
            const mapped = fromCopilotCall(
              str(data["toolName"]),
              isRecord(data["arguments"]) ? data["arguments"] : {},
            );
            const parentId = parentOf.get(id);
            calls.set(id, { id, ...mapped, ...(parentId !== undefined ? { parentId } : {}) });
            break;
          }
          case "tool.execution_complete": {
            const id = str(data["toolCallId"]);
            const call = calls.get(id);
            if (!call) break;
            const error = isRecord(data["error"]) ? data["error"] : undefined;
            const result = isRecord(data["result"]) ? data["result"] : {};
            const text = error ? str(error["message"]) : str(result["content"]);
            const denied = error?.["code"] === "denied";
            calls.set(id, {
              ...call,
              result: {
                text,
                isError: data["success"] !== true,
                ...(denied
                  ? {
                      denied: true,
                      deniedBy: HOOK_DENIAL.test(text) ? ("hook" as const) : ("harness" as const),
                    }
                  : {}),
              },
            });
            break;
          }
          case "assistant.turn_end":
            if (!inSubagent) turns += 1;
            break;
          case "session.error":
            errorText = str(data["message"]) || "the session failed";
            break;
          case "result":
            sessionId = str(event["sessionId"]) || undefined;
            break;
          default:
            break;
        }
      }
      const usage =
        dirs && sessionId ? sessionUsage(copilotHomeOf(dirs), sessionId) : { input: 0, output: 0 };
      if (dirs) {
        const unrecorded = unrecordedHookTypes(dirs, copilotHomeOf(dirs));
        if (unrecorded.length > 0) throw new CopilotUnrecordedHookError(unrecorded);
      }
      return {
        events,
        strayLines,
        toolCalls: [...calls.values()],
        hooks: dirs ? readCopilotHookFires(copilotFiresDir(dirs)) : [],
        output,
        turns,
        inputTokens: usage.input,
        outputTokens: usage.output,
        costUsd: 0,
        ...(errorText !== undefined ? { errorText } : {}),
        announcedTools: [],
        announcedSkills,
      };
    },
  };
}
