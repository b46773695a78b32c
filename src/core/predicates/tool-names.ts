/**
 * Tool-name matching shared by predicates, assertions and checks. Claude Code renamed the subagent
 * tool from `Task` to `Agent` in 2.1.63 (its own init event still lists `Task`), so the two names
 * stand for one tool everywhere a name is matched.
 */

/** The names the subagent tool has had. */
export const SUBAGENT_TOOL_NAMES: readonly string[] = ["Agent", "Task"];

/** True for the subagent tool under either of its names. */
export function isSubagentTool(name: string): boolean {
  return SUBAGENT_TOOL_NAMES.includes(name);
}

/** A tool name, or a pattern tested against tool names. */
export type ToolQuery = string | RegExp;

function aliasesOf(name: string): readonly string[] {
  return isSubagentTool(name) ? SUBAGENT_TOOL_NAMES : [name];
}

/** A test of tool names against one query, built once (the subagent alias resolved up front). */
export function toolMatcher(query: ToolQuery): (name: string) => boolean {
  if (typeof query === "string") {
    if (!isSubagentTool(query)) return (name) => name === query;
    return isSubagentTool;
  }
  return (name) =>
    aliasesOf(name).some((alias) => {
      query.lastIndex = 0;
      return query.test(alias);
    });
}

/** Whether a call named `name` answers the query (exact name, or a regex that matches the name or its alias). */
export function toolNameMatches(name: string, query: ToolQuery): boolean {
  return toolMatcher(query)(name);
}

/** How a query reads in a message: `"Bash"` or `/^mcp__/`. */
export function describeToolQuery(query: ToolQuery): string {
  return typeof query === "string" ? JSON.stringify(query) : String(query);
}
