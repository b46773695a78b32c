/**
 * The subagent check: a subagent of that type ran, and the nested checks hold over what it did.
 * A subagent's tool calls carry the id of the Agent/Task call that started it (`parentId`).
 */
import { traceFile } from "../predicates/subject.js";
import { InvalidOptionError } from "../errors.js";
import { isSubagentTool } from "../predicates/tool-names.js";
import type { ToolCall, Trace } from "../trace.js";
import { fail, makeCheck, onTrace, pass } from "./define.js";
import { describeToolCalls, toolsUsed } from "./describe.js";
import type { Check, CheckResult } from "./types.js";

/** The subagent type an Agent/Task call asked for (`subagent_type`; Claude Code's default is general-purpose). */
export function subagentTypeOf(call: ToolCall): string {
  const type = call.input.subagent_type;
  return typeof type === "string" && type !== "" ? type : "general-purpose";
}

function namesAgent(type: string, wanted: string): boolean {
  if (type === wanted) return true;
  // A plugin agent is `plugin:agent`; a bare name matches it, as with skills.
  return !wanted.includes(":") && type.slice(type.lastIndexOf(":") + 1) === wanted;
}

/** The calls of a trace grouped by the subagent call that made them, and their positions. */
export interface CallIndex {
  readonly children: ReadonlyMap<string, readonly ToolCall[]>;
  readonly position: ReadonlyMap<ToolCall, number>;
}

/** Indexes a trace's calls by parent once, so reading many subagents stays linear. */
export function indexCalls(trace: Trace): CallIndex {
  const children = new Map<string, ToolCall[]>();
  const position = new Map<ToolCall, number>();
  trace.toolCalls.forEach((call, i) => {
    position.set(call, i);
    if (call.parentId === undefined) return;
    const list = children.get(call.parentId);
    if (list === undefined) children.set(call.parentId, [call]);
    else list.push(call);
  });
  return { children, position };
}

/** Every call made under the subagent started by `root`, its own subagents' calls included, in trace order. */
export function callsUnder(
  trace: Trace,
  root: ToolCall,
  index: CallIndex = indexCalls(trace),
): readonly ToolCall[] {
  const inside = new Set<ToolCall>();
  const queue = [root.id];
  while (queue.length > 0) {
    for (const child of index.children.get(queue.pop() as string) ?? []) {
      if (!inside.has(child) && child.id !== root.id) {
        inside.add(child);
        queue.push(child.id);
      }
    }
  }
  return [...inside].sort((a, b) => (index.position.get(a) ?? 0) - (index.position.get(b) ?? 0));
}

/**
 * The subagent's own view of the run: its tool calls, its report as the output, the run's files.
 * Hook fires, model requests, turns and usage are not attributed per subagent, so checks on them
 * fail as "not recorded" inside `subagent(…)`.
 */
export function subagentTrace(trace: Trace, root: ToolCall, index: CallIndex = indexCalls(trace)): Trace {
  return {
    toolCalls: callsUnder(trace, root, index),
    hooks: undefined,
    output: root.result?.text ?? "",
    modelRequests: undefined,
    turns: Number.NaN,
    ...(trace.filesWritten === undefined ? {} : { filesWritten: trace.filesWritten }),
    stdout: "",
    stderr: "",
    file: (path) => traceFile(trace, path) ?? null,
    ...(trace.sh === undefined ? {} : { sh: trace.sh }),
  };
}

/** Joins at most `max` items, saying how many more there were. */
function capped(items: readonly string[], separator: string, max = 5): string {
  const shown = items.slice(0, max).join(separator);
  return items.length > max ? `${shown}${separator}… ${items.length - max} more` : shown;
}

function ran(index: CallIndex, call: ToolCall): boolean {
  return (
    (call.result !== undefined && !call.result.isError) || (index.children.get(call.id)?.length ?? 0) > 0
  );
}

/**
 * Holds when a subagent of that type ran and, for one of its runs, every nested check held over
 * the subagent's own tool calls and report.
 *
 * @example
 * ```ts
 * assertChecks(trace, [subagent("reviewer", [tool("Read"), output(/LGTM/)])]);
 * ```
 */
export function subagent(name: string, checks: readonly Check[] = []): Check {
  if (typeof name !== "string" || name === "") {
    throw new InvalidOptionError(
      `subagent(name, checks) takes the subagent type, got ${JSON.stringify(name)}.`,
    );
  }
  if (!Array.isArray(checks)) {
    throw new InvalidOptionError(
      `subagent(${JSON.stringify(name)}, checks): checks must be an array of checks.`,
    );
  }
  const label = `subagent(${JSON.stringify(name)}${checks.length === 0 ? "" : `, [${checks.map((c) => c.label).join(", ")}]`})`;
  const json = { name, checks: checks.map((check) => check.toJSON()) };
  return makeCheck(
    "subagent",
    label,
    json,
    onTrace(label, (trace) => {
      const spawns = trace.toolCalls.filter((call) => isSubagentTool(call.name));
      const mine = spawns.filter((call) => namesAgent(subagentTypeOf(call), name));
      if (mine.length === 0) {
        const others =
          spawns.length === 0
            ? "no subagent ran"
            : `subagents: [${capped(spawns.map(subagentTypeOf), ", ")}]`;
        return fail(`expected subagent ${JSON.stringify(name)} to run, but ${others}; ${toolsUsed(trace)}`);
      }
      const index = indexCalls(trace);
      const started = mine.filter((call) => ran(index, call));
      if (started.length === 0) {
        const why = mine.map((c) =>
          c.result === undefined ? "no result" : `error ${JSON.stringify(c.result.text.slice(0, 120))}`,
        );
        return fail(
          `expected subagent ${JSON.stringify(name)} to run, but its call(s) failed: ${capped(why, "; ")}`,
        );
      }
      const failures: string[] = [];
      for (const [run, call] of started.entries()) {
        const view = subagentTrace(trace, call, index);
        const results: CheckResult[] = checks.map((check) => check.evaluate(view));
        const failed = results.filter((r) => !r.pass);
        if (failed.length === 0) {
          return pass(
            `subagent ${JSON.stringify(name)} ran and used ${describeToolCalls(view.toolCalls)}${checks.length === 0 ? "" : `; ${checks.length} nested check(s) held`}`,
          );
        }
        failures.push(`run ${run + 1}: ${failed.map((r) => r.message).join("; ")}`);
      }
      return fail(
        `subagent ${JSON.stringify(name)} ran ${started.length}×, but the nested checks failed: ${capped(failures, " | ")}`,
      );
    }),
  );
}
