/**
 * One hook program as ONE self-contained ESM file for a plugin: an installed copy of a Claude Code
 * plugin is the plugin folder copied into the harness's cache, with no npm install, so neither the
 * vigiles runtime nor the program's `import "vigiles/hook"` would resolve there. esbuild inlines the
 * runtime (bundle-main.ts), the program and everything either imports; only node's built-ins stay
 * imports.
 *
 * The output is byte-identical across machines and checkouts: every module is renamed to a path
 * that does not depend on where things sit on disk (`vigiles/dist/…` for this package, `<package>/…`
 * for anything under node_modules, plugin-relative for the program's own files), because esbuild
 * prints module paths into the bundle (`// path` comments, `__esm`/`__commonJS` keys).
 */
import { existsSync, readFileSync, realpathSync } from "node:fs";
import { basename, dirname, extname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import type { Loader, Plugin } from "esbuild";
import { loadEsbuild } from "../../runtime/optional-package.js";
import { CompileError } from "./compile-error.js";
import { esbuildFailureDetail } from "./esbuild-failure.js";
import { BUNDLE_MARKER, markedBundle } from "./registration.js";

/** The folder of a plugin that holds its bundles. */
export const BUNDLE_DIR = "hooks/vigiles";

/** A file shipped in this package's dist/ (from dist/ itself, or from src/ under tests and tsx). */
export function installedFile(name: string): string | undefined {
  const here = fileURLToPath(new URL(`./${name}`, import.meta.url));
  if (existsSync(here)) return here;
  const fromSrc = fileURLToPath(new URL(`../../../dist/tiers/hook-program/${name}`, import.meta.url));
  return existsSync(fromSrc) ? fromSrc : undefined;
}

const posix = (path: string): string => path.split(sep).join("/");
const within = (dir: string, path: string): boolean => {
  const rel = relative(dir, path);
  return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel);
};

/** `vigiles` and `vigiles/<sub>` → this package's own file, so the program and the runtime share one copy. */
function ownExport(packageRoot: string, specifier: string): string | undefined {
  const m = /^vigiles(\/.+)?$/.exec(specifier);
  if (!m) return undefined;
  const manifest = JSON.parse(readFileSync(join(packageRoot, "package.json"), "utf8")) as {
    exports?: Record<string, string | { default?: string }>;
  };
  const entry = manifest.exports?.[m[1] ? `.${m[1]}` : "."];
  const target = typeof entry === "string" ? entry : entry?.default;
  return target === undefined ? undefined : join(packageRoot, target);
}

const LOADERS: Readonly<Record<string, Loader>> = {
  ".ts": "ts",
  ".mts": "ts",
  ".cts": "ts",
  ".tsx": "tsx",
  ".jsx": "jsx",
  ".json": "json",
};

const ENTRY = "vigiles-hook-entry.js";

/**
 * Serves the entry (`entry`, a module that exists nowhere on disk), resolves every import as esbuild
 * would, then renames the module to its location-free name.
 */
