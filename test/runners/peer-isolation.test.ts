// vitest and jest are optional peer dependencies: the root entry must load neither, and each
// runner entry only its own. Walks the runtime import graph of the sources (type imports vanish).
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const src = resolve(fileURLToPath(new URL("../../src", import.meta.url)));
const IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?["']([^"']+)["']/gm;

/** Bare specifiers reachable at run time from a source file. */
function runtimePackages(entry: string): Set<string> {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(IMPORT)) {
      const spec = match[1] as string;
      if (spec.startsWith(".")) queue.push(join(dirname(file), spec.replace(/\.js$/, ".ts")));
      else packages.add(spec);
    }
  }
  return packages;
}

const runnerPackage = (spec: string): boolean => /^(vitest|jest|expect|@jest\/|@vitest\/)/.test(spec);

describe("optional runner peers", () => {
  it("the root entry loads no test runner", () => {
    expect([...runtimePackages(join(src, "entries/index.ts"))].filter(runnerPackage)).toEqual([]);
  });

  it("vigiles/vitest loads vitest only, vigiles/jest @jest/globals only", () => {
    expect([...runtimePackages(join(src, "entries/vitest.ts"))].filter(runnerPackage)).toEqual(["vitest"]);
    expect([...runtimePackages(join(src, "entries/jest.ts"))].filter(runnerPackage)).toEqual([
      "@jest/globals",
    ]);
  });
});
