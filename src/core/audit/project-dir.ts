/**
 * The project a registration belongs to, which is what the project-dir variable (and the hook's cwd)
 * is when the harness runs it: the project its harness declares for the file (the folder holding
 * `.claude/` for a project settings file), so a project nested in the audited tree
 * (`examples/my-project/.claude/settings.json`) resolves its scripts against itself, not against the
 * audited root. Hooks files of plugins and anything else resolve against the root.
 */
import { resolve } from "node:path";

/** `projectDir` is as a registration carries it: relative to `root`. */
export function projectDirOf(
  reg: { readonly projectDir?: string; readonly pluginRoot?: string },
  root: string,
): string {
  if (reg.pluginRoot !== undefined || reg.projectDir === undefined) return root;
  return resolve(root, reg.projectDir);
}
