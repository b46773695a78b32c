/**
 * Reads the CLI's `--output-format stream-json --verbose --include-hook-events` output, line by
 * line as it arrives, into the parts of a Trace. Shapes as 2.1.328 prints them: one `assistant`
 * event per content block, one `user` event per tool result (with `tool_result_meta`), subagent
 * events tagged with `parent_tool_use_id`, `system/hook_started` + `system/hook_response`, and one
 * `result` per agent loop (a background subagent's report adds a second `system/init` + `result`).
 */
import type { HookFire, ToolCall, ToolResult } from "../../../core/trace.js";
import { flattenContent } from "../../mock/messages-api/flatten.js";
import { hookFireFromResponse, unansweredHookFire } from "./hook-fire.js";
import { isRecord } from "../../../core/is-record.js";
import { JsonlLineReader } from "../../shared/jsonl-line-reader.js";

export type StreamEvent = Readonly<Record<string, unknown>>;

/** What `system/init` announced. */
export interface StreamInit {
  readonly model: string;
  readonly tools: readonly string[];
  readonly skills: readonly string[];
  readonly plugins: readonly unknown[];
  readonly permissionMode: string;
  readonly slashCommands: readonly string[];
  readonly cwd: string;
}

/** The final `result` event of an agent loop. */
export interface StreamResult {
  readonly subtype: string;
  readonly isError: boolean;
  readonly result: string;
  readonly numTurns: number;
  readonly stopReason?: string;
  readonly terminalReason?: string;
  readonly apiErrorStatus?: number;
  readonly durationMs: number;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly costUsd: number;
  readonly permissionDenials: readonly unknown[];
}

export interface ParsedStream {
  readonly events: readonly StreamEvent[];
  /** Lines that were not JSON (the CLI printed something else on stdout). */
  readonly strayLines: readonly string[];
  readonly init?: StreamInit;
  readonly toolCalls: readonly ToolCall[];
  readonly hooks: readonly HookFire[];
  readonly results: readonly StreamResult[];
  /** The last result's text, else the main agent's last assistant text. */
  readonly output: string;
}

type Rec = Record<string, unknown>;
const str = (v: unknown): string => (typeof v === "string" ? v : "");
const num = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) ? v : 0);
const strings = (v: unknown): string[] =>
  Array.isArray(v)
    ? v.flatMap((x) =>
        typeof x === "string" ? [x] : isRecord(x) && typeof x["name"] === "string" ? [x["name"]] : [],
      )
    : [];

interface MutableCall {
  id: string;
  name: string;
  input: Record<string, unknown>;
  parentId?: string;
  result?: ToolResult;
}

export class ClaudeStreamParser {
  private readonly lines = new JsonlLineReader({ onEvent: (event) => this.read(event) });
  private init: StreamInit | undefined;
  private readonly calls = new Map<string, MutableCall>();
  private readonly order: MutableCall[] = [];
  private readonly hooks: HookFire[] = [];
  private readonly pendingHooks = new Map<string, StreamEvent>();
  private readonly results: StreamResult[] = [];
  private lastMainText = "";

  /** Feeds a chunk of stdout; complete lines are parsed at once. */
  push(chunk: Buffer | string): void {
    this.lines.push(chunk);
  }

  /** Parses what is left after the last newline and returns everything read. */
  finish(): ParsedStream {
    this.lines.finish();
    const hooks = [...this.hooks, ...[...this.pendingHooks.values()].map((e) => unansweredHookFire(e))];
    const last = this.results[this.results.length - 1];
    return {
      events: this.lines.events,
      strayLines: this.lines.strayLines,
      ...(this.init ? { init: this.init } : {}),
      toolCalls: this.order.map((c) => ({
        id: c.id,
        name: c.name,
        input: c.input,
        ...(c.result ? { result: c.result } : {}),
        ...(c.parentId !== undefined ? { parentId: c.parentId } : {}),
      })),
      hooks,
      results: this.results,
      output: last ? last.result : this.lastMainText,
    };
  }

  private read(event: Rec): void {
    switch (event["type"]) {
      case "system":
        this.system(event);
        return;
      case "assistant":
        this.assistant(event);
        return;
      case "user":
        this.user(event);
        return;
      case "result":
        this.result(event);
        return;
      default:
        return;
    }
  }

  private system(event: Rec): void {
    switch (event["subtype"]) {
      case "init":
        // A background subagent's report starts a second loop with its own init: keep the first.
        this.init ??= {
          model: str(event["model"]),
          tools: strings(event["tools"]),
          skills: strings(event["skills"]),
          plugins: Array.isArray(event["plugins"]) ? event["plugins"] : [],
          permissionMode: str(event["permissionMode"]),
          slashCommands: strings(event["slash_commands"]),
          cwd: str(event["cwd"]),
        };
        return;
      case "hook_started":
        this.pendingHooks.set(str(event["hook_id"]), event);
        return;
      case "hook_response":
        this.pendingHooks.delete(str(event["hook_id"]));
        this.hooks.push(hookFireFromResponse(event));
        return;
      default:
        return;
    }
  }

  private assistant(event: Rec): void {
    const message = event["message"];
    if (!isRecord(message) || !Array.isArray(message["content"])) return;
    const parent = str(event["parent_tool_use_id"]);
    for (const block of message["content"]) {
      if (!isRecord(block)) continue;
      if (block["type"] === "tool_use") {
        const id = str(block["id"]);
        if (this.calls.has(id)) continue;
        const call: MutableCall = {
          id,
          name: str(block["name"]),
          input: isRecord(block["input"]) ? block["input"] : {},
          ...(parent !== "" ? { parentId: parent } : {}),
        };
        this.calls.set(id, call);
        this.order.push(call);
      } else if (block["type"] === "text" && parent === "") {
        this.lastMainText = str(block["text"]);
      }
    }
  }

  private user(event: Rec): void {
    const message = event["message"];
    if (!isRecord(message) || !Array.isArray(message["content"])) return;
    const meta = Array.isArray(event["tool_result_meta"]) ? event["tool_result_meta"].filter(isRecord) : [];
    for (const block of message["content"]) {
      if (!isRecord(block) || block["type"] !== "tool_result") continue;
      const id = str(block["tool_use_id"]);
      const call = this.calls.get(id);
      if (!call) continue;
      const decision = meta.find((m) => m["id"] === id)?.["permission_decision"];
      const denied = isRecord(decision) ? decision["decision"] === "reject" : undefined;
      call.result = {
        text: flattenContent(block["content"]),
        isError: block["is_error"] === true,
        ...(denied !== undefined ? { denied } : {}),
      };
    }
  }

  private result(event: Rec): void {
    const usage = isRecord(event["usage"]) ? event["usage"] : {};
    const apiErrorStatus = event["api_error_status"];
    this.results.push({
      subtype: str(event["subtype"]),
      isError: event["is_error"] === true,
      result: str(event["result"]),
      numTurns: num(event["num_turns"]),
      ...(typeof event["stop_reason"] === "string" ? { stopReason: event["stop_reason"] } : {}),
      ...(typeof event["terminal_reason"] === "string" ? { terminalReason: event["terminal_reason"] } : {}),
      ...(typeof apiErrorStatus === "number" ? { apiErrorStatus } : {}),
      durationMs: num(event["duration_ms"]),
      inputTokens: num(usage["input_tokens"]),
      outputTokens: num(usage["output_tokens"]),
      costUsd: num(event["total_cost_usd"]),
      permissionDenials: Array.isArray(event["permission_denials"]) ? event["permission_denials"] : [],
    });
  }
}
