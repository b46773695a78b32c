/**
 * What a hook program imports. A compiled hook starts a fresh node on every tool call, so whatever
 * it imports loads every time: the contract is that `vigiles/hook` is the only package a compiled
 * hook may import (node's built-ins and the program's own files are fine). `vigiles` itself, for
 * one, pulls in zod, fast-check and the test tiers: about a tenth of a second per call.
 *
 * esbuild reads the program and follows its relative imports (TypeScript included), so the check
 * sees the whole graph of the program's own files without running any of them.
 */
import { isBuiltin } from "node:module";
import { relative } from "node:path";
import type { Plugin } from "esbuild";
import { loadEsbuild } from "../../runtime/optional-package.js";
import { VigilesError } from "../../core/errors.js";
import { esbuildFailureDetail } from "./esbuild-failure.js";

/** The one package a compiled hook may import. */
export const HOOK_IMPORT = "vigiles/hook";

/** An import a compiled hook may not use. */
export interface ForbiddenImport {
  /** The specifier as written (`zod`, `vigiles`, `../../node_modules/x/index.js` …). */
  readonly specifier: string;
  /** The file that imports it (relative to the program's folder when inside it). */
  readonly importer: string;
}

const isPackage = (specifier: string): boolean =>
  !specifier.startsWith(".") && !specifier.startsWith("/") && !specifier.startsWith("file:");

function recorder(found: ForbiddenImport[], base: string): Plugin {
  return {
    name: "vigiles-hook-imports",
    setup(b) {
      b.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === "entry-point") return undefined;
        const { path } = args;
        if (path === HOOK_IMPORT || isBuiltin(path)) return { path, external: true };
        if (isPackage(path)) {
          found.push({ specifier: path, importer: relative(base, args.importer) || args.importer });
          return { path, external: true };
        }
        // A relative import: a file of the program's own, followed, unless it lies in a package.
        return undefined;
      });
      b.onLoad({ filter: /[\\/]node_modules[\\/]/ }, (args) => {
        found.push({ specifier: args.path, importer: "(a relative import)" });
        return { contents: "", loader: "js" };
      });
    },
  };
}

/**
 * The package imports of a program and of its own files, other than `vigiles/hook` and node's
 * built-ins. A file esbuild cannot read (a syntax error, a missing relative import) throws a
 * VigilesError (VIGILES_COMPILE_UNREADABLE_PROGRAM) with esbuild's message.
 */
export async function forbiddenImports(programFile: string, baseDir: string): Promise<ForbiddenImport[]> {
  const found: ForbiddenImport[] = [];
  const { build } = await loadEsbuild();
  try {
    await build({
      entryPoints: [programFile],
      bundle: true,
      write: false,
      platform: "node",
      format: "esm",
      logLevel: "silent",
      plugins: [recorder(found, baseDir)],
    });
  } catch (error) {
    // A syntax error, a missing relative import: the program cannot be read, so it cannot be compiled.
    throw new VigilesError(
      "VIGILES_COMPILE_UNREADABLE_PROGRAM",
      `could not read the hook program ${programFile}: ${esbuildFailureDetail(error)}. Fix the file, then compile again.`,
      { cause: error },
    );
  }
  return found;
}
