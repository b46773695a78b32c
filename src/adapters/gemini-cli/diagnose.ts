/**
 * Reads a finished Gemini CLI run for the failures that must throw: a rejected flag (yargs prints
 * "Unknown argument" or "Not enough arguments" and exits 1 before any request), a call to a tool
 * that does not exist (the CLI answers the model "Tool \"<name>\" not found"), or a crash (a
 * non-zero exit the stream does not explain as a finished run; a run stopped at its turn cap is finished).
 */
import type { ModelRequest } from "../../core/trace.js";
import type { FinishedProcess, RunProblem, StreamSummary } from "../port.js";

const UNKNOWN_TOOL = /Tool "([^"]+)" not found/;

/**
 * The run stopped at the spec's `maxTurns` (`model.maxSessionTurns`): 0.61.0 ends it with a `result`
 * event of status error ("Reached max session turns …") and exit 53. That is the cap doing its job, as
 * Claude Code's `error_max_turns` result is, not a crash: the Trace says what ran before it.
 */
function stoppedAtTurnCap(summary: StreamSummary): boolean {
  return summary.events.some((e) => {
    if (e["type"] !== "result" || e["status"] !== "error") return false;
    const error = e["error"];
    const message =
      typeof error === "object" && error !== null ? (error as Record<string, unknown>)["message"] : "";
    return typeof message === "string" && message.startsWith("Reached max session turns");
  });
}

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
  if (proc.exitCode !== 0 && !proc.timedOut && !stoppedAtTurnCap(summary)) {
    return {
      kind: "crashed",
      message: `gemini exited with ${proc.exitCode ?? proc.signal}${summary.errorText ? `: ${summary.errorText}` : ""}`,
    };
  }
  return undefined;
}
