/**
 * Reads `gemini --output-format stream-json` (JSONL, 0.61.0: `init`, `message` (user; assistant
 * with `delta: true`), `tool_use` {tool_name, tool_id, parameters}, `tool_result` {tool_id, status,
 * output, error}, `error`, `result` {status, stats}) into the parts of a Trace. Calls take Claude
 * Code's names (`run_shell_command` is `Bash` …) so one set of checks reads every harness. A call a
 * BeforeTool hook blocked is in the stream as a `tool_result` error (`policy_violation`, "Tool
 * execution blocked: <reason>"); hook fires come from the recorder.
 */
import type { ToolCall, ToolResult } from "../../../core/trace.js";
import type { RunDirs, StreamReader, StreamSummary } from "../../port.js";
import { toClaudeCall } from "../mock/tool-names.js";
import { geminiHookFiresDir } from "../prepare.js";
import { readHookFires, type FireNaming } from "../../shared/hook-records.js";
import { geminiDialect } from "../dialect.js";
import { JsonlLineReader } from "../../shared/jsonl-line-reader.js";
import { isRecord } from "../../../core/is-record.js";

type Json = Record<string, unknown>;
const str = (v: unknown): string => (typeof v === "string" ? v : "");

/** A fire's tool in Claude Code's name, as the Trace's calls show it (`BeforeTool:run_shell_command` is `PreToolUse:Bash`). */
const GEMINI_FIRE_NAMING: FireNaming = { claudeTool: (tool) => toClaudeCall(tool, {}).name };

/** How the CLI words a refusal by a hook (BeforeTool deny or exit 2, and `continue: false`). */
const HOOK_REFUSAL = /^(Tool execution blocked|Agent execution stopped by hook):/;

/** A `tool_result` event as a ToolResult. */
export function resultOf(event: Json): ToolResult {
  if (event["status"] === "success") return { text: str(event["output"]), isError: false };
  const error = isRecord(event["error"]) ? event["error"] : {};
  const message = str(error["message"]) || str(event["output"]);
  const type = str(error["type"]);
  const byHook = HOOK_REFUSAL.test(message) || type === "stop_execution";
  const denied = byHook || type === "policy_violation";
  return {
    text: message,
    isError: true,
    ...(denied ? { denied: true, deniedBy: byHook ? ("hook" as const) : ("harness" as const) } : {}),
  };
}

export function createGeminiStreamReader(dirs?: RunDirs): StreamReader {
  const lines = new JsonlLineReader();
  const { events, strayLines } = lines;

  return {
    push: (chunk) => lines.push(chunk),
    finish(): StreamSummary {
      lines.finish();
      const calls = new Map<string, ToolCall>();
      let output = "";
      let turns = 0;
      let inTurn = false;
      let inputTokens = 0;
      let outputTokens = 0;
      let errorText: string | undefined;
      for (const event of events) {
        switch (event["type"]) {
          case "message":
            if (event["role"] === "assistant") {
              if (!inTurn) turns += 1;
              inTurn = true;
              output += str(event["content"]);
            } else {
              inTurn = false;
              // A new user prompt (several prompts: one `--resume` process each): the answer is the last one's.
              if (event["role"] === "user") output = "";
            }
            break;
          case "tool_use": {
            if (!inTurn) turns += 1;
            inTurn = true;
            // The answer is what the model says after its last tool call.
            output = "";
            const id = str(event["tool_id"]);
            const { name, input } = toClaudeCall(
              str(event["tool_name"]),
              isRecord(event["parameters"]) ? event["parameters"] : {},
            );
            calls.set(id, { id, name, input });
            break;
          }
          case "tool_result": {
            inTurn = false;
            const id = str(event["tool_id"]);
            const call = calls.get(id);
            if (call) calls.set(id, { ...call, result: resultOf(event) });
            break;
          }
          case "error":
            // A warning is not the run's error: 0.61.0 reports a hook's block of the model call or of the
            // agent's end ("Agent execution blocked: …") as severity "warning" and carries on.
            if (event["severity"] !== "warning")
              errorText = str(event["message"]) || "the CLI reported an error";
            break;
          case "result": {
            const stats = isRecord(event["stats"]) ? event["stats"] : {};
            inputTokens += Number(stats["input_tokens"] ?? 0);
            outputTokens += Number(stats["output_tokens"] ?? 0);
            if (event["status"] !== "success") {
              const error = isRecord(event["error"]) ? event["error"] : {};
              errorText =
                str(error["message"]) || errorText || `the run ended with status ${str(event["status"])}`;
            }
            break;
          }
          default:
            break;
        }
      }
      return {
        events,
        strayLines,
        toolCalls: [...calls.values()],
        hooks: dirs ? readHookFires(geminiHookFiresDir(dirs), geminiDialect, GEMINI_FIRE_NAMING) : [],
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
