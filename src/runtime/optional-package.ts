/**
 * Optional peers, loaded only where a command needs them: `tsx` to run a TypeScript file (a
 * `.harness.ts`, a `.hook.ts`, an `*.eval.ts`, a `*.spec.ts`, a `vigiles.config.ts`) and `esbuild` to
 * compile hook programs. A project of JavaScript files installs neither; the one that needs them
 * gets a named error with the install line instead of node's module-not-found text.
 */
import { VigilesError } from "../core/errors.js";

/** The range each optional peer is declared with in package.json (tsx needs esbuild ~0.28.0 too). */
const INSTALL_SPEC: Readonly<Record<string, string>> = { esbuild: "esbuild@~0.28.0", tsx: "tsx@^4.23.15" };

/** An optional package a command needs is not installed. */
export class OptionalDependencyMissingError extends VigilesError {
  readonly package: string;

  constructor(pkg: string, why: string) {
    super(
      "VIGILES_OPTIONAL_DEPENDENCY_MISSING",
      `${why} needs the optional package ${pkg}, which is not installed: run \`npm i -D ${INSTALL_SPEC[pkg] ?? pkg}\`.`,
    );
    this.package = pkg;
  }
}

/** True when `error` is node failing to find `pkg` itself (not a module that pkg imports). */
function isMissing(error: unknown, pkg: string): boolean {
  const e = error as { code?: unknown; message?: unknown };
  if (e?.code !== "ERR_MODULE_NOT_FOUND" && e?.code !== "MODULE_NOT_FOUND") return false;
  return typeof e.message === "string" && new RegExp(`['"]${pkg}(/[^'"]*)?['"]`).test(e.message);
}

/**
 * Runs `load` (a dynamic `import()` of `pkg`, written by the caller so the import keeps its types),
 * turning "cannot find package" into an {@link OptionalDependencyMissingError} that says `why`.
 */
export async function importOptional<T>(pkg: string, why: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isMissing(error, pkg)) throw new OptionalDependencyMissingError(pkg, why);
    throw error;
  }
}

/** esbuild, for `vigiles compile` (the import check and the plugin bundles). */
export function loadEsbuild(): Promise<typeof import("esbuild")> {
  return importOptional("esbuild", "Compiling hook programs (vigiles compile)", () => import("esbuild"));
}

/** tsx's `tsImport`, which compiles one TypeScript module without registering a global loader. */
export async function loadTsImport(
  why: string,
): Promise<(specifier: string, parent: string) => Promise<Record<string, unknown>>> {
  const { tsImport } = await importOptional("tsx", why, () => import("tsx/esm/api"));
  return tsImport as (specifier: string, parent: string) => Promise<Record<string, unknown>>;
}
