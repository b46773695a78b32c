/**
 * The generic reading of a harness's machine-wide managed-settings folder, for an adapter that
 * declares the folder but not which of its files route requests: every file in it counts, since
 * managed settings and policies outrank every layer vigiles writes (they can deny a tool, so a
 * guard test would pass with no hook at all, or register hooks vigiles never records).
 */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/** Files below `dir` (at most `depth` folders down), as `<file> is managed policy` lines; empty when there are none. */
export function findManagedFiles(dir: string, depth = 3): string[] {
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return [];
  }
  const found: string[] = [];
  for (const name of names) {
    const path = join(dir, name);
    let isDir = false;
    try {
      isDir = statSync(path).isDirectory();
    } catch {
      // A dangling link: the CLI cannot read it either.
      continue;
    }
    if (isDir) {
      if (depth > 0) found.push(...findManagedFiles(path, depth - 1));
    } else {
      found.push(`${path} is managed policy (it outranks every setting vigiles writes)`);
    }
  }
  return found;
}
