/**
 * The surface of an installed or fetched release (read by its harness's extractor) and its compare
 * report against another, with the dependents the harness's dialect, probes and stream checks give.
 */
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { ResolvedHarness } from "../../adapters/port.js";
import type { HarnessEntry } from "../../adapters/harness-entry.js";
import { writeFileAtomic } from "../../runtime/atomic-write.js";
import { vigilesCacheRoot } from "../../runtime/harness-cache.js";
import { harnessEntry } from "../../adapters/registry.js";
import { VigilesError } from "../../core/errors.js";
import type { ReleaseSurface } from "../../core/surface.js";
import { surfaceDiffReport, type SurfaceContext, type SurfaceDiffReport } from "./surface-report.js";

/** A harness without a surface reader was asked to compare releases. */
export class NoSurfaceReaderError extends VigilesError {
  constructor(harness: string) {
    super(
      "VIGILES_NO_SURFACE_READER",
      `${harness} has no release-surface reader: compare releases of another harness.`,
    );
  }
}

/** The surface of a resolved release, read once per binary (size and mtime) and kept in the cache. */
export async function releaseSurfaceOf(entry: HarnessEntry, found: ResolvedHarness): Promise<ReleaseSurface> {
  const surface = entry.surface;
  if (surface === undefined) throw new NoSurfaceReaderError(entry.id);
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

/** The surface of a resolved release, or the committed pinned one when asked for `pinned`. */
export async function surfaceOfRelease(
  entry: HarnessEntry,
  harness: ResolvedHarness | "pinned",
): Promise<ReleaseSurface> {
  if (entry.surface === undefined) throw new NoSurfaceReaderError(entry.id);
  return harness === "pinned" ? entry.surface.pinned : releaseSurfaceOf(entry, harness);
}

/** What depends on a harness's surface entries. */
export async function surfaceContext(entry: HarnessEntry): Promise<SurfaceContext> {
  const adapter = await entry.loadAdapter();
  return {
    dialect: entry.dialect,
    probes: adapter.factProbes ?? [],
    streamChecks: entry.surface?.streamChecks ?? {},
  };
}

/** The compare report of two releases of the harness `id` (each resolved, or `pinned`). */
export async function compareReleases(
  id: string,
  a: ResolvedHarness | "pinned",
  b: ResolvedHarness | "pinned",
): Promise<SurfaceDiffReport> {
  const entry = harnessEntry(id);
  const [from, to] = await Promise.all([surfaceOfRelease(entry, a), surfaceOfRelease(entry, b)]);
  return surfaceDiffReport(from, to, await surfaceContext(entry));
}
