/**
 * Path comparison for the event view: lexical, no file system access. `..` is resolved before
 * comparing, so `src/../.env` is not under `src`; `$HOME` and `${HOME}` read as `~`.
 */
import { posix } from "node:path";
import picomatch from "picomatch";

/** A normalized path: `./a//b/` → `a/b`, relative paths joined to `cwd` when it is known. */
export function normalizePath(path: string, cwd?: string): string {
  let p = path.replace(/^\$\{?HOME\}?(?=\/|$)/, "~");
  if (cwd && !p.startsWith("/") && !p.startsWith("~")) p = posix.join(cwd, p);
  p = posix.normalize(p);
  if (p.length > 1 && p.endsWith("/")) p = p.slice(0, -1);
  return p === "." ? "." : p.replace(/^\.\//, "");
}

/** `path` is `dir` or lies inside it. */
export function isUnder(path: string, dir: string, cwd?: string): boolean {
  const p = normalizePath(path, cwd);
  const d = normalizePath(dir, cwd);
  if (d === "/") return p.startsWith("/");
  if (d === ".") return !p.startsWith("/") && !p.startsWith("..") && !p.startsWith("~");
  return p === d || p.startsWith(`${d}/`);
}

const GLOB_CHARS = /[*?[\]{}]/;

/** An argument as written (possibly a glob) names `target` or something inside it. */
export function argumentNames(argument: string, target: string, cwd?: string): boolean {
  if (GLOB_CHARS.test(argument)) {
    const glob = normalizePath(argument, cwd);
    const t = normalizePath(target, cwd);
    return picomatch.isMatch(t, glob, { dot: true }) || isUnder(glob, t);
  }
  return isUnder(argument, target, cwd);
}
