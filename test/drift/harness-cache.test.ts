// The shared harness cache (src/runtime/harness-cache.ts), exercised with a tiny real package from the
// npm registry in place of a 200 MB CLI: a fetch is verified against the registry's integrity and placed
// whole, concurrent fetches of one version leave one intact entry, a damaged entry is detected (and
// refetched when fetching is allowed), and a missing one offline names the command that fetches it.
import { mkdtempSync, readFileSync, readdirSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execFileSync } from "node:child_process";
import { afterAll, describe, expect, test } from "vitest";
import {
  ensureHarnessPackage,
  fetchHarnessPackage,
  harnessCacheDir,
  readHarnessCacheEntry,
  HarnessCacheCorruptError,
  HarnessFetchError,
  HarnessVersionMissingError,
} from "../../src/runtime/harness-cache.js";

const PKG = "is-number";
const VERSION = "7.0.0";
const root = mkdtempSync(join(tmpdir(), "vigiles-harness-cache-"));
const env = { ...process.env, VIGILES_CACHE_DIR: root };
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("harness cache", { timeout: 180_000 }, () => {
  test("concurrent fetches of one version leave one whole entry, checked against the registry's integrity", async () => {
    const entries = await Promise.all([1, 2, 3, 4].map(() => fetchHarnessPackage(PKG, VERSION, "test", env)));
    const dir = harnessCacheDir(PKG, VERSION, env);
    expect(new Set(entries.map((e) => e.dir))).toEqual(new Set([dir]));
    // No temp dir of a losing fetch is left beside the entry.
    expect(readdirSync(join(dir, "..")).filter((n) => n.startsWith(".fetch-"))).toEqual([]);
    const state = readHarnessCacheEntry(PKG, VERSION, env);
    expect(state.status).toBe("ok");
    const published = execFileSync("npm", ["view", `${PKG}@${VERSION}`, "dist.integrity"], {
      encoding: "utf8",
    }).trim();
    const manifest = state.status === "ok" ? state.entry.manifest : undefined;
    expect(manifest?.packages).toEqual([{ name: PKG, version: VERSION, integrity: published }]);
    expect(JSON.parse(readFileSync(join(dir, "node_modules", PKG, "package.json"), "utf8")).version).toBe(
      VERSION,
    );
  });

  test("a damaged entry is reported corrupt; without fetching that is an error naming the fetch command, with it the entry is replaced", async () => {
    await ensureHarnessPackage(PKG, VERSION, { fetch: true, harnessId: "test", env });
    const file = join(harnessCacheDir(PKG, VERSION, env), "node_modules", PKG, "index.js");
    truncateSync(file, 3);
    const state = readHarnessCacheEntry(PKG, VERSION, env);
    expect(state).toMatchObject({ status: "corrupt" });
    expect(state.status === "corrupt" && state.why).toMatch(/index\.js has 3 bytes/);
    await expect(
      ensureHarnessPackage(PKG, VERSION, { fetch: false, harnessId: "test", env }),
    ).rejects.toThrow(HarnessCacheCorruptError);
    await expect(
      ensureHarnessPackage(PKG, VERSION, { fetch: false, harnessId: "test", env }),
    ).rejects.toThrow(/npx vigiles fetch-harness test@7\.0\.0/);
    const again = await ensureHarnessPackage(PKG, VERSION, { fetch: true, harnessId: "test", env });
    expect(readHarnessCacheEntry(PKG, VERSION, env).status).toBe("ok");
    expect(readFileSync(join(again.dir, "node_modules", PKG, "index.js"), "utf8").length).toBeGreaterThan(3);
  });

  test("a manifest that is not JSON makes the entry corrupt, not a crash", () => {
    writeFileSync(join(harnessCacheDir(PKG, VERSION, env), "vigiles-harness.json"), "{half");
    expect(readHarnessCacheEntry(PKG, VERSION, env)).toMatchObject({ status: "corrupt" });
  });

  test("a version that is not cached, offline, names the command that fetches it", async () => {
    const error = await ensureHarnessPackage(PKG, "6.0.0", {
      fetch: false,
      harnessId: "claude-code",
      env,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HarnessVersionMissingError);
    expect((error as Error).message).toContain("npx vigiles fetch-harness claude-code@6.0.0");
  });

  test("a version the registry does not have is a named fetch error, and nothing is left behind", async () => {
    await expect(fetchHarnessPackage(PKG, "99.99.99", "test", env)).rejects.toThrow(HarnessFetchError);
    expect(readHarnessCacheEntry(PKG, "99.99.99", env).status).toBe("missing");
    expect(
      readdirSync(join(harnessCacheDir(PKG, VERSION, env), "..")).filter((n) => n.startsWith(".fetch-")),
    ).toEqual([]);
  });
});
