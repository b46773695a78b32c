// Test support: a temp root with a private Copilot package cache (VIGILES_COPILOT_PKG_CACHE) for the
// file's tests, restored and removed after them.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { COPILOT_PKG_CACHE_ENV } from "../../src/adapters/copilot-cli/package-cache.js";

export function privatePackageCache(prefix: string): { readonly root: string; readonly cache: string } {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const cache = join(root, "pkg-cache");
  let saved: string | undefined;
  beforeAll(() => {
    saved = process.env[COPILOT_PKG_CACHE_ENV];
    process.env[COPILOT_PKG_CACHE_ENV] = cache;
  });
  afterAll(() => {
    if (saved === undefined) delete process.env[COPILOT_PKG_CACHE_ENV];
    else process.env[COPILOT_PKG_CACHE_ENV] = saved;
    rmSync(root, { recursive: true, force: true });
  });
  return { root, cache };
}
