/**
 * The surface of an installed or fetched release (read by its harness's extractor) and its compare
 * report against another, with the dependents the harness's dialect, probes and stream checks give.
 */
import type { HarnessEntry, ResolvedHarness } from "../../adapters/port.js";
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

/** The surface of the release at `harness.path`; the committed pinned one when asked for `pinned`. */
export async function surfaceOfRelease(
  entry: HarnessEntry,
  harness: ResolvedHarness | "pinned",
): Promise<ReleaseSurface> {
  if (entry.surface === undefined) throw new NoSurfaceReaderError(entry.id);
  if (harness === "pinned") return entry.surface.pinned;
  return entry.surface.extract(harness.path, harness.version);
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
