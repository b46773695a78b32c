/**
 * Reads a finished Claude Code run for the failures that must throw instead of passing as a result:
 * a flag the CLI rejected (it prints `error: unknown option …` and exits 1 before any event), a tool
 * name that does not exist (the CLI answers `No such tool available: X` and carries on, so the run
 * would otherwise look fine), and a crash (a signal, or any exit with no `result` event: a CLI that
 * exits 0 after printing no session is no run, and must not read as an empty Trace that passes).
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
  if (proc.exitCode === 0 && !sawResult) return { kind: "crashed", message: noSession(summary) };
  return undefined;
}

/** A run that exited 0 but printed no session (no `system/init`, no `result`): say what it printed instead. */
export function noSession(summary: StreamSummary): string {
  const sawInit = summary.events.some((e) => e["type"] === "system" && e["subtype"] === "init");
  const stray = summary.strayLines[0]?.slice(0, 120);
  return (
    `the CLI exited 0 without a session: ${sawInit ? "an init event but" : "no init event and"} no result event ` +
    `on stdout, ${summary.events.length} JSON event(s)${stray !== undefined ? `, first other line: ${JSON.stringify(stray)}` : ""}. ` +
    "Is `harnessPath` (or VIGILES_CLAUDE_BIN) the real CLI?"
  );
}
