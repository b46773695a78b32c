// Pins the optional peers (issue 22): esbuild and tsx are loaded only where a command needs them,
// and a missing one is a named VigilesError with its install line, not node's module-not-found text.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import {
  importOptional,
  loadEsbuild,
  loadTsImport,
  OptionalDependencyMissingError,
} from "../../src/runtime/optional-package.js";

const dir = mkdtempSync(join(tmpdir(), "vigiles-optional-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A file importing `specifier`, loaded by node itself (not vite's resolver) from a folder outside the repository. */
function nodeImport(specifier: string): () => Promise<unknown> {
  const file = join(dir, `imports-${specifier.replace(/\W/g, "-")}.mjs`);
  writeFileSync(file, `export default await import(${JSON.stringify(specifier)});\n`);
  return () => import(/* @vite-ignore */ pathToFileURL(file).href);
}

describe("optional peers", () => {
  it("a missing package is OptionalDependencyMissingError naming why and the install line", async () => {
    const error = await importOptional(
      "vigiles-absent-peer",
      "Doing the thing",
      nodeImport("vigiles-absent-peer"),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OptionalDependencyMissingError);
    expect((error as OptionalDependencyMissingError).code).toBe("VIGILES_OPTIONAL_DEPENDENCY_MISSING");
    expect((error as Error).message).toBe(
      "Doing the thing needs the optional package vigiles-absent-peer, which is not installed: run `npm i -D vigiles-absent-peer`.",
    );
  });

  it("names the range package.json declares for esbuild and tsx, which stay optional peers", () => {
    const pkg = JSON.parse(readFileSync("package.json", "utf8")) as {
      dependencies: Record<string, string>;
      peerDependencies: Record<string, string>;
      peerDependenciesMeta: Record<string, { optional?: boolean }>;
    };
    for (const name of ["esbuild", "tsx"]) {
      expect(pkg.dependencies[name]).toBeUndefined();
      expect(pkg.peerDependenciesMeta[name]?.optional).toBe(true);
      expect(new OptionalDependencyMissingError(name, "Doing it").message).toContain(
        `run \`npm i -D ${name}@${pkg.peerDependencies[name]}\``,
      );
    }
  });

  it("a package that is there but fails to load keeps its own error (not called missing)", async () => {
    const pkg = join(dir, "node_modules", "broken-peer");
    mkdirSync(pkg, { recursive: true });
    writeFileSync(join(pkg, "package.json"), '{"name":"broken-peer","type":"module","main":"index.js"}');
    writeFileSync(join(pkg, "index.js"), 'import "some-other-missing-package";\n');
    const error = await importOptional("broken-peer", "x", nodeImport("broken-peer")).catch(
      (e: unknown) => e,
    );
    expect(error).not.toBeInstanceOf(OptionalDependencyMissingError);
    expect((error as Error).message).toMatch(/some-other-missing-package/);
  });

  it("loads esbuild and tsx when they are installed (the repository's dev dependencies)", async () => {
    expect(typeof (await loadEsbuild()).build).toBe("function");
    expect(typeof (await loadTsImport("x"))).toBe("function");
  });
});
