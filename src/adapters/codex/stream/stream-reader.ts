/**
 * Reads `codex exec --json` (JSONL: thread.started, turn.started, item.started/updated/completed,
 * turn.completed{usage}, turn.failed, error) into the parts of a Trace. Tool calls take Claude
 * Code's names so one set of checks reads both harnesses: a command_execution is `Bash` (its
 * command unwrapped from Codex's `bash -lc '…'`), a file_change is `Write` (all added) or `Edit`,
 * an mcp_tool_call is `mcp__<server>__<tool>`.
 */
import type { ToolCall } from "../../../core/trace.js";
import type { RunDirs, StreamReader, StreamSummary } from "../../port.js";
import { codexHomeOf, hookFiresDir } from "../prepare.js";
import { relative, isAbsolute } from "node:path";
import { readHookLog, type HookLog } from "./hook-records.js";
import { readRefusedCalls } from "./rollout.js";
import { JsonlLineReader } from "../../shared/jsonl-line-reader.js";
import { isRecord } from "../../../core/is-record.js";

type Json = Record<string, unknown>;
const str = (v: unknown): string => (typeof v === "string" ? v : "");

/** `/bin/bash -lc 'echo hi'` → `echo hi`: the command as the model wrote it. */
export function unwrapShellCommand(command: string): string {
  const m = /^(?:\S*\/)?(?:ba|z)?sh -l?c '((?:[^']|'\\'')*)'$/s.exec(command);
  return m?.[1] !== undefined ? m[1].replace(/'\\''/g, "'") : command;
}

type TimedCall = { readonly call: ToolCall; readonly at: number };

/**
 * Puts back the calls Codex emits no item for: those a PreToolUse hook blocked (the recorder saw each
 * one: its payload and the hook's deny, with the time it started) and those Codex refused by its own
 * rule (its rollout has them, with the time of the refusal). Stream items are stamped as they arrive,
 * so every call takes its place by time.
 */
export function withBlockedCalls(
  streamCalls: readonly TimedCall[],
  log: HookLog,
  refusedCalls: readonly TimedCall[] = [],
): ToolCall[] {
  const blocked = log.preToolUse.flatMap((fire) => {
    const b = fire.blocked;
    if (!b) return [];
    const call: ToolCall = {
      id: b.toolUseId,
      name: b.toolName,
      input: b.toolInput,
      result: { text: b.reason, isError: true, denied: true, deniedBy: "hook" },
    };
    return [{ call, at: b.at }];
  });
  const blockedIds = new Set(blocked.map((b) => b.call.id));
  const refused = refusedCalls.filter((r) => !blockedIds.has(r.call.id));
  return [...streamCalls, ...blocked, ...refused].sort((a, b) => a.at - b.at).map((x) => x.call);
}

function relativeTo(workDir: string | undefined, path: string): string {
  if (workDir === undefined || !isAbsolute(path)) return path;
  const rel = relative(workDir, path);
  return rel.startsWith("..") ? path : rel;
}

function toolCallOf(item: Json, workDir?: string): ToolCall | undefined {
  const id = str(item["id"]);
  switch (item["type"]) {
    case "command_execution":
      return {
        id,
        name: "Bash",
        input: { command: unwrapShellCommand(str(item["command"])) },
        ...(item["status"] !== "in_progress"
          ? { result: { text: str(item["aggregated_output"]), isError: item["exit_code"] !== 0 } }
          : {}),
      };
    case "file_change": {
      const changes: Json[] = (Array.isArray(item["changes"]) ? item["changes"].filter(isRecord) : []).map(
        (c) => ({ ...c, path: relativeTo(workDir, str(c["path"])) }),
      );
      const allAdded = changes.length > 0 && changes.every((c) => c["kind"] === "add");
      return {
        id,
        name: allAdded ? "Write" : "Edit",
        input: { file_path: str(changes[0]?.["path"]), changes },
        result: { text: "", isError: item["status"] === "failed" },
      };
    }
    case "mcp_tool_call":
      return {
        id,
        name: `mcp__${str(item["server"])}__${str(item["tool"])}`,
        input: isRecord(item["arguments"]) ? item["arguments"] : {},
        result: {
          text: JSON.stringify(item["result"] ?? item["error"] ?? ""),
          isError: item["status"] === "failed",
        },
      };
    default:
      return undefined;
  }
}

export function createCodexStreamReader(dirs?: RunDirs): StreamReader {
  /** Arrival time (epoch ms) of each event, by index. */
  const arrivals: number[] = [];
  const lines = new JsonlLineReader({ onEvent: () => arrivals.push(Date.now()) });
  const { events, strayLines } = lines;

  return {
    push: (chunk) => lines.push(chunk),
    finish(): StreamSummary {
      lines.finish();
      const calls = new Map<string, { call: ToolCall; at: number }>();
      let output = "";
      let turns = 0;
      let inputTokens = 0;
      let outputTokens = 0;
      let errorText: string | undefined;
      let threadId: string | undefined;
      for (const [index, event] of events.entries()) {
        const item = isRecord(event["item"]) ? event["item"] : undefined;
        switch (event["type"]) {
          case "item.started":
          case "item.updated":
          case "item.completed": {
            if (!item) break;
            if (item["type"] === "agent_message" && event["type"] === "item.completed")
              output = str(item["text"]);
            const call = toolCallOf(item, dirs?.workDir);
            if (call) calls.set(call.id, { call, at: calls.get(call.id)?.at ?? arrivals[index] ?? 0 });
            break;
          }
          case "thread.started":
            threadId = str(event["thread_id"]) || undefined;
            break;
          case "turn.completed": {
            turns += 1;
            const usage = isRecord(event["usage"]) ? event["usage"] : {};
            inputTokens += Number(usage["input_tokens"] ?? 0);
            outputTokens += Number(usage["output_tokens"] ?? 0);
            break;
          }
          case "turn.failed": {
            const error = isRecord(event["error"]) ? event["error"] : {};
            errorText = str(error["message"]) || "the turn failed";
            break;
          }
          default:
            break;
        }
      }
      const log = dirs ? readHookLog(hookFiresDir(dirs)) : { fires: [], preToolUse: [] };
      const refused = dirs && threadId ? readRefusedCalls(codexHomeOf(dirs), threadId) : [];
      return {
        events,
        strayLines,
        toolCalls: withBlockedCalls([...calls.values()], log, refused),
        hooks: log.fires,
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
