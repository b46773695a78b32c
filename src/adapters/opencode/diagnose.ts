/**
 * Reads a finished OpenCode run for the failures that must throw: a rejected flag (yargs' usage text
 * on stderr and no event), a call to a tool that does not exist (OpenCode answers the model "Model
 * tried to call unavailable tool"), a crash (a non-zero exit), and a run that printed no session at
 * all (exit 0 without one `step_start`: 1.18.33 exits 0 on a config it cannot use).
 */
import type { ModelRequest } from "../../core/trace.js";
import type { FinishedProcess, RunProblem, StreamSummary } from "../port.js";

const UNKNOWN_TOOL =
  /(?:unavailable tool|tool) ['"]?([A-Za-z0-9_.-]+)['"]?(?: is| was)? (?:not found|unavailable)|Model tried to call unavailable tool '([^']+)'/;

export function diagnoseOpenCodeRun(
  summary: StreamSummary,
  proc: FinishedProcess,
  requests: readonly ModelRequest[] = [],
): RunProblem | undefined {
  if (
    summary.events.length === 0 &&
    /Unknown argument|Not enough non-option arguments|Invalid values:/i.test(proc.stderr)
  )
    return { kind: "flag-rejected", message: proc.stderr.trim().split("\n").slice(0, 3).join(" ") };
  const texts = [
    ...summary.toolCalls.flatMap((c) => (c.result?.isError ? [c.result.text] : [])),
    ...requests.flatMap((r) => r.messages.filter((m) => m.role === "tool").map((m) => m.text)),
  ];
  for (const text of texts) {
    const m = UNKNOWN_TOOL.exec(text);
    const tool = m?.[1] ?? m?.[2];
    if (tool) return { kind: "unknown-tool", tool, message: `OpenCode has no tool named "${tool}"` };
  }
  if (proc.exitCode !== 0 && !proc.timedOut)
    return {
      kind: "crashed",
      message: `opencode exited with ${proc.exitCode ?? proc.signal}${summary.errorText ? `: ${summary.errorText}` : ""}`,
    };
  if (!proc.timedOut && !summary.events.some((e) => e["type"] === "step_start"))
    return {
      kind: "crashed",
      message: `opencode exited ${proc.exitCode ?? proc.signal} without running a session (no step_start event)${summary.errorText ? `: ${summary.errorText}` : ""}${proc.stderr.trim() ? `; stderr: ${proc.stderr.trim().split("\n").slice(-2).join(" | ").slice(0, 300)}` : ""}`,
    };
  return undefined;
}
