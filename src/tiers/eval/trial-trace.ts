import type { TrialTrace } from "../../core/eval-report.js";
import type { Trace } from "../../core/trace.js";

const clip = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max)}… [${text.length - max} more characters]`;

/**
 * The compact, JSON-safe summary of a Trace that an eval row keeps (`TrialRow.trace`) so the HTML
 * report can show a failing trial's tool calls, hooks and answer. Long texts are clipped to `maxChars`.
 */
export function trialTrace(trace: Trace, options: { maxChars?: number } = {}): TrialTrace {
  const max = options.maxChars ?? 2000;
  return {
    toolCalls: trace.toolCalls.map((c) => ({
      name: c.name,
      input: Object.fromEntries(
        Object.entries(c.input).map(([k, v]) => [k, typeof v === "string" ? clip(v, max) : v]),
      ),
      ...(c.result ? { result: clip(c.result.text, max), isError: c.result.isError } : {}),
    })),
    ...(trace.hooks
      ? {
          hooks: trace.hooks.map((h) => ({
            name: h.name,
            event: h.event,
            blocked: h.blocked,
            exitCode: h.exitCode,
            output: clip(h.output || h.stderr || h.stdout, max),
          })),
        }
      : {}),
    output: clip(trace.output, max * 4),
    turns: trace.turns,
  };
}
