/**
 * The Node major a CI workflow should run: the highest minimum that vigiles and the harness CLIs
 * declare in their `engines` (Claude Code 2.1.328 asks for Node >= 22; a workflow on Node 20 runs it
 * outside what it supports). Each CLI's manifest is read where the project installed it, else where
 * vigiles' own optional peer is; a CLI found nowhere is left out.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import semver from "semver";
import { HARNESSES } from "../../adapters/registry.js";

/** The `engines.node` of the package manifest at `path`, or undefined. */
function enginesNode(path: string): string | undefined {
  try {
    const manifest = JSON.parse(readFileSync(path, "utf8")) as { engines?: { node?: unknown } };
    return typeof manifest.engines?.node === "string" ? manifest.engines.node : undefined;
  } catch {
    return undefined;
  }
}

/** `<dir>/node_modules/<name>/package.json` in `from` or the nearest folder above it that has one. */
function installedManifest(name: string, from: string): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    const path = join(dir, "node_modules", name, "package.json");
    if (existsSync(path)) return path;
    if (dirname(dir) === dir) return undefined;
  }
}

/** The lowest major a range allows (`>=22.0.0` → 22), or undefined for a range that names none. */
export function minimumMajor(range: string): number | undefined {
  try {
    return semver.minVersion(range)?.major;
  } catch {
    return undefined;
  }
}

/** vigiles' own package.json (two folders above this file, in src/ and in dist/). */
const ownManifest = () => join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "package.json");

/** The Node major for the project at `root`: the highest minimum of vigiles and the harness CLIs found. */
export function ciNodeMajor(root: string): number {
  const vigilesHome = dirname(ownManifest());
  const ranges = [
    enginesNode(ownManifest()),
    ...HARNESSES.map(({ package: pkg }) => {
      const path = installedManifest(pkg.name, root) ?? installedManifest(pkg.name, vigilesHome);
      return path === undefined ? undefined : enginesNode(path);
    }),
  ];
  const majors = ranges.flatMap((r) => (r === undefined ? [] : [minimumMajor(r) ?? 0]));
  return Math.max(20, ...majors);
}
