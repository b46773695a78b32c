/**
 * Reads `qwen --output-format stream-json` (0.24.4, JSONL close to Claude Code's: `system` (subtype
 * `init`, with `tools`, `model`, `slash_commands`), `assistant` and `user` messages of content
 * blocks (`text`, `tool_use`, `tool_result` with `is_error`), `stream_event`, and `result` (subtype
 * `success` or `error_*`, `num_turns`, `usage`, `permission_denials`)) into the parts of a Trace.
 * Calls take Claude Code's names (`run_shell_command` is `Bash`). A call a PreToolUse hook denied is
 * a `tool_result` error listed in the result's `permission_denials`; hook fires come from the recorder.
 */
import { isRecord } from "../../../core/is-record.js";
import type { HookFire, ToolCall, ToolResult } from "../../../core/trace.js";
import type { RunDirs, StreamReader, StreamSummary } from "../../port.js";
import { readHookFires, type FireNaming } from "../../shared/hook-records.js";
import { JsonlLineReader } from "../../shared/jsonl-line-reader.js";
import { qwenDialect } from "../dialect.js";
import { claudeToolOf } from "../dialect/tools.js";
import { qwenHookFiresDir } from "../hook-wrap.js";

type Json = Record<string, unknown>;
const str = (v: unknown): string => (typeof v === "string" ? v : "");

/** A fire's tool in Claude Code's name, as the Trace's calls show it (`PreToolUse:run_shell_command` is `PreToolUse:Bash`). */
const QWEN_FIRE_NAMING: FireNaming = { claudeTool: claudeToolOf };

/**
 * A fire on one of Qwen's tools answers to Claude Code's name too (`PreToolUse:run_shell_command` is
 * `PreToolUse:Bash`): the events already share Claude Code's names, so the shared reader sets no alias.
 */
function withClaudeAlias(fire: HookFire): HookFire {
  if (fire.alias !== undefined) return fire;
  const [event, subject] = fire.name.split(":", 2);
  if (subject === undefined || claudeToolOf(subject) === subject) return fire;
  return { ...fire, alias: `${event}:${claudeToolOf(subject)}` };
}

/** A tool_result block's content as text. */
function resultText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.map((b) => (isRecord(b) ? str(b["text"]) : "")).join("\n");
}

function blocksOf(event: Json): Json[] {
  const message = isRecord(event["message"]) ? event["message"] : {};
  const content = message["content"];
  return Array.isArray(content) ? content.filter(isRecord) : [];
}

/** The ids of calls the result event lists as denied (by a hook: a headless --yolo run asks no one). */
function deniedIds(events: readonly Json[]): Set<string> {
  const ids = new Set<string>();
  for (const e of events) {
    if (e["type"] !== "result" || !Array.isArray(e["permission_denials"])) continue;
    for (const d of e["permission_denials"]) if (isRecord(d)) ids.add(str(d["tool_use_id"]));
  }
  return ids;
}

export function createQwenStreamReader(dirs?: RunDirs): StreamReader {
  const lines = new JsonlLineReader();
  const { events, strayLines } = lines;
  return {
    push: (chunk) => lines.push(chunk),
    finish(): StreamSummary {
      lines.finish();
      const denied = deniedIds(events);
      const calls = new Map<string, ToolCall>();
      let output = "";
      let turns = 0;
      let inputTokens = 0;
      let outputTokens = 0;
      let errorText: string | undefined;
      let announcedTools: string[] = [];
      let announcedSkills: string[] = [];
      for (const event of events) {
        switch (event["type"]) {
          case "system":
            if (event["subtype"] === "init") {
              announcedTools = Array.isArray(event["tools"]) ? event["tools"].map(String) : [];
              announcedSkills = Array.isArray(event["skills"]) ? event["skills"].map(String) : [];
            }
            break;
          case "assistant": {
            if (event["parent_tool_use_id"] === null || event["parent_tool_use_id"] === undefined) turns += 1;
            for (const block of blocksOf(event)) {
              if (block["type"] === "text") output = str(block["text"]);
              if (block["type"] !== "tool_use") continue;
              const id = str(block["id"]);
              const name = claudeToolOf(str(block["name"]));
              calls.set(id, { id, name, input: isRecord(block["input"]) ? block["input"] : {} });
            }
            break;
          }
          case "user":
            for (const block of blocksOf(event)) {
              if (block["type"] !== "tool_result") continue;
              const id = str(block["tool_use_id"]);
              const call = calls.get(id);
              if (!call) continue;
              const isError = block["is_error"] === true;
              const result: ToolResult = {
                text: resultText(block["content"]),
                isError,
                ...(isError && denied.has(id) ? { denied: true, deniedBy: "hook" as const } : {}),
              };
              calls.set(id, { ...call, result });
            }
            break;
          case "result": {
            const usage = isRecord(event["usage"]) ? event["usage"] : {};
            inputTokens += Number(usage["input_tokens"] ?? 0);
            outputTokens += Number(usage["output_tokens"] ?? 0);
            if (typeof event["result"] === "string" && event["result"] !== "") output = event["result"];
            if (event["is_error"] === true || str(event["subtype"]).startsWith("error")) {
              const error = event["error"];
              errorText =
                (isRecord(error) ? str(error["message"]) : str(error)) ||
                str(event["result"]) ||
                `the run ended with ${str(event["subtype"])}`;
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
        hooks: dirs
          ? readHookFires(qwenHookFiresDir(dirs), qwenDialect, QWEN_FIRE_NAMING).map(withClaudeAlias)
          : [],
        output,
        turns,
        inputTokens,
        outputTokens,
        costUsd: 0,
        ...(errorText !== undefined ? { errorText } : {}),
        announcedTools,
        announcedSkills,
      };
    },
  };
}
