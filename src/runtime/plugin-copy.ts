/**
 * The run's copy of a plugin dir, without what no harness loads from it: `.git` is left out, and each
 * `node_modules` becomes a link to the source's own (its real path), so a hook that runs a tool from
 * the plugin's dependencies finds it as before while a 1 GB dependency tree costs one link instead of
 * a copy. A confined run sees the link's target read-only: bwrap binds the host read-only and the
 * harness tier binds each plugin dir, and the real path of its `node_modules`, into the sandbox's
 * fresh /tmp (tiers/harness/session.ts). A hook that writes into `node_modules` (a tool's cache)
 * writes into the source's unconfined, and is refused confined.
 */
import { cpSync, realpathSync, statSync, symlinkSync } from "node:fs";
import { cp, realpath, stat, symlink } from "node:fs/promises";
import { basename, join, relative, resolve } from "node:path";

/** Left out of the copy: version control, never read by a harness. */
const LEFT_OUT = new Set([".git"]);
/** Linked, not copied: a plugin's dependencies, read by its hooks. */
const LINKED = "node_modules";

/** What the copy does with one path under the plugin root. */
type Decision = "copy" | "leave-out" | "link";

function decide(name: string, isDirectory: () => boolean): Decision {
  if (LEFT_OUT.has(name)) return "leave-out";
  return name === LINKED && isDirectory() ? "link" : "copy";
}

const isDirectorySync = (path: string): boolean =>
  statSync(path, { throwIfNoEntry: false })?.isDirectory() === true;

/**
 * Copies `source` to `target` (created), `.git` left out and each `node_modules` dir linked to the
 * source's. `dereference`: links elsewhere in the plugin are copied as the files they point at.
 */
export async function copyPluginDir(
  source: string,
  target: string,
  options: { readonly dereference?: boolean } = {},
): Promise<void> {
  const root = resolve(source);
  const linked: string[] = [];
  await cp(root, target, {
    recursive: true,
    dereference: options.dereference === true,
    filter: (path) => {
      if (path === root) return true;
      const decision = decide(basename(path), () => isDirectorySync(path));
      if (decision === "link") linked.push(relative(root, path));
      return decision === "copy";
    },
  });
  for (const rel of linked) await symlink(await realpath(join(root, rel)), join(target, rel), "dir");
}

/** {@link copyPluginDir}, synchronous (links copied as links). */
export function copyPluginDirSync(source: string, target: string): void {
  const root = resolve(source);
  const linked: string[] = [];
  cpSync(root, target, {
    recursive: true,
    filter: (path) => {
      if (path === root) return true;
      const decision = decide(basename(path), () => isDirectorySync(path));
      if (decision === "link") linked.push(relative(root, path));
      return decision === "copy";
    },
  });
  for (const rel of linked) symlinkSync(realpathSync(join(root, rel)), join(target, rel), "dir");
}

/** The real path of `pluginDir`'s own `node_modules`, which a confined run binds, or undefined. */
export async function pluginDependenciesOf(pluginDir: string): Promise<string | undefined> {
  const path = join(resolve(pluginDir), LINKED);
  const info = await stat(path).catch(() => undefined);
  return info?.isDirectory() ? realpath(path) : undefined;
}