function stablePaths(packageRoot: string, pluginRoot: string, entry: string): Plugin {
  const realByName = new Map<string, string>();
  const nameByReal = new Map<string, string>();
  const nameOf = (real: string): string => {
    const known = nameByReal.get(real);
    if (known !== undefined) return known;
    const modules = posix(real).lastIndexOf("/node_modules/");
    let name =
      modules >= 0
        ? posix(real).slice(modules + "/node_modules/".length)
        : within(pluginRoot, real)
          ? posix(relative(pluginRoot, real))
          : within(packageRoot, real)
            ? `vigiles/${posix(relative(packageRoot, real))}`
            : posix(relative(pluginRoot, real));
    for (let n = 2; realByName.has(name); n++) name = `${name.replace(/~\d+$/, "")}~${n}`;
    realByName.set(name, real);
    nameByReal.set(real, name);
    return name;
  };
  return {
    name: "vigiles-stable-paths",
    setup(b) {
      b.onResolve({ filter: /.*/ }, async (args) => {
        if ((args.pluginData as { inner?: boolean } | undefined)?.inner) return undefined;
        if (args.kind === "entry-point") return { path: ENTRY, namespace: "bundled" };
        const own = ownExport(packageRoot, args.path);
        const found = await b.resolve(own ?? args.path, {
          kind: args.kind,
          resolveDir: args.resolveDir,
          pluginData: { inner: true },
        });
        if (found.errors.length > 0) return { errors: found.errors };
        if (found.external || found.namespace !== "file") return found;
        return { path: nameOf(realpathSync(found.path)), namespace: "bundled" };
      });
      b.onLoad({ filter: /.*/, namespace: "bundled" }, (args) => {
        if (args.path === ENTRY) return { contents: entry, loader: "js", resolveDir: packageRoot };
        const real = realByName.get(args.path) as string;
        return {
          contents: readFileSync(real, "utf8"),
          loader: LOADERS[extname(real)] ?? "js",
          resolveDir: dirname(real),
        };
      });
    },
  };
}

/** Where a program's bundle goes and how it names the program. */
export interface BundleTarget {
  /** The plugin's folder (absolute). */
  readonly pluginRoot: string;
  /** Where the bundle will be written (absolute), for the program's path from it. */
  readonly bundleFile: string;
  /** The program's path relative to the plugin root, as the registration's marker names it. */
  readonly label: string;
}

/** The bundle file name for a program: its base name without `.hook` and the extension. */
export function bundleName(programFile: string): string {
  return `${basename(programFile).replace(/(\.hook)?\.[cm]?[jt]sx?$/, "")}.mjs`;
}

/** True when `text` is a bundle `vigiles compile` wrote (not a program to compile). */
export function isBundleText(text: string): boolean {
  return text.startsWith(`${BUNDLE_MARKER} `);
}

/** The bundle text for one program (absolute path): esbuild's output under the marked header (registration.ts). */
export async function bundleHookProgram(programFile: string, target: BundleTarget): Promise<string> {
  const main = installedFile("bundle-main.js");
  if (main === undefined)
    throw new CompileError(
      "VIGILES_COMPILE_NO_RUNTIME",
      "the bundle entry (dist/tiers/hook-program/bundle-main.js) is missing; run `npm run build` in the vigiles package.",
    );
  const packageRoot = realpathSync(resolve(dirname(main), "../../.."));
  const root = existsSync(target.pluginRoot) ? realpathSync(target.pluginRoot) : resolve(target.pluginRoot);
  const program = realpathSync(programFile);
  const label = target.label;
  const fromBundle = posix(relative(dirname(target.bundleFile), programFile));
  const entry = [
    `import { runBundledHook } from ${JSON.stringify(main)};`,
    `await runBundledHook(() => import(${JSON.stringify(program)}), ${JSON.stringify({ label, fromBundle })}, import.meta.url);`,
  ].join("\n");
  const { build } = await loadEsbuild();
  try {
    const result = await build({
      entryPoints: [ENTRY],
      absWorkingDir: packageRoot,
      bundle: true,
      write: false,
      platform: "node",
      format: "esm",
      target: "node20",
      legalComments: "none",
      charset: "ascii",
      // CommonJS dependencies that require a node built-in need a real `require` in an ES module.
      banner: {
        js: 'import { createRequire as __vigilesCreateRequire } from "node:module";\nconst require = __vigilesCreateRequire(import.meta.url);',
      },
      logLevel: "silent",
      plugins: [stablePaths(packageRoot, root, entry)],
    });
    const body = result.outputFiles[0]?.text ?? "";
    return markedBundle(label, body);
  } catch (error) {
    // A missing import, a syntax error: esbuild's messages say which.
    throw new CompileError(
      "VIGILES_COMPILE_BUNDLE_FAILED",
      `could not bundle ${programFile}: ${esbuildFailureDetail(error)}`,
      { cause: error },
    );
  }
}
