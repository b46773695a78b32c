/**
 * Reads a finished Gemini CLI run for the failures that must throw: a rejected flag (yargs prints
 * "Unknown argument" or "Not enough arguments" and exits 1 before any request), a call to a tool
 * that does not exist (the CLI answers the model "Tool \"<name>\" not found"), or a crash (a
 * non-zero exit the stream does not explain as a finished run).
 */
import type { ModelRequest } from "../../core/trace.js";
import type { FinishedProcess, RunProblem, StreamSummary } from "../port.js";

const UNKNOWN_TOOL = /Tool "([^"]+)" not found/;

export function diagnoseGeminiRun(
  summary: StreamSummary,
  proc: FinishedProcess,
  requests: readonly ModelRequest[] = [],
): RunProblem | undefined {
  if (
    /Unknown argument|Not enough arguments|Invalid values:/i.test(proc.stderr) &&
    summary.events.length === 0
  ) {
    return { kind: "flag-rejected", message: proc.stderr.trim().split("\n").slice(0, 3).join(" ") };
  }
  for (const call of summary.toolCalls) {
    const m = call.result?.isError ? UNKNOWN_TOOL.exec(call.result.text) : null;
    if (m?.[1])
      return { kind: "unknown-tool", tool: m[1], message: `Gemini CLI has no tool named "${m[1]}"` };
  }
  for (const request of requests) {
    for (const message of request.messages) {
      if (message.role !== "tool") continue;
      const m = UNKNOWN_TOOL.exec(message.text);
      if (m?.[1])
        return { kind: "unknown-tool", tool: m[1], message: `Gemini CLI has no tool named "${m[1]}"` };
    }
  }
  if (proc.exitCode !== 0 && !proc.timedOut) {
    return {
      kind: "crashed",
      message: `gemini exited with ${proc.exitCode ?? proc.signal}${summary.errorText ? `: ${summary.errorText}` : ""}`,
    };
  }
  return undefined;
}
