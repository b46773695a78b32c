/**
 * The temp copy a mutant runs in. The tree is copied (without `.git` and `.vigiles/tmp`); every
 * `node_modules` becomes a folder of the copy's own holding one symlink per entry of the user's, so
 * nothing is reinstalled and what a run adds to node_modules (a new entry, a tool's cache under
 * `.cache`, `.vite`, `.vitest`) stays in the copy. A symlink to the whole folder let a hook that
 * caches under ./node_modules/.cache write into the user's repository (issue 29). A write inside an
 * installed package's own folder still reaches the user's: packages are linked, not copied. A root without its own node_modules needs one whose entries link to the nearest ancestor's,
 * plus the ancestor package itself under its name, so `import "<package>"` resolves in the copy as
 * it does in place (the package self-reference). That one is built once per run in a shared parent
 * ({@link makeSharedModules}) and every copy is made inside it, so Node finds it by walking up:
 * hundreds of symlinks made once instead of once per mutant.
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
} from "node:fs";
import { basename, dirname, join, relative } from "node:path";
import { liveTempDirs, makeTempDir, removeTempDir } from "../../runtime/temp-dir.js";

export interface MutantCopy {
  /** The temp dir holding everything (remove it with {@link removeCopy}). */
  readonly dir: string;
  /** The copied repository. */
  readonly root: string;
  /** A fresh HOME for the run. */
  readonly home: string;
}

const SKIPPED_TOP = new Set([".git", join(".vigiles", "tmp")]);

/**
 * Where tools write into node_modules: find-cache-dir's `.cache` (babel-loader, eslint-loader, nyc,
 * ava, terser-webpack-plugin), Vite's `.vite` and Vitest's `.vitest`. Never linked: each copy starts
 * without them and writes its own.
 */
const PRIVATE_MODULE_ENTRIES = new Set([".cache", ".vite", ".vitest"]);

/**
 * Fills `target` (made here) with a symlink to each entry of the node_modules folder `source`,
 * the private ones left out. `.bin`'s relative links resolve inside the user's folder, as before.
 */
function linkModuleEntries(source: string, target: string): void {
  mkdirSync(target, { recursive: true });
  for (const name of readdirSync(source)) {
    if (!PRIVATE_MODULE_ENTRIES.has(name)) symlinkSync(join(source, name), join(target, name));
  }
}

function nearestAncestor(start: string, has: (dir: string) => boolean): string | undefined {
  for (let dir = dirname(start); ; dir = dirname(dir)) {
    if (has(dir)) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

function linkAncestorModules(userRoot: string, copyRoot: string): boolean {
  const modulesOwner = nearestAncestor(userRoot, (d) => existsSync(join(d, "node_modules")));
  const packageDir = nearestAncestor(userRoot, (d) => existsSync(join(d, "package.json")));
  if (modulesOwner === undefined && packageDir === undefined) return false;
  const target = join(copyRoot, "node_modules");
  if (modulesOwner !== undefined) linkModuleEntries(join(modulesOwner, "node_modules"), target);
  else mkdirSync(target, { recursive: true });
  if (packageDir !== undefined) {
    try {
      const name = (JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as { name?: unknown })
        .name;
      if (typeof name === "string" && !existsSync(join(target, name))) {
        mkdirSync(dirname(join(target, name)), { recursive: true });
        symlinkSync(packageDir, join(target, name));
      }
    } catch {
      // an unreadable package.json: no self-reference to mirror
    }
  }
  return true;
}

/** A parent for every copy of one run, holding the linked node_modules once; removed with {@link removeSharedModules}. */
export interface SharedModules {
  readonly dir: string;
}

/**
 * The shared parent for the copies of `userRoot`, or undefined when the root has its own
 * node_modules (each copy links it) or there is nothing to link.
 */
export function makeSharedModules(userRoot: string): SharedModules | undefined {
  if (existsSync(join(userRoot, "node_modules"))) return undefined;
  const dir = makeTempDir("vigiles-mutant-run-");
  try {
    if (!linkAncestorModules(userRoot, dir)) {
      removeTempDir(dir);
      return undefined;
    }
    return { dir };
  } catch (error) {
    removeTempDir(dir);
    throw error;
  }
}

export function removeSharedModules(shared: SharedModules | undefined): void {
  if (shared !== undefined) removeTempDir(shared.dir);
}

/** Copies `userRoot` into a fresh temp dir (inside `shared` when given); never writes under `userRoot`. */
export function makeMutantCopy(userRoot: string, shared?: SharedModules): MutantCopy {
  const dir = shared === undefined ? makeTempDir("vigiles-mutant-") : mkdtempSync(join(shared.dir, "m-"));
  const root = join(dir, "repo");
  const home = join(dir, "home");
  try {
    mkdirSync(home);
    const modules: string[] = [];
    cpSync(userRoot, root, {
      recursive: true,
      verbatimSymlinks: true,
      filter: (src) => {
        const r = relative(userRoot, src);
        if (SKIPPED_TOP.has(r)) return false;
        if (basename(src) === "node_modules") {
          modules.push(r);
          return false;
        }
        return true;
      },
    });
    for (const r of modules) {
      const source = join(userRoot, r);
      // A node_modules that is not a folder (a file, a dangling link) is linked as it is.
      if (statSync(source, { throwIfNoEntry: false })?.isDirectory() === true)
        linkModuleEntries(source, join(root, r));
      else symlinkSync(source, join(root, r));
    }
    if (!modules.includes("node_modules") && shared === undefined) linkAncestorModules(userRoot, root);
    return { dir, root, home };
  } catch (error) {
    removeCopy({ dir, root, home });
    throw error;
  }
}

/** Removes a copy and everything in it (symlinks are removed, never followed). */
export function removeCopy(copy: MutantCopy): void {
  if (liveTempDirs().includes(copy.dir)) removeTempDir(copy.dir);
  else rmSync(copy.dir, { recursive: true, force: true, maxRetries: 2 });
}
