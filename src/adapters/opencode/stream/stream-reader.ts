/**
 * Reads `opencode run --format json` (1.18.33, JSONL, the main session only: `step_start`,
 * `tool_use` {part: {tool, callID, state: {status, input, output, error}}}, `text` {part: {text}},
 * `step_finish` {part: {tokens}}, `error` {error}) into the parts of a Trace. Calls take Claude
 * Code's names and argument names (`bash` is Bash, `filePath` is `file_path`). A call a
 * `tool.execute.before` throw blocked is an `error` part carrying the thrown message; the plugin
 * recorder's log says which (denied by a hook), and supplies the hook fires.
 */
import { isRecord } from "../../../core/is-record.js";
import type { ToolCall, ToolResult } from "../../../core/trace.js";
import type { RunDirs, StreamReader, StreamSummary } from "../../port.js";
import { JsonlLineReader } from "../../shared/jsonl-line-reader.js";
import { toClaudeCall } from "../mock/tool-names.js";
import { openCodePluginLog } from "../plugin-wrap.js";
import { blockedCalls, fireOfRecord, readPluginRecords } from "../plugin-records.js";

type Json = Record<string, unknown>;
const str = (v: unknown): string => (typeof v === "string" ? v : "");

/** What OpenCode answers the model when a permission ask is auto-rejected in a headless run. */
export const PERMISSION_REJECTED = "The user rejected permission to use this specific tool call.";

function resultOf(state: Json, hookBlock: string | undefined): ToolResult | undefined {
  const status = str(state["status"]);
  if (status === "completed") return { text: str(state["output"]), isError: false };
  if (status !== "error") return undefined;
  const text = str(state["error"]);
  if (hookBlock !== undefined) return { text, isError: true, denied: true, deniedBy: "hook" };
  if (text === PERMISSION_REJECTED) return { text, isError: true, denied: true, deniedBy: "harness" };
  return { text, isError: true };
}

/** The error event's message (`error.data.message`, `error.message` or its name). */
function errorMessage(event: Json): string {
  const error = isRecord(event["error"]) ? event["error"] : {};
  const data = isRecord(error["data"]) ? error["data"] : {};
  return str(data["message"]) || str(error["message"]) || str(error["name"]) || "the CLI reported an error";
}

export function createOpenCodeStreamReader(dirs?: RunDirs): StreamReader {
  const lines = new JsonlLineReader();
  const { events, strayLines } = lines;
  return {
    push: (chunk) => lines.push(chunk),
    finish(): StreamSummary {
      lines.finish();
      const records = dirs ? readPluginRecords(openCodePluginLog(dirs)) : [];
      const blocked = blockedCalls(records);
      const calls = new Map<string, ToolCall>();
      let output = "";
      let turns = 0;
      let inputTokens = 0;
      let outputTokens = 0;
      let errorText: string | undefined;
      for (const event of events) {
        const part = isRecord(event["part"]) ? event["part"] : {};
        switch (event["type"]) {
          case "step_start":
            turns += 1;
            break;
          case "text":
            output += str(part["text"]);
            break;
          case "tool_use": {
            // The answer is what the model says after its last tool call.
            output = "";
            const id = str(part["callID"]);
            const state = isRecord(part["state"]) ? part["state"] : {};
            const { name, input } = toClaudeCall(
              str(part["tool"]),
              isRecord(state["input"]) ? state["input"] : {},
            );
            const result = resultOf(state, blocked.get(id));
            calls.set(id, { id, name, input, ...(result !== undefined ? { result } : {}) });
            break;
          }
          case "step_finish": {
            const tokens = isRecord(part["tokens"]) ? part["tokens"] : {};
            inputTokens += Number(tokens["input"] ?? 0);
            outputTokens += Number(tokens["output"] ?? 0);
            break;
          }
          case "error":
            errorText = errorMessage(event);
            break;
          default:
            break;
        }
      }
      return {
        events,
        strayLines,
        toolCalls: [...calls.values()],
        hooks: records.map(fireOfRecord),
        output,
        turns,
        inputTokens,
        outputTokens,
        costUsd: 0,
        ...(errorText !== undefined ? { errorText } : {}),
        announcedTools: [],
        announcedSkills: [],
      };
    },
  };
}
