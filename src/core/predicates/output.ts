/** Predicates over the agent's final answer. */
import type { Trace } from "../trace.js";
import { textMatches, type TextPattern } from "./text-match.js";

/**
 * Whether the final answer contains the text or matches the pattern.
 *
 * @example
 * ```ts
 * outputContains(trace, /done/i);
 * ```
 */
export function outputContains(trace: Trace, pattern: TextPattern): boolean {
  return textMatches(trace.output, pattern);
}
