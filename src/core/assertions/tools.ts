/** Assertions on the tools a run used. Each is a predicate plus a throw that shows the tools used, in order. */
import { AssertionFailedError, InvalidOptionError } from "../errors.js";
import { skill } from "../checks/tool-checks.js";
import { describeBounds, withinBounds, type Bounds } from "../checks/run-checks.js";
import { describeToolCalls, toolsUsed } from "../checks/describe.js";
import { describeToolQuery, type ToolQuery } from "../predicates/tool-names.js";
import { callsTo, toolCount, usedInOrder, usedTool } from "../predicates/tools.js";
import type { ToolCall, Trace } from "../trace.js";
import { assertCheck } from "./throw.js";

/**
 * Throws unless the agent used the tool (a name or a pattern): `usedTool` plus a throw that names the
 * tools used, so it reads any Trace `usedTool` reads (one read back from JSON too).
 *
 * @example
 * ```ts
 * assertToolUsed(trace, "Bash");
 * ```
 */
export function assertToolUsed(trace: Trace, query: ToolQuery): void {
  if (!(query instanceof RegExp) && (typeof query !== "string" || query.trim() === "")) {
    throw new InvalidOptionError(
      `assertToolUsed needs a tool name or a pattern, got ${JSON.stringify(query)}. Example: assertToolUsed(trace, "Bash")`,
    );
  }
  if (!usedTool(trace, query)) {
    throw new AssertionFailedError(
      `expected the agent to use tool ${describeToolQuery(query)}, but ${toolsUsed(trace)}`,
    );
  }
}

/**
 * Throws unless a Skill call for `id` resolved (`plugin:skill` or a bare name).
 *
 * @example
 * ```ts
 * assertSkillResolved(trace, "demo:greet");
 * ```
 */
export function assertSkillResolved(trace: Trace, id: string): void {
  assertCheck(trace, skill(id));
}

/**
 * Throws unless the tools occur in this order (other calls may come between them).
 *
 * @example
 * ```ts
 * assertToolSequence(trace, ["Read", "Edit"]); // Read before Edit
 * ```
 */
export function assertToolSequence(trace: Trace, sequence: readonly ToolQuery[]): void {
  if (!Array.isArray(sequence) || sequence.length === 0) {
    throw new InvalidOptionError(
      `assertToolSequence needs a non-empty list of tool names, got ${JSON.stringify(sequence)}.`,
    );
  }
  if (!usedInOrder(trace, sequence)) {
    throw new AssertionFailedError(
      `expected the tools in order [${sequence.map(describeToolQuery).join(", ")}], but ${toolsUsed(trace)}`,
    );
  }
}

/**
 * Throws unless the tool was called a number of times within the range (a number means exactly).
 *
 * @example
 * ```ts
 * assertToolCount(trace, "Write", { max: 1 }); // no runaway writes
 * ```
 */
export function assertToolCount(trace: Trace, query: ToolQuery, bounds: Bounds | number): void {
  const range: Bounds = typeof bounds === "number" ? { min: bounds, max: bounds } : bounds;
  const described = describeBounds(range, "assertToolCount(trace, tool, { min, max })");
  const count = toolCount(trace, query);
  if (!withinBounds(count, range)) {
    throw new AssertionFailedError(
      `expected ${described} calls of ${describeToolQuery(query)}, but there were ${count}; ${toolsUsed(trace)}`,
    );
  }
}

function inputs(calls: readonly ToolCall[]): string {
  return calls
    .slice(0, 5)
    .map((call) => JSON.stringify(call.input).slice(0, 160))
    .join(", ");
}

/**
 * Throws unless some call of the tool had an input the predicate accepts.
 *
 * @example
 * ```ts
 * assertToolUsedWith(trace, "Edit", (i) => i.file_path === "src/billing.ts");
 * ```
 */
export function assertToolUsedWith(
  trace: Trace,
  query: ToolQuery,
  predicate: (input: Readonly<Record<string, unknown>>, call: ToolCall) => boolean,
): void {
  const calls = callsTo(trace, query);
  if (calls.some((call) => predicate(call.input, call))) return;
  const what = describeToolQuery(query);
  throw new AssertionFailedError(
    calls.length === 0
      ? `expected a call of ${what} with a matching input, but it was never called; ${toolsUsed(trace)}`
      : `expected a call of ${what} with a matching input, but none of its ${calls.length} call(s) matched: ${inputs(calls)}`,
  );
}

/**
 * Throws unless the predicate accepts the whole list of tool calls (for rules no other assertion covers).
 *
 * @example
 * ```ts
 * assertToolCalls(trace, (calls) => calls.filter((c) => c.name === "Bash").length <= 3);
 * ```
 */
export function assertToolCalls(
  trace: Trace,
  predicate: (calls: readonly ToolCall[]) => boolean,
  description = "the custom rule over the tool calls",
): void {
  if (!predicate(trace.toolCalls)) {
    throw new AssertionFailedError(
      `expected ${description} to hold, but it did not for ${describeToolCalls(trace.toolCalls)}`,
    );
  }
}
