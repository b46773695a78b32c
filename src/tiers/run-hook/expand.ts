/** Placeholders in registered commands, replaced as the harness (and vigiles' `{cwd}`) does. */

export interface ExpandContext {
  readonly cwd: string;
  readonly projectDir: string;
  readonly pluginRoot?: string;
}

/** `{cwd}` -> the work dir; `${CLAUDE_PLUGIN_ROOT}` and `${CLAUDE_PROJECT_DIR}` -> their paths when known. */
export function expandHookCommand(text: string, ctx: ExpandContext): string {
  let out = text.replaceAll("{cwd}", ctx.cwd).replaceAll("${CLAUDE_PROJECT_DIR}", ctx.projectDir);
  if (ctx.pluginRoot !== undefined) out = out.replaceAll("${CLAUDE_PLUGIN_ROOT}", ctx.pluginRoot);
  return out;
}
