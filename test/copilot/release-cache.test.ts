// Pins that older Copilot CLI releases run themselves (issue 32). Stand-in binaries, not the real CLI
// (a shell script per release, so CI needs no second release): each answers `--binary-version` with
// its own version and, like the real binary, unpacks its package into COPILOT_PKG_CACHE_HOME and
// reports the NEWEST release unpacked there on `--version`. The "old" stand-in has no extract-only mode
// and no cli-main.js (1.0.86's layout); its platform package hides package.json behind `exports`
// (1.0.86 and 1.0.92 do), so only a walk of node_modules finds it.
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { privatePackageCache } from "./private-package-cache.js";
import { ensureCopilotPackage, findUnpackedPackage } from "../../src/adapters/copilot-cli/package-cache.js";
import { resolveCopilot } from "../../src/adapters/copilot-cli/resolve.js";

const { root, cache } = privatePackageCache("vigiles-copilot-releases-");

/** A stand-in release: `extractOnly` says whether COPILOT_SEA_EXTRACT_ONLY unpacks (1.0.92 on). */
function standIn(version: string, extractOnly: boolean): string {
  const modules = join(root, `project-${version}`, "node_modules", "@github");
  const dir = join(
    modules,
    `copilot-${process.platform === "linux" ? "linux" : process.platform}-${process.arch}`,
  );
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, "package.json"),
    JSON.stringify({ name: "@github/copilot-platform", version, exports: { ".": "./copilot" } }),
  );
  const unpack = `mkdir -p "$COPILOT_PKG_CACHE_HOME/pkg/p/${version}" && : > "$COPILOT_PKG_CACHE_HOME/pkg/p/${version}/index.js"`;
  const script = [
    "#!/bin/sh",
    `if [ "$1" = --binary-version ]; then`,
    extractOnly ? `  [ -n "$COPILOT_SEA_EXTRACT_ONLY" ] && ${unpack}` : "  :",
    `  echo "Copilot binary version: ${version}"; exit 0`,
    "fi",
    unpack,
    // The real binary loads the newest package in its cache: ls sorts 1.0.102 after 1.0.86 here.
    `echo "GitHub Copilot CLI $(ls "$COPILOT_PKG_CACHE_HOME/pkg/p" | sort -V | tail -1)."`,
    "",
  ].join("\n");
  writeFileSync(join(dir, "copilot"), script);
  chmodSync(join(dir, "copilot"), 0o755);
  return join(root, `project-${version}`);
}

describe("Copilot releases side by side", () => {
  test("each release unpacks into a cache of its own, whatever else is cached", async () => {
    const newer = standIn("1.0.102", true);
    const older = standIn("1.0.86", false);
    // The newer one first: on a shared cache the older binary would then load it.
    const a = await resolveCopilot({ cwd: newer });
    const b = await resolveCopilot({ cwd: older });
    expect(a.version).toBe("1.0.102");
    expect(b).toMatchObject({ version: "1.0.86", path: expect.stringContaining("project-1.0.86") });
    const oldDir = findUnpackedPackage(cache, "1.0.86");
    expect(oldDir).toMatch(/1\.0\.86\/pkg\/p\/1\.0\.86$/);
    expect(findUnpackedPackage(cache, "1.0.102")).toMatch(/1\.0\.102\/pkg\/p\/1\.0\.102$/);
    // Unpacked once: a second call returns the same dir without running anything.
    expect(await ensureCopilotPackage("/nonexistent/copilot", "1.0.86")).toBe(oldDir);
  }, 30_000);

  test("a release that leaves no package is a named error", async () => {
    await expect(ensureCopilotPackage("/bin/true", "9.9.9")).rejects.toMatchObject({
      code: expect.stringMatching(/COPILOT/),
    });
  });
});
