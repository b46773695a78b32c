/**
 * When a cached harness release was last used: a stamp file per entry under `<cache>/harnesses/.used/`,
 * touched whenever a run resolves the entry (the entry itself is never written after its manifest).
 */
import { mkdirSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** The entry's folder name, `<pkg with + for />@<version>`. */
export function cacheEntryName(pkg: string, version: string): string {
  return `${pkg.replace("/", "+")}@${version}`;
}

/** The stamp of entry `name` under the cache root `root`. */
export function usedStamp(root: string, name: string): string {
  return join(root, "harnesses", ".used", name);
}

/** Records that a run used this release now (best effort: a read-only cache is still usable). */
export function markHarnessUsed(root: string, pkg: string, version: string): void {
  const stamp = usedStamp(root, cacheEntryName(pkg, version));
  try {
    mkdirSync(join(stamp, ".."), { recursive: true });
    writeFileSync(stamp, "");
    const now = new Date();
    utimesSync(stamp, now, now);
  } catch {
    // A cache another user owns, or a read-only one: listing then shows the fetch time only.
  }
}
