/**
 * Codex's own session record, the rollout (`$CODEX_HOME/sessions/YYYY/MM/DD/rollout-<time>-<thread
 * id>.jsonl`), read for what the `--json` stream leaves out: a call Codex refused by its own rule. The
 * pinned 0.169.0 refuses `rm -rf`-style commands even with approvals and sandbox bypassed; the stream
 * then has no item at all, and only the model is told, in the call's `function_call_output`:
 * ``exec_command failed: CreateProcess { message: "Rejected(\"`…` rejected: rm -f style commands are
 * not permitted…\")" }``. The rollout holds both the call and that answer, under the call's id.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { ToolCall } from "../../../core/trace.js";
import { isRecord } from "../../../core/is-record.js";

type Json = Record<string, unknown>;
const str = (v: unknown): string => (typeof v === "string" ? v : "");

/** Codex's answer to a call it refused itself (a Rust `Rejected(..)` error), as the model reads it. */
const REFUSAL = /^[\w.-]+ failed: .*\bRejected\(/s;

/** The rollout file of thread `threadId` under `codexHome`, if Codex wrote one. */
export function findRollout(codexHome: string, threadId: string): string | undefined {
  const suffix = `-${threadId}.jsonl`;
  const walk = (dir: string, depth: number): string | undefined => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return undefined;
    }
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory() && depth > 0) {
        const found = walk(path, depth - 1);
        if (found) return found;
      } else if (entry.isFile() && entry.name.startsWith("rollout-") && entry.name.endsWith(suffix)) {
        return path;
      }
    }
    return undefined;
  };
  return walk(join(codexHome, "sessions"), 3);
}

/** A model's function call in Claude Code's names, as the stream reader names the calls that ran. */
function callOf(id: string, name: string, args: string): ToolCall {
  let input: Json = {};
  try {
    const parsed: unknown = JSON.parse(args);
    if (isRecord(parsed)) input = parsed;
  } catch {
    input = { arguments: args };
  }
  if (name === "exec_command" || name === "shell") {
    const cmd = input["cmd"] ?? input["command"];
    return { id, name: "Bash", input: { command: Array.isArray(cmd) ? cmd.join(" ") : str(cmd) } };
  }
  return { id, name, input };
}

/**
 * The calls Codex refused by its own rule, each with the time of Codex's answer (epoch ms), from the
 * text of a rollout. Each is denied by the harness: no hook was involved.
 */
export function refusedCallsIn(rollout: string): { readonly call: ToolCall; readonly at: number }[] {
  const calls = new Map<string, { name: string; args: string }>();
  const refused: { call: ToolCall; at: number }[] = [];
  for (const line of rollout.split("\n")) {
    if (line.trim() === "") continue;
    let entry: unknown;
    try {
      entry = JSON.parse(line);
    } catch {
      continue; // a line cut short by a killed run
    }
    if (!isRecord(entry) || entry["type"] !== "response_item" || !isRecord(entry["payload"])) continue;
    const item = entry["payload"];
    const callId = str(item["call_id"]);
    if (item["type"] === "function_call") {
      calls.set(callId, { name: str(item["name"]), args: str(item["arguments"]) });
    } else if (item["type"] === "function_call_output") {
      const text = str(item["output"]);
      const call = calls.get(callId);
      if (!call || !REFUSAL.test(text)) continue;
      refused.push({
        call: {
          ...callOf(callId, call.name, call.args),
          result: { text, isError: true, denied: true, deniedBy: "harness" },
        },
        at: Date.parse(str(entry["timestamp"])) || 0,
      });
    }
  }
  return refused;
}

/** The calls Codex refused in thread `threadId`; none when it wrote no rollout. */
export function readRefusedCalls(
  codexHome: string,
  threadId: string,
): { readonly call: ToolCall; readonly at: number }[] {
  const path = findRollout(codexHome, threadId);
  if (path === undefined) return [];
  try {
    return refusedCallsIn(readFileSync(path, "utf8"));
  } catch {
    return [];
  }
}
