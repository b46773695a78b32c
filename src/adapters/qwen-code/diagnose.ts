/**
 * Reads a finished Qwen Code run for the failures that must throw: a rejected flag (yargs prints
 * "Unknown argument" and exits before any request), a call to a tool that does not exist (the CLI
 * answers the model that the tool is not found), a session-less exit (no `init` or no `result`
 * event: the CLI stopped before or during its loop, whatever its exit code, e.g. "No auth type is
 * selected"), or a crash (a non-zero exit). A run stopped at its turn cap is finished, not crashed.
 */
import type { ModelRequest } from "../../core/trace.js";
import type { FinishedProcess, RunProblem, StreamSummary } from "../port.js";

const UNKNOWN_TOOL = /Tool "([^"]+)" not found/;

function stoppedAtTurnCap(summary: StreamSummary): boolean {
  return summary.events.some(
    (e) =>
      e["type"] === "result" && /max[_ ](session[_ ])?turns/i.test(String(e["subtype"] ?? e["result"] ?? "")),
  );
}

function unknownTool(summary: StreamSummary, requests: readonly ModelRequest[]): string | undefined {
  for (const call of summary.toolCalls) {
    const m = call.result?.isError ? UNKNOWN_TOOL.exec(call.result.text) : null;
    if (m?.[1]) return m[1];
  }
  for (const request of requests)
    for (const message of request.messages) {
      const m = message.role === "tool" ? UNKNOWN_TOOL.exec(message.text) : null;
      if (m?.[1]) return m[1];
    }
  return undefined;
}

export function diagnoseQwenRun(
  summary: StreamSummary,
  proc: FinishedProcess,
  requests: readonly ModelRequest[] = [],
): RunProblem | undefined {
  const firstLines = (text: string) => text.trim().split("\n").slice(0, 3).join(" ");
  if (
    /Unknown argument|Not enough arguments|Invalid values:/i.test(proc.stderr) &&
    summary.events.length === 0
  ) {
    return { kind: "flag-rejected", message: firstLines(proc.stderr) };
  }
  const tool = unknownTool(summary, requests);
  if (tool !== undefined)
    return { kind: "unknown-tool", tool, message: `Qwen Code has no tool named "${tool}"` };
  if (proc.timedOut) return undefined;
  const started = summary.events.some((e) => e["type"] === "system" && e["subtype"] === "init");
  const finished = summary.events.some((e) => e["type"] === "result");
  if (!started || !finished) {
    return {
      kind: "crashed",
      message:
        `qwen exited with ${proc.exitCode ?? proc.signal} without ${started ? "finishing" : "starting"} a session` +
        (proc.stderr.trim() !== "" ? `: ${firstLines(proc.stderr)}` : ""),
    };
  }
  if (proc.exitCode !== 0 && !stoppedAtTurnCap(summary)) {
    return {
      kind: "crashed",
      message: `qwen exited with ${proc.exitCode ?? proc.signal}${summary.errorText ? `: ${summary.errorText}` : ""}`,
    };
  }
  return undefined;
}
