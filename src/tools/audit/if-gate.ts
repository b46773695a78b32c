/**
 * A handler's `if:` permission rule under `vigiles audit --run`. The harness runs the handler only
 * for tool calls the rule selects (`if: "Bash(git push *--force*)"` runs it for a force push, never
 * for an `echo`), so a probe the rule does not select is not run: its answer would be one the hook
 * never gives. In its place the audit probes the handler with a call the rule does select, made from
 * the rule itself.
 */
import { isAbsolute, join } from "node:path";
import type { HookRegistration } from "../../core/audit/hooks-config.js";
import { isToolEventOf } from "../../core/hook-config/dialect-matcher.js";
import {
  parsePermissionRule,
  permissionRuleMatches,
  type RuleContext,
} from "../../core/hook-config/if-rule.js";
import { isRecord } from "../../core/is-record.js";

/** Whether the harness reads the registration's `if:` (a rule on a tool event). */
export function hasIfGate(reg: HookRegistration): reg is HookRegistration & { condition: string } {
  return reg.condition !== undefined && isToolEventOf(reg.dialect, reg.event);
}

/** Whether the `if:` rule of `reg` selects a probe of `tool` with `input` (true where it has none). */
export function ifGateSelects(
  reg: HookRegistration,
  tool: string,
  input: unknown,
  ctx: RuleContext,
): boolean {
  if (!hasIfGate(reg)) return true;
  return permissionRuleMatches(reg.condition, tool, isRecord(input) ? input : {}, ctx).matches;
}

/** Candidate texts for a rule's wildcards, tried in turn: for a command none first, for a path a file. */
const COMMAND_FILLERS = ["", "x", "vigiles-probe", "dir/probe"];
const PATH_FILLERS = ["vigiles-probe.txt", "dir/vigiles-probe.txt", "", "x"];

/**
 * A tool call the rule selects, made from its content: `Bash(git push *--force*)` gives
 * `git push --force`, `Edit(src/**)` a file under `src/`. Undefined when no filler fits (the rule
 * is then probed with the calls it selects among the usual ones, if any).
 */
export function callSelectedBy(
  rule: string,
  ctx: RuleContext,
): { tool: string; input: Record<string, unknown> } | undefined {
  const parsed = parsePermissionRule(rule);
  if (parsed === undefined || parsed.tool.includes("*") || parsed.tool.startsWith("mcp__")) return undefined;
  const { tool } = parsed;
  const content = parsed.content ?? "";
  const inputs: Record<string, unknown>[] = [];
  const fillers = tool === "Bash" || tool === "WebFetch" ? COMMAND_FILLERS : PATH_FILLERS;
  for (const filler of fillers) {
    const text = content
      .replace(/:\*$/, " *")
      .replace(/\*\*\//g, "")
      .replace(/\*\*?/g, filler)
      .replace(/\s+/g, " ")
      .trim();
    if (tool === "Bash") inputs.push({ command: text === "" ? "echo vigiles-audit-probe" : text });
    else if (tool === "WebFetch")
      inputs.push({ url: `https://${text.replace(/^domain:/, "") || "example.com"}/`, prompt: "probe" });
    else {
      const path = text.startsWith("~/")
        ? join(ctx.home ?? "/", text.slice(2))
        : text.startsWith("//")
          ? text.slice(1)
          : isAbsolute(text)
            ? join(ctx.projectDir ?? ctx.cwd, text)
            : join(ctx.cwd, text === "" ? "vigiles-audit-probe.txt" : text);
      inputs.push(
        tool === "Write"
          ? { file_path: path, content: "vigiles audit probe\n" }
          : tool === "Read"
            ? { file_path: path }
            : { file_path: path, old_string: "before", new_string: "after" },
      );
    }
  }
  const input = inputs.find((i) => permissionRuleMatches(rule, tool, i, ctx).matches);
  return input !== undefined ? { tool, input } : undefined;
}
