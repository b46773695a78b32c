/**
 * Reads a finished Copilot CLI run for the failures that must throw: a rejected flag (a usage error
 * before any turn), a tool name that does not exist (Copilot 1.0.102 answers the call with
 * `error: {code: "failure", message: "Tool '<name>' does not exist."}` and goes on), or a crash (a
 * non-zero exit; Copilot exits 1 when the model endpoint answers with an error). A release that does
 * not know a flag (1.0.92: `--disable-client-telemetry`) exits 1 before any event with only a usage
 * text ending in "Try 'copilot --help' for more information." (its first line blames an unquoted
 * prompt): that is a rejected command line too, never a crash of the run or a result.
 */
import type { ModelRequest } from "../../core/trace.js";
import type { FinishedProcess, RunProblem, StreamSummary } from "../port.js";

const UNKNOWN_TOOL = /^Tool '([^']+)' does not exist\./;
const USAGE_ONLY = /Try 'copilot --help'/;

export function diagnoseCopilotRun(
  summary: StreamSummary,
  proc: FinishedProcess,
  _requests: readonly ModelRequest[] = [],
): RunProblem | undefined {
  if (/error: (unknown option|too many arguments|option .* argument missing)/i.test(proc.stderr)) {
    return { kind: "flag-rejected", message: proc.stderr.trim().split("\n").slice(0, 3).join(" ") };
  }
  if (proc.exitCode !== 0 && summary.events.length === 0 && USAGE_ONLY.test(proc.stderr)) {
    const first = proc.stderr.trim().split("\n")[0] ?? "";
    return {
      kind: "flag-rejected",
      message:
        `copilot exited ${proc.exitCode ?? proc.signal} with only its usage text ("${first}"), before any turn: ` +
        "this release does not take one of the flags vigiles passed (see the command below and `copilot --help`)",
    };
  }
  for (const call of summary.toolCalls) {
    const m = UNKNOWN_TOOL.exec(call.result?.text ?? "");
    if (m?.[1])
      return { kind: "unknown-tool", tool: m[1], message: `Copilot CLI has no tool named "${m[1]}"` };
  }
  if (proc.exitCode !== 0 && !proc.timedOut) {
    const last = proc.stderr.trim().split("\n").slice(-2).join(" ");
    return {
      kind: "crashed",
      message: `copilot exited with ${proc.exitCode ?? proc.signal}${summary.errorText ? `: ${summary.errorText}` : last ? `: ${last}` : ""}`,
    };
  }
  return undefined;
}
