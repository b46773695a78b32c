/**
 * Reads a finished Codex run for the failures that must throw: a rejected flag or config (Codex
 * prints a usage error and exits 2 before any turn), a tool name that does not exist (Codex answers
 * the call with "unsupported call"), or a crash (a non-zero exit, or an exit 0 that printed no
 * finished turn: no session is no run, and must not read as an empty Trace that passes).
 */
import type { ModelRequest } from "../../core/trace.js";
import type { FinishedProcess, RunProblem, StreamSummary } from "../port.js";

export function diagnoseCodexRun(
  summary: StreamSummary,
  proc: FinishedProcess,
  requests: readonly ModelRequest[] = [],
): RunProblem | undefined {
  if (/error: (unexpected argument|invalid value)|Error loading config/i.test(proc.stderr)) {
    return { kind: "flag-rejected", message: proc.stderr.trim().split("\n").slice(0, 3).join(" ") };
  }
  // Codex answers a call to a tool it does not have with "unsupported call: <name>" as the tool's
  // output, which only the next model request shows.
  for (const request of requests) {
    for (const message of request.messages) {
      if (message.role !== "tool") continue;
      const m = /^unsupported call:? ([A-Za-z0-9_.-]+)/.exec(message.text);
      if (m?.[1]) return { kind: "unknown-tool", tool: m[1], message: `Codex has no tool named "${m[1]}"` };
    }
  }
  if (proc.exitCode !== 0 && !proc.timedOut) {
    return {
      kind: "crashed",
      message: `codex exited with ${proc.exitCode ?? proc.signal}${summary.errorText ? `: ${summary.errorText}` : ""}`,
    };
  }
  const finished = summary.events.some((e) => e["type"] === "turn.completed" || e["type"] === "turn.failed");
  if (proc.exitCode === 0 && !finished) {
    const stray = summary.strayLines[0]?.slice(0, 120);
    return {
      kind: "crashed",
      message:
        `codex exited 0 without a session: no turn.completed on stdout, ${summary.events.length} JSON event(s), ` +
        `${requests.length} request(s) to the mock${stray !== undefined ? `, first other line: ${JSON.stringify(stray)}` : ""}. ` +
        "Is `harnessPath` (or VIGILES_CODEX_BIN) the real CLI?",
    };
  }
  return undefined;
}
