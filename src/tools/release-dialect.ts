/**
 * The rules of the release actually installed: before `vigiles audit` or `vigiles explain` judge a
 * project, each harness they read is resolved (the installed CLI, or the release named with
 * `--harness-version`), its release surface read (the committed one for the pinned release, else
 * its extractor, kept in `<cache>/surfaces/`), and the dialect that surface makes of the pinned one
 * bound in the registry. So Claude Code 2.1.332's `PreSkillShellCommand` is a known event there,
 * and a tool a release lacks is unknown on it. No CLI installed: the pinned dialect, said so.
 */
import type { ResolvedHarness } from "../adapters/port.js";
import type { HarnessEntry } from "../adapters/harness-entry.js";
import { bindReleaseDialect } from "../adapters/registry.js";
import { VigilesError } from "../core/errors.js";
import { dialectForSurface, type ReleaseSurface } from "../core/surface.js";
import { resolveHarnessVersion } from "../tiers/harness/harness-version.js";
import { releaseSurfaceOf } from "./facts/release-surface.js";

/** Which release a harness's rules were bound to, in words for the command's note. */
export interface BoundRelease {
  readonly harness: string;
  readonly version: string | undefined;
  readonly note: string;
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
      let surface: ReleaseSurface;
      try {
        surface = await releaseSurfaceOf(entry, found);
      } catch (error) {
        if (!(error instanceof VigilesError)) throw error;
        // A wrapper or shim instead of the CLI's own files: the pinned rules, and why.
        return {
          harness: entry.id,
          version: found.version,
          note: `${entry.displayName} ${found.version} (${error.message}; judged by the validated ${entry.package.version})`,
        };
      }
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
