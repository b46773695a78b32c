/**
 * Reads a finished Claude Code run for the failures that must throw instead of passing as a result:
 * a flag the CLI rejected (it prints `error: unknown option …` and exits 1 before any event), a tool
 * name that does not exist (the CLI answers `No such tool available: X` and carries on, so the run
 * would otherwise look fine), and a crash (a signal, or a non-zero exit with no `result` event).
 */
import type { FinishedProcess, RunProblem, StreamSummary } from "../port.js";

const FLAG_REJECTED =
  /^error: (unknown option|option '[^']*' argument|missing required argument|too many arguments)[^\n]*/m;
const NO_SUCH_TOOL = /No such tool available: ([^\s<]+)/;

export function diagnoseClaudeRun(summary: StreamSummary, proc: FinishedProcess): RunProblem | undefined {
  const flag = FLAG_REJECTED.exec(proc.stderr);
  if (flag && summary.events.length === 0) return { kind: "flag-rejected", message: flag[0] };
  for (const call of summary.toolCalls) {
    const m = call.result ? NO_SUCH_TOOL.exec(call.result.text) : null;
    if (m) return { kind: "unknown-tool", tool: m[1] ?? call.name, message: call.result?.text.trim() ?? "" };
  }
  const sawResult = summary.events.some((e) => e["type"] === "result");
  if (proc.signal !== null && !proc.timedOut) {
    return { kind: "crashed", message: `the CLI was killed by ${proc.signal}` };
  }
  if (proc.exitCode !== 0 && proc.exitCode !== null && !sawResult) {
    const tail = proc.stderr.trim().split("\n").slice(-5).join("\n");
    return {
      kind: "crashed",
      message: `the CLI exited ${proc.exitCode} without a result${tail ? `: ${tail}` : ""}`,
    };
  }
  return undefined;
}
