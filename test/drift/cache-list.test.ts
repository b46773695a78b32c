// Pins `vigiles cache list|prune` (issue 32: the release cache grew to 3.7 GB with no way to see or trim
// it): sizes, fetch and last-use times, and a prune that removes unused and damaged releases only.
// Stand-in entries (a manifest and one file), not real CLI releases: nothing is fetched.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { harnessCacheDir } from "../../src/runtime/harness-cache.js";
import { listHarnessCache, pruneHarnessCache } from "../../src/runtime/harness-cache-list.js";
import { markHarnessUsed, usedStamp } from "../../src/runtime/harness-cache-stamps.js";

const dir = mkdtempSync(join(tmpdir(), "vigiles-cache-list-"));
const root = join(dir, "cache");
const env = { VIGILES_CACHE_DIR: root };
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const DAY = 86_400_000;
const now = new Date("2026-12-02T08:00:00Z");

function standIn(pkg: string, version: string, bytes: number, fetchedDaysAgo: number): void {
  const entry = harnessCacheDir(pkg, version, env);
  mkdirSync(entry, { recursive: true });
  writeFileSync(join(entry, "cli.js"), "x".repeat(bytes));
  const manifest = {
    schema: 1,
    package: pkg,
    version,
    fetchedAt: new Date(now.getTime() - fetchedDaysAgo * DAY).toISOString(),
    packages: [],
    files: [{ path: "cli.js", size: bytes }],
  };
  writeFileSync(join(entry, "vigiles-harness.json"), JSON.stringify(manifest));
}

function usedDaysAgo(pkg: string, version: string, days: number): void {
  markHarnessUsed(root, pkg, version);
  const at = new Date(now.getTime() - days * DAY);
  utimesSync(usedStamp(root, `${pkg.replace("/", "+")}@${version}`), at, at);
}

describe("the release cache", () => {
  test("list: every release with its size, fetch and last-use time; a damaged one is marked", () => {
    standIn("@x/cli", "1.0.0", 1000, 60); // fetched long ago, used yesterday: kept
    usedDaysAgo("@x/cli", "1.0.0", 1);
    standIn("@x/cli", "0.9.0", 2000, 60); // fetched long ago, never used: pruned
    standIn("@x/cli", "1.1.0", 3000, 2); // fetched recently, never used: kept
    standIn("@x/cli", "0.5.0", 10, 1);
    writeFileSync(join(harnessCacheDir("@x/cli", "0.5.0", env), "cli.js"), "short"); // damaged: pruned
    mkdirSync(join(root, "harnesses", ".fetch-1-dead"), { recursive: true }); // a dead fetch, not a release
    const listed = listHarnessCache(env);
    expect(listed.map((r) => [r.version, r.status])).toEqual(
      expect.arrayContaining([
        ["1.0.0", "ok"],
        ["0.9.0", "ok"],
        ["1.1.0", "ok"],
        ["0.5.0", "corrupt"],
      ]),
    );
    expect(listed).toHaveLength(4);
    const used = listed.find((r) => r.version === "1.0.0")!;
    expect(used.bytes).toBeGreaterThanOrEqual(1000);
    expect(used.lastUsed!.getTime()).toBeCloseTo(now.getTime() - DAY, -4);
    expect(listed.find((r) => r.version === "0.9.0")?.lastUsed).toBeUndefined();
  });

  test("prune --dry-run removes nothing; prune removes the unused and the damaged, keeps the rest", () => {
    const dry = pruneHarnessCache({ dryRun: true, now }, env);
    expect(dry.removed.map((r) => r.version).sort()).toEqual(["0.5.0", "0.9.0"]);
    expect(listHarnessCache(env)).toHaveLength(4);
    const done = pruneHarnessCache({ now }, env);
    expect(done.kept.map((r) => r.version).sort()).toEqual(["1.0.0", "1.1.0"]);
    expect(
      listHarnessCache(env)
        .map((r) => r.version)
        .sort(),
    ).toEqual(["1.0.0", "1.1.0"]);
    // No renamed-away leftovers.
    expect(readdirSync(join(root, "harnesses")).filter((n) => n.startsWith(".prune-"))).toEqual([]);
  });

  test("prune --older-than 1.5 days takes the release fetched 2 days ago; --all the rest", () => {
    expect(pruneHarnessCache({ olderThanDays: 1.5, now }, env).removed.map((r) => r.version)).toEqual([
      "1.1.0",
    ]);
    expect(pruneHarnessCache({ all: true, now }, env).removed.map((r) => r.version)).toEqual(["1.0.0"]);
    expect(listHarnessCache(env)).toEqual([]);
  });
});
