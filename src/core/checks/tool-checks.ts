/** Checks on the tools a run used: tool, skill, mcp. */
import { InvalidOptionError } from "../errors.js";
import { skillCalls, skillCallsFor, type SkillCall } from "../predicates/skills.js";
import { describeToolQuery, type ToolQuery } from "../predicates/tool-names.js";
import { usedTool } from "../predicates/tools.js";
import { quote } from "../predicates/text-match.js";
import type { Trace } from "../trace.js";
import { fail, makeCheck, onTrace, pass } from "./define.js";
import { toolsUsed } from "./describe.js";
import { patternToJSON } from "./pattern-json.js";
import type { Check } from "./types.js";

function requireName(value: unknown, what: string, example: string): void {
  if (typeof value !== "string" || value.trim() === "") {
    throw new InvalidOptionError(
      `${what} must be a non-empty string, got ${JSON.stringify(value)}. Example: ${example}`,
    );
  }
}

/**
 * Holds when the agent used the tool (exact name or pattern; `Agent` and `Task` are one tool).
 *
 * @example
 * ```ts
 * assertChecks(trace, [tool("Bash"), tool(/^mcp__github__/)]);
 * ```
 */
export function tool(query: ToolQuery): Check {
  if (!(query instanceof RegExp)) requireName(query, "tool(name)", 'tool("Bash")');
  const label = `tool(${describeToolQuery(query)})`;
  const shown = describeToolQuery(query);
  return makeCheck(
    "tool",
    label,
    { name: patternToJSON(query) },
    onTrace(label, (trace) =>
      usedTool(trace, query)
        ? pass(`the agent used tool ${shown}`)
        : fail(`expected the agent to use tool ${shown}, but ${toolsUsed(trace)}`),
    ),
  );
}

function describeSkillCall(skill: SkillCall): string {
  const name = skill.launched ?? skill.requested ?? "(no name)";
  if (skill.resolved) return name;
  const why = skill.call.result === undefined ? "no result" : `error ${quote(skill.call.result.text, 80)}`;
  return `${name} (${why})`;
}

/**
 * Holds when a Skill call for `id` resolved (`plugin:skill` or a bare name).
 *
 * @example
 * ```ts
 * assertChecks(trace, [skill("demo:greet")]);
 * ```
 */
export function skill(id: string): Check {
  requireName(id, "skill(id)", 'skill("my-plugin:greet")');
  const label = `skill(${JSON.stringify(id)})`;
  return makeCheck(
    "skill",
    label,
    { id },
    onTrace(label, (trace: Trace) => {
      const asked = skillCallsFor(trace, id);
      const resolved = asked.find((s) => s.resolved);
      if (resolved !== undefined)
        return pass(`skill ${JSON.stringify(id)} resolved as ${describeSkillCall(resolved)}`);
      if (asked.length > 0) {
        return fail(
          `expected skill ${JSON.stringify(id)} to resolve, but every call for it failed: [${asked.map(describeSkillCall).join(", ")}]`,
        );
      }
      const all = skillCalls(trace);
      const skills =
        all.length === 0
          ? "no Skill call was made"
          : `Skill calls: [${all.map(describeSkillCall).join(", ")}]`;
      return fail(`expected skill ${JSON.stringify(id)} to resolve, but ${skills}; ${toolsUsed(trace)}`);
    }),
  );
}

/** The names an MCP tool can have: `mcp__server__tool`, or a plugin's `mcp__plugin_<plugin>_server__tool`. */
export function isMcpToolName(name: string, server: string, toolName?: string): boolean {
  const tail = toolName === undefined ? `${server}__` : `${server}__${toolName}`;
  const matchesTail = (rest: string): boolean =>
    toolName === undefined ? rest.startsWith(tail) : rest === tail;
  if (!name.startsWith("mcp__")) return false;
  const rest = name.slice("mcp__".length);
  if (matchesTail(rest)) return true;
  if (!rest.startsWith("plugin_")) return false;
  // plugin_<plugin>_<server>__<tool>: the server follows the plugin name after one underscore.
  const afterPlugin = rest.slice("plugin_".length);
  for (let i = afterPlugin.indexOf("_"); i !== -1; i = afterPlugin.indexOf("_", i + 1)) {
    if (matchesTail(afterPlugin.slice(i + 1))) return true;
  }
  return false;
}

/**
 * Holds when the agent used a tool of the MCP server (the given tool, or any of the server's tools
 * when `toolName` is left out), including a plugin's server (`mcp__plugin_<plugin>_<server>__<tool>`).
 *
 * @example
 * ```ts
 * assertChecks(trace, [mcp("github", "merge_pull_request")]);
 * ```
 */
export function mcp(server: string, toolName?: string): Check {
  requireName(server, "mcp(server, tool)", 'mcp("github", "merge_pull_request")');
  if (toolName !== undefined)
    requireName(toolName, "mcp(server, tool)", 'mcp("github", "merge_pull_request")');
  const label =
    toolName === undefined
      ? `mcp(${JSON.stringify(server)})`
      : `mcp(${JSON.stringify(server)}, ${JSON.stringify(toolName)})`;
  const wanted = `mcp__${server}__${toolName ?? "*"}`;
  return makeCheck(
    "mcp",
    label,
    toolName === undefined ? { server } : { server, tool: toolName },
    onTrace(label, (trace) => {
      const call = trace.toolCalls.find((c) => isMcpToolName(c.name, server, toolName));
      return call !== undefined
        ? pass(`the agent used MCP tool ${call.name}`)
        : fail(`expected the agent to use MCP tool ${wanted}, but ${toolsUsed(trace)}`);
    }),
  );
}
