/**
 * A temp dir of the test file's own with vigiles' cache (VIGILES_CACHE_DIR) inside it: surfaces and
 * facts reports read during the file stay out of the user's cache. The variable is restored and the
 * dir removed when the file ends. Call at a test file's top level.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";

/** The temp dir (the cache is its `cache/`). */
export function privateCacheDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const saved = process.env["VIGILES_CACHE_DIR"];
  process.env["VIGILES_CACHE_DIR"] = join(dir, "cache");
  afterAll(() => {
    if (saved === undefined) delete process.env["VIGILES_CACHE_DIR"];
    else process.env["VIGILES_CACHE_DIR"] = saved;
    rmSync(dir, { recursive: true, force: true });
  });
  return dir;
}
