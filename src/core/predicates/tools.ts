/**
 * Predicates over the tools a run used: pure functions of a Trace, no throw. They count every call,
 * the main agent's and its subagents' alike (a subagent call carries `parentId`).
 */
import type { ToolCall, Trace } from "../trace.js";
import { toolMatcher, type ToolQuery } from "./tool-names.js";

/** The calls answering a tool query, in the order they were made. */
export function callsTo(trace: Trace, query: ToolQuery): readonly ToolCall[] {
  const matches = toolMatcher(query);
  return trace.toolCalls.filter((call) => matches(call.name));
}

/**
 * Whether the agent used a tool, by exact name or by pattern. `Agent` and `Task` name the same tool.
 *
 * @example
 * ```ts
 * usedTool(trace, "Skill");
 * usedTool(trace, /^mcp__github__merge/);
 * ```
 */
export function usedTool(trace: Trace, query: ToolQuery): boolean {
  const matches = toolMatcher(query);
  return trace.toolCalls.some((call) => matches(call.name));
}

/**
 * How many times the agent called a tool.
 *
 * @example
 * ```ts
 * toolCount(trace, "Write"); // 0, 1, 2 …
 * ```
 */
export function toolCount(trace: Trace, query: ToolQuery): number {
  return callsTo(trace, query).length;
}

/**
 * Whether some call of the tool had an input the predicate accepts.
 *
 * @example
 * ```ts
 * toolUsedWith(trace, "Edit", (input) => input.file_path === "src/billing.ts");
 * ```
 */
export function toolUsedWith(
  trace: Trace,
  query: ToolQuery,
  predicate: (input: Readonly<Record<string, unknown>>, call: ToolCall) => boolean,
): boolean {
  return callsTo(trace, query).some((call) => predicate(call.input, call));
}

/** Whether the queries occur in the list of calls in this order, other calls allowed between them. */
export function usedInOrder(trace: Trace, sequence: readonly ToolQuery[]): boolean {
  const matchers = sequence.map(toolMatcher);
  let next = 0;
  for (const call of trace.toolCalls) {
    const matches = matchers[next];
    if (matches === undefined) break;
    if (matches(call.name)) next += 1;
  }
  return next === matchers.length;
}
