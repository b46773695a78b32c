/**
 * What the harness release cache holds, and pruning it (`vigiles cache list|prune`). Releases run
 * 100–450 MB each (3.7 GB for 13 measured), so each entry is listed with its size, when it was fetched
 * and when a run last used it (harness-cache-stamps.ts).
 */
import { readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { readHarnessCacheEntry, vigilesCacheRoot } from "./harness-cache.js";
import { usedStamp } from "./harness-cache-stamps.js";

export interface CachedRelease {
  /** The entry's folder name, `<pkg with + for />@<version>`. */
  readonly name: string;
  readonly dir: string;
  readonly package: string;
  readonly version: string;
  /** `ok`, or why the entry is damaged (a damaged entry is always pruned). */
  readonly status: "ok" | "corrupt";
  readonly bytes: number;
  readonly fetchedAt?: Date;
  readonly lastUsed?: Date;
}

function harnessesDir(env: NodeJS.ProcessEnv): string {
  return join(vigilesCacheRoot(env), "harnesses");
}

function stampOf(env: NodeJS.ProcessEnv, name: string): string {
  return usedStamp(vigilesCacheRoot(env), name);
}

function diskBytes(path: string): number {
  let total = 0;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) total += statSync(full).size;
    }
  };
  try {
    walk(path);
  } catch {
    // Removed while we looked.
  }
  return total;
}

function mtimeOf(path: string): Date | undefined {
  try {
    return statSync(path).mtime;
  } catch {
    return undefined;
  }
}

/** Every release in the cache (whole or damaged), oldest last-use first. Left-over fetch dirs are not releases. */
export function listHarnessCache(env: NodeJS.ProcessEnv = process.env): CachedRelease[] {
  let names: string[];
  try {
    names = readdirSync(harnessesDir(env)).filter((n) => !n.startsWith("."));
  } catch {
    return [];
  }
  const releases = names.flatMap((name): CachedRelease[] => {
    const at = name.lastIndexOf("@");
    if (at <= 0) return [];
    const pkg = name.slice(0, at).replace("+", "/");
    const version = name.slice(at + 1);
    const state = readHarnessCacheEntry(pkg, version, env);
    const dir = join(harnessesDir(env), name);
    const fetchedAt = state.status === "ok" ? new Date(state.entry.manifest.fetchedAt) : undefined;
    const lastUsed = mtimeOf(stampOf(env, name));
    return [
      {
        name,
        dir,
        package: pkg,
        version,
        status: state.status === "ok" ? "ok" : "corrupt",
        bytes: diskBytes(dir),
        ...(fetchedAt !== undefined && !Number.isNaN(fetchedAt.getTime()) ? { fetchedAt } : {}),
        ...(lastUsed !== undefined ? { lastUsed } : {}),
      },
    ];
  });
  const lastTouch = (r: CachedRelease) => (r.lastUsed ?? r.fetchedAt ?? new Date(0)).getTime();
  return releases.sort((a, b) => lastTouch(a) - lastTouch(b));
}

/** What `prune` removes: damaged entries always; whole ones unused for `olderThanDays`, or all with `all`. */
export interface PruneOptions {
  readonly olderThanDays?: number;
  readonly all?: boolean;
  readonly dryRun?: boolean;
  readonly now?: Date;
}

/** Removes releases from the cache (each renamed away first, so a run never sees half an entry). */
export function pruneHarnessCache(
  options: PruneOptions = {},
  env: NodeJS.ProcessEnv = process.env,
): { readonly removed: readonly CachedRelease[]; readonly kept: readonly CachedRelease[] } {
  const now = (options.now ?? new Date()).getTime();
  const limit = (options.olderThanDays ?? 30) * 86_400_000;
  const removed: CachedRelease[] = [];
  const kept: CachedRelease[] = [];
  for (const release of listHarnessCache(env)) {
    const touched = (release.lastUsed ?? release.fetchedAt ?? new Date(0)).getTime();
    const goes = options.all === true || release.status === "corrupt" || now - touched > limit;
    (goes ? removed : kept).push(release);
    if (!goes || options.dryRun === true) continue;
    const trash = join(harnessesDir(env), `.prune-${process.pid}-${release.name}`);
    try {
      renameSync(release.dir, trash);
    } catch {
      continue; // Another prune took it.
    }
    rmSync(trash, { recursive: true, force: true });
    rmSync(stampOf(env, release.name), { force: true });
  }
  if (options.dryRun !== true) {
    // Fetches that died half-way leave `.fetch-*` dirs; one older than a day is no live fetch.
    for (const name of readdirSafe(harnessesDir(env))) {
      const path = join(harnessesDir(env), name);
      if (/^\.(fetch|prune)-/.test(name) && now - (mtimeOf(path)?.getTime() ?? now) > 86_400_000)
        rmSync(path, { recursive: true, force: true });
    }
  }
  return { removed, kept };
}

function readdirSafe(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
