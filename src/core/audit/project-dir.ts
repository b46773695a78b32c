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

/**
 * Where the harness runs a handler's command: the handler's own directory (the dialect's `cwdField`,
 * kept as the registration's `cwd`) relative to its project, taken as written: no variable and no `~`
 * is expanded in it (GitHub Copilot CLI 1.0.102 spawns the hook in a directory literally named
 * `${workspaceRoot}` and fails, test/audit/copilot-hook-cwd.test.ts). The project when it names none.
 */
export function handlerDirOf(
  reg: { readonly cwd?: string; readonly projectDir?: string; readonly pluginRoot?: string },
  root: string,
): string {
  const project = projectDirOf(reg, root);
  return reg.cwd === undefined ? project : resolve(project, reg.cwd);
}
