/**
 * Plugin subagents: some frontmatter keys are honoured only for project and user agents.
 */
import { finding } from "../finding.js";
import type { LintFinding, LintRuleMeta, SourceRange } from "../types.js";

/** An agent definition (agents/*.md) with its parsed frontmatter. */
export interface AgentInput {
  readonly file: string;
  readonly name: string;
  /** The agent ships inside a plugin. */
  readonly inPlugin: boolean;
  readonly frontmatter: Readonly<Record<string, unknown>>;
  /** Range of each frontmatter key, when known. */
  readonly keyRanges: Readonly<Record<string, SourceRange>>;
  /** The file's text, when read (for the frontmatter layout rule). */
  readonly text?: string;
}

export const pluginAgentFieldsRule: LintRuleMeta = {
  id: "plugin-agent-fields",
  severity: "error",
  behaviour:
    "For agents shipped in a plugin, Claude Code 2.1.328 ignores `hooks`, `mcpServers`, `permissionMode`, " +
    "`initialPrompt` and the `observer` keys (its binary says so in a debug-log warning only): the guard, server or " +
    "mode the author relied on is silently absent.",
  fix: "Move the hooks into the plugin's hooks/hooks.json and the servers into its .mcp.json; drop permissionMode.",
  autofix: false,
};

// The pinned binary's own lists: it warns "Plugin agent file … sets <key>, which is ignored for plugin agents".
const IGNORED_IN_PLUGINS = [
  "hooks",
  "mcpServers",
  "permissionMode",
  "initialPrompt",
  "observer",
  "observerMessage",
  "observeSubagents",
];

export function checkAgent(input: AgentInput): LintFinding[] {
  if (!input.inPlugin) return [];
  return IGNORED_IN_PLUGINS.filter((key) => key in input.frontmatter).map((key) =>
    finding(
      pluginAgentFieldsRule,
      input.file,
      input.keyRanges[key],
      `Plugin agent "${input.name}" declares \`${key}\`, which Claude Code ignores for plugin agents.`,
    ),
  );
}
