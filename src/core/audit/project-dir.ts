/**
 * The project a registration belongs to, which is what `$CLAUDE_PROJECT_DIR` (and the hook's cwd)
 * is when the harness runs it: the folder holding `.claude/` (or `.codex/`, `.gemini/`) for a
 * project settings file, so a project nested in the audited tree (`examples/my-project/.claude/
 * settings.json`) resolves its scripts against itself, not against the audited root. Hooks files
 * of plugins and anything else resolve against the root, as before.
 */
import { dirname, resolve } from "node:path";

const PROJECT_SETTINGS =
  /(?:^|[\\/])\.(?:claude[\\/]settings(?:\.local)?|codex[\\/]hooks|gemini[\\/]settings)\.json$/;

/** `file` is as a registration carries it: relative to `root`, or absolute. */
export function projectDirOf(
  reg: { readonly file: string; readonly pluginRoot?: string },
  root: string,
): string {
  if (reg.pluginRoot !== undefined || !PROJECT_SETTINGS.test(reg.file)) return root;
  return resolve(root, dirname(dirname(reg.file)));
}
