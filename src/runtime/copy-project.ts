/**
 * Copies a project directory into a run's work dir as it is: file modes (a hook script keeps its run
 * bit, so a command without an interpreter prefix still runs), binary files byte for byte, and
 * symlinks as symlinks with their targets verbatim. A symlink that points out of the project is
 * refused: the run would reach the host through it. Version-control and dependency folders (`.git`,
 * `node_modules`, `.vigiles`) are left out; a test that needs them names them in `files`.
 */
import { cp, lstat, readlink, realpath } from "node:fs/promises";
import { basename, dirname, isAbsolute, relative, resolve } from "node:path";
import { InvalidOptionError } from "../core/errors.js";

const SKIPPED = new Set([".git", "node_modules", ".vigiles"]);

function inside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
}

/** Copies `project` into `workDir` (which exists). Throws InvalidOptionError on a bad project. */
export async function copyProject(project: string, workDir: string): Promise<void> {
  const root = await realpath(project).catch(() => undefined);
  if (root === undefined || !(await lstat(root)).isDirectory()) {
    throw new InvalidOptionError(
      `spec.project ${JSON.stringify(project)} is not a directory; give the path of the project to copy`,
    );
  }
  await cp(root, workDir, {
    recursive: true,
    verbatimSymlinks: true,
    preserveTimestamps: true,
    filter: async (source) => {
      if (source !== root && SKIPPED.has(basename(source))) return false;
      const stat = await lstat(source);
      if (!stat.isSymbolicLink()) return true;
      const target = await readlink(source);
      const resolved = resolve(dirname(source), target);
      if (!inside(root, resolved)) {
        throw new InvalidOptionError(
          `${relative(root, source)} in spec.project is a symlink to ${JSON.stringify(target)}, outside the project; ` +
            "a run may only see the project itself (copy what it needs into the project or `files`)",
        );
      }
      return true;
    },
  });
}
