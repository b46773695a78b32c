/** An in-process Trace for engine unit tests (no model, no CLI). */
import type { DriverTrace } from "../../src/tiers/eval/driver.js";
import type { ToolCall, Usage } from "../../src/core/trace.js";

export function inProcessTrace(init: {
  output?: string;
  toolCalls?: ToolCall[];
  files?: Record<string, string>;
  usage?: Partial<Usage>;
}): DriverTrace {
  const files = init.files ?? {};
  return {
    toolCalls: init.toolCalls ?? [],
    hooks: [],
    output: init.output ?? "",
    modelRequests: undefined,
    turns: 1,
    usage: { costUsd: 0, durationMs: 1, inputTokens: 0, outputTokens: 0, ...init.usage },
    filesWritten: Object.keys(files),
    stdout: "",
    stderr: "",
    file: (p) => files[p] ?? null,
  };
}
