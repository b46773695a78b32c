/**
 * The adapter's StreamReader: the parsed stream folded into the port's summary.
 */
import type { StreamReader, StreamSummary } from "../../port.js";
import { ClaudeStreamParser } from "./parse-stream.js";

export function createClaudeStreamReader(): StreamReader {
  const parser = new ClaudeStreamParser();
  return {
    push: (chunk) => parser.push(chunk),
    finish(): StreamSummary {
      const parsed = parser.finish();
      const last = parsed.results[parsed.results.length - 1];
      const sum = (pick: (r: (typeof parsed.results)[number]) => number) =>
        parsed.results.reduce((acc, r) => acc + pick(r), 0);
      const errorText = last?.isError ? last.result || last.subtype : undefined;
      return {
        events: parsed.events,
        strayLines: parsed.strayLines,
        toolCalls: parsed.toolCalls,
        hooks: parsed.hooks,
        output: parsed.output,
        turns: sum((r) => r.numTurns),
        inputTokens: sum((r) => r.inputTokens),
        outputTokens: sum((r) => r.outputTokens),
        costUsd: sum((r) => r.costUsd),
        ...(errorText !== undefined ? { errorText } : {}),
        announcedTools: parsed.init?.tools ?? [],
        announcedSkills: parsed.init?.skills ?? [],
      };
    },
  };
}
