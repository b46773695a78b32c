/**
 * What a plugin eval suite can score on the driver's harness, asked of the registry: a harness that
 * cannot load a plugin for one run cannot run the with arm (refused by name), and one whose stream
 * does not say which skill ran cannot score graders on the `Skill` tool ("cannot be scored", never
 * a silent fail).
 */
import { findHarness } from "../../adapters/registry.js";
import { claudeToolName } from "../../core/dialect.js";
import type { ToolNaming } from "../../core/plugin-eval/graders.js";
import type { Grader } from "../../core/plugin-eval/schema.js";
import type { SuiteCase } from "../../core/plugin-eval/read-suite.js";
import { VigilesError } from "../../core/errors.js";

/** The driver's harness cannot run the suite's ablation. */
export class SuiteHarnessError extends VigilesError {
  constructor(message: string) {
    super("VIGILES_PLUGIN_SUITE_HARNESS", message);
  }
}

const SKILL_TOOL = "Skill";

function namesSkill(grader: Grader): boolean {
  switch (grader.type) {
    case "tool_used":
      return grader.tool === SKILL_TOOL;
    case "tool_order":
      return grader.before.tool === SKILL_TOOL || grader.after.tool === SKILL_TOOL;
    default:
      return false;
  }
}

/**
 * The graders of each case the harness cannot score, with why (case name -> grader name -> reason).
 * Throws {@link SuiteHarnessError} when the harness cannot load the plugin at all. A harness the
 * registry does not know (an injected driver's own name) is taken at its word.
 */
export function unscorableOn(
  harness: string,
  cases: readonly SuiteCase[],
): ReadonlyMap<string, ReadonlyMap<string, string>> {
  const entry = findHarness(harness);
  const unscorable = new Map<string, Map<string, string>>();
  if (entry === undefined) return unscorable;
  if (!entry.capabilities.pluginDirs)
    throw new SuiteHarnessError(
      `${entry.displayName} cannot load a plugin directory for one run, so the suite's with arm cannot run there; run it on a harness that can.`,
    );
  if (entry.capabilities.skillSelectionEvents) return unscorable;
  for (const c of cases) {
    const graders = new Map<string, string>();
    for (const g of c.definition.graders)
      if (namesSkill(g))
        graders.set(
          g.name,
          `cannot be scored on ${entry.displayName}: its stream does not say which skill ran`,
        );
    if (graders.size > 0) unscorable.set(c.definition.name, graders);
  }
  return unscorable;
}

/**
 * The driver's harness's tool names mapped to the suite's (identity for a harness the registry does
 * not know), the mocked MCP tools included: `mcp_<server>_<tool>` on Gemini CLI is the suite's
 * `mcp__<server>__<tool>`, as the harness's dialect says.
 */
export function toolNamingOf(
  harness: string,
  mocked: readonly { readonly server: string; readonly tools: readonly { readonly name: string }[] }[] = [],
): ToolNaming {
  const entry = findHarness(harness);
  if (entry === undefined) return (n) => n;
  const mcp = new Map<string, string>();
  const native = entry.dialect.mcpToolName;
  if (native !== undefined)
    for (const s of mocked)
      for (const t of s.tools) mcp.set(native(s.server, t.name), `mcp__${s.server}__${t.name}`);
  return (n) => mcp.get(n) ?? claudeToolName(entry.dialect, n);
}

/** The CLI's turn cap of a case that sets none (Claude Code 2.1.328's schema default). */
export const DEFAULT_MAX_TURNS = 10;

/**
 * How a harness takes the suite's turn caps: `capped` when it can cap a run's turns (or the registry
 * does not know it); otherwise cases at the default cap run uncapped there (`uncapped`, said in the
 * report) and a case that sets another cap is refused by name, since running it uncapped would
 * grade a run the case never allows.
 */
export function turnCapsOn(
  harness: string,
  cases: readonly SuiteCase[],
): { readonly capped: boolean; readonly uncapped: readonly string[] } {
  const entry = findHarness(harness);
  if (entry === undefined || entry.capabilities.turnCap) return { capped: true, uncapped: [] };
  const own = cases.filter((c) => c.definition.execution.max_turns !== DEFAULT_MAX_TURNS);
  if (own.length > 0)
    throw new SuiteHarnessError(
      `${entry.displayName} cannot cap a run's turns, and ${own.map((c) => `case "${c.definition.name}" sets max_turns: ${c.definition.execution.max_turns}`).join(", ")}; run it on a harness that can, or drop the cap.`,
    );
  return { capped: false, uncapped: cases.map((c) => c.definition.name) };
}
