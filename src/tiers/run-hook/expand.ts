/** Placeholders in registered commands, replaced as the harness (and vigiles' `{cwd}`) does. */
import { sep } from "node:path";
import { substitutePluginVariables, type HookDialect } from "../../core/dialect.js";

export interface ExpandContext {
  readonly cwd: string;
  readonly projectDir: string;
  readonly pluginRoot?: string;
  /** Replace `${CLAUDE_PROJECT_DIR}` with the project dir (default true). */
  readonly substituteProjectDir?: boolean;
  /** What the harness replaces with the plugin root, textually (default Claude Code's `${CLAUDE_PLUGIN_ROOT}`). */
  readonly pluginRootPlaceholders?: readonly string[];
  /** The other variables it replaces in a plugin's commands (Gemini CLI's `${/}`); default none. */
  readonly pluginCommandVariables?: HookDialect["pluginCommandVariables"];
}

/**
 * `{cwd}` -> the work dir; `${CLAUDE_PROJECT_DIR}`, and in a plugin's command the harness's
 * plugin-root placeholders and textual variables -> their values.
 */
export function expandHookCommand(text: string, ctx: ExpandContext): string {
  let out = text.replaceAll("{cwd}", ctx.cwd);
  // Only a harness that sets CLAUDE_PROJECT_DIR gives it a value (Codex 0.169.0 does not).
  if (ctx.substituteProjectDir !== false) out = out.replaceAll("${CLAUDE_PROJECT_DIR}", ctx.projectDir);
  if (ctx.pluginRoot !== undefined)
    out = substitutePluginVariables(
      {
        pluginRootPlaceholders: ctx.pluginRootPlaceholders ?? ["${CLAUDE_PLUGIN_ROOT}"],
        pluginCommandVariables: ctx.pluginCommandVariables ?? [],
      },
      out,
      { pluginRoot: ctx.pluginRoot, projectDir: ctx.projectDir, pathSeparator: sep },
    );
  return out;
}
