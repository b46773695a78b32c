/** Content hash of a plugin directory (paths and bytes, sorted), for the cache key and the lock. */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { InvalidOptionError } from "../../core/errors.js";

export function hashPluginDir(dir: string): string {
  const root = resolve(dir);
  const stat = statSync(root, { throwIfNoEntry: false });
  if (!stat?.isDirectory()) {
    throw new InvalidOptionError(
      `pluginDir "${dir}" is not a directory (resolved to ${root}); check the path.`,
    );
  }
  const files: string[] = [];
  const walk = (d: string): void => {
    for (const name of readdirSync(d)) {
      if (name === ".git" || name === "node_modules") continue;
      const path = join(d, name);
      const s = statSync(path);
      if (s.isDirectory()) walk(path);
      else if (s.isFile()) files.push(path);
    }
  };
  walk(root);
  files.sort();
  const hash = createHash("sha256");
  for (const path of files) {
    hash.update(relative(root, path).split("\\").join("/"));
    hash.update("\0");
    hash.update(readFileSync(path));
    hash.update("\0");
  }
  return hash.digest("hex");
}
