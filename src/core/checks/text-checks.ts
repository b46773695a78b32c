/** Checks on text: the final answer (output) and what reached the model (received). */
import { describePattern, quote, textMatches, type TextPattern } from "../predicates/text-match.js";
import { InvalidOptionError } from "../errors.js";
import { fail, makeCheck, onTrace, pass } from "./define.js";
import { patternToJSON } from "./pattern-json.js";
import type { Check } from "./types.js";

function requirePattern(pattern: unknown, what: string): void {
  if (!(pattern instanceof RegExp) && (typeof pattern !== "string" || pattern === "")) {
    throw new InvalidOptionError(
      `${what} takes a non-empty string or a RegExp, got ${JSON.stringify(pattern)}.`,
    );
  }
}

/**
 * Holds when the final answer contains the text or matches the pattern.
 *
 * @example
 * ```ts
 * assertChecks(trace, [output(/done/)]);
 * ```
 */
export function output(pattern: TextPattern): Check {
  requirePattern(pattern, "output(pattern)");
  const label = `output(${describePattern(pattern)})`;
  return makeCheck(
    "output",
    label,
    { pattern: patternToJSON(pattern) },
    onTrace(label, (trace) =>
      textMatches(trace.output, pattern)
        ? pass(`the final answer matched ${describePattern(pattern)}`)
        : fail(
            `expected the final answer to ${typeof pattern === "string" ? "contain" : "match"} ${describePattern(pattern)}, but it was ${quote(trace.output)}`,
          ),
    ),
  );
}

/**
 * Holds when the text reached the model in an agent request: in a message (tool results and
 * system reminders included) or the system prompt. Bookkeeping requests do not count.
 *
 * @example
 * ```ts
 * assertChecks(trace, [received("<injected-context>")]);
 * ```
 */
export function received(pattern: TextPattern): Check {
  requirePattern(pattern, "received(pattern)");
  const label = `received(${describePattern(pattern)})`;
  return makeCheck(
    "received",
    label,
    { pattern: patternToJSON(pattern) },
    onTrace(label, (trace) => {
      if (trace.modelRequests === undefined) {
        return fail(`${label}: model requests were not recorded (no mock model observed this run)`);
      }
      const agentRequests = trace.modelRequests.filter((r) => !r.sideChannel);
      if (agentRequests.length === 0) {
        return fail(
          `${label}: no agent request reached the model (${trace.modelRequests.length} bookkeeping requests only)`,
        );
      }
      const index = agentRequests.findIndex(
        (r) => textMatches(r.system, pattern) || r.messages.some((m) => textMatches(m.text, pattern)),
      );
      return index !== -1
        ? pass(`agent request ${index + 1} of ${agentRequests.length} carried ${describePattern(pattern)}`)
        : fail(
            `expected ${describePattern(pattern)} to reach the model, but none of the ${agentRequests.length} agent requests carried it`,
          );
    }),
  );
}
