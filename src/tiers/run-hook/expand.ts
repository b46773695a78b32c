/** Placeholders in registered commands, replaced as the harness (and vigiles' `{cwd}`) does. */

export interface ExpandContext {
  readonly cwd: string;
  readonly projectDir: string;
  readonly pluginRoot?: string;
  /** Replace `${CLAUDE_PROJECT_DIR}` with the project dir (default true). */
  readonly substituteProjectDir?: boolean;
  /** What the harness replaces with the plugin root, textually (default Claude Code's `${CLAUDE_PLUGIN_ROOT}`). */
  readonly pluginRootPlaceholders?: readonly string[];
}

/** `{cwd}` -> the work dir; `${CLAUDE_PROJECT_DIR}` and the harness's plugin-root placeholders -> their paths when known. */
export function expandHookCommand(text: string, ctx: ExpandContext): string {
  let out = text.replaceAll("{cwd}", ctx.cwd);
  // Only a harness that sets CLAUDE_PROJECT_DIR gives it a value (Codex 0.169.0 does not).
  if (ctx.substituteProjectDir !== false) out = out.replaceAll("${CLAUDE_PROJECT_DIR}", ctx.projectDir);
  if (ctx.pluginRoot !== undefined)
    for (const placeholder of ctx.pluginRootPlaceholders ?? ["${CLAUDE_PLUGIN_ROOT}"])
      out = out.replaceAll(placeholder, ctx.pluginRoot);
  return out;
}
