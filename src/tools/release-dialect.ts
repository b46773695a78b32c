/**
 * The rules of the release actually installed: before `vigiles audit` or `vigiles explain` judge a
 * project, each harness they read is resolved (the installed CLI, or the release named with
 * `--harness-version`), its release surface read (the committed one for the pinned release, else
 * its extractor, kept in `<cache>/surfaces/`), and the dialect that surface makes of the pinned one
 * bound in the registry. So Claude Code 2.1.332's `PreSkillShellCommand` is a known event there,
 * and a tool a release lacks is unknown on it. No CLI installed: the pinned dialect, said so.
 */
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { HarnessEntry, ResolvedHarness } from "../adapters/port.js";
import { bindReleaseDialect } from "../adapters/registry.js";
import { VigilesError } from "../core/errors.js";
import { dialectForSurface, type ReleaseSurface } from "../core/surface.js";
import { writeFileAtomic } from "../runtime/atomic-write.js";
import { vigilesCacheRoot } from "../runtime/harness-cache.js";
import { resolveHarnessVersion } from "../tiers/harness/harness-version.js";

/** Which release a harness's rules were bound to, in words for the command's note. */
export interface BoundRelease {
  readonly harness: string;
  readonly version: string | undefined;
  readonly note: string;
}

/** The surface of a resolved release, read once per binary (size and mtime) and kept in the cache. */
export async function releaseSurfaceOf(entry: HarnessEntry, found: ResolvedHarness): Promise<ReleaseSurface> {
  const surface = entry.surface!;
  if (found.version === entry.package.version) return surface.pinned;
  const stat = statSync(found.path);
  const file = join(
    vigilesCacheRoot(),
    "surfaces",
    `${entry.id}@${found.version}-${stat.size}-${Math.round(stat.mtimeMs)}.json`,
  );
  try {
    return JSON.parse(readFileSync(file, "utf8")) as ReleaseSurface;
  } catch {
    const read = await surface.extract(found.path, found.version);
    writeFileAtomic(file, `${JSON.stringify(read)}\n`);
    return read;
  }
}

/**
 * Binds the dialect of the installed release (or `version`, read from the harness cache, never
 * fetched) of each harness; returns what was bound. A harness whose CLI is not found keeps the
 * pinned dialect.
 */
export async function bindInstalledReleases(
  entries: readonly HarnessEntry[],
  version?: string,
): Promise<BoundRelease[]> {
  return Promise.all(
    entries.map(async (entry): Promise<BoundRelease> => {
      bindReleaseDialect(entry.id, undefined);
      if (entry.surface === undefined)
        return { harness: entry.id, version: undefined, note: "no surface reader" };
      let found: ResolvedHarness;
      try {
        const adapter = await entry.loadAdapter();
        found =
          version === undefined ? await adapter.resolve() : await resolveHarnessVersion(adapter, version);
      } catch (error) {
        if (version !== undefined || !(error instanceof VigilesError)) throw error;
        return {
          harness: entry.id,
          version: undefined,
          note: `${entry.displayName} is not installed: judged by the validated ${entry.package.version}`,
        };
      }
      const surface = await releaseSurfaceOf(entry, found);
      bindReleaseDialect(entry.id, dialectForSurface(entry.dialect, entry.surface.pinned, surface));
      const validated =
        found.version === entry.package.version ? " (validated)" : ` (validated: ${entry.package.version})`;
      return {
        harness: entry.id,
        version: found.version,
        note: `${entry.displayName} ${found.version}${validated}`,
      };
    }),
  );
}
