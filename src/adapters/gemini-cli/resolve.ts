/**
 * Finds the Gemini CLI: an explicit path, VIGILES_GEMINI_BIN, node_modules (the package's
 * `bundle/gemini.js`, a node script with a shebang), then PATH.
 */
import { readFileSync, realpathSync } from "node:fs";
import { dirname, join } from "node:path";
import { searchCli, searchCliSync, type CliLookup } from "../../runtime/resolve-cli.js";
import type { ResolveHarnessOptions, ResolvedHarness } from "../port.js";
import { GeminiNotFoundError } from "./errors.js";
import { GEMINI_BIN_ENV, GEMINI_PACKAGE } from "./package-pin.js";

export { GEMINI_BIN_ENV };

const geminiLookup: CliLookup = {
  displayName: "Gemini CLI",
  envVar: GEMINI_BIN_ENV,
  binaryName: "gemini",
  nodeModulesCandidates: (packageDir) => {
    const dir = packageDir(GEMINI_PACKAGE);
    return dir ? [join(dir, "bundle", "gemini.js")] : [];
  },
  readVersion: readBundleVersion,
};

/**
 * The version of a `bundle/gemini.js` (or a link to one, as node_modules/.bin/gemini is) from the
 * package.json beside its bundle dir: `gemini --version` starts the whole CLI (3 s idle, over 10 s
 * measured on a loaded 2-core machine).
 */
export function readBundleVersion(path: string): string | undefined {
  try {
    const real = realpathSync(path);
    if (!real.endsWith(join("bundle", "gemini.js"))) return undefined;
    const pkg = JSON.parse(readFileSync(join(dirname(dirname(real)), "package.json"), "utf8")) as {
      name?: unknown;
      version?: unknown;
    };
    return pkg.name === GEMINI_PACKAGE && typeof pkg.version === "string" ? pkg.version : undefined;
  } catch {
    return undefined;
  }
}

/** The same lookup as {@link resolveGemini}, synchronously: whether a usable CLI is there. */
export function geminiAvailableSync(options: ResolveHarnessOptions = {}): boolean {
  return searchCliSync(geminiLookup, options).found !== undefined;
}

/**
 * Finds a usable Gemini CLI and its version; throws {@link GeminiNotFoundError} with the install line.
 *
 * @example
 * const { path, version } = await resolveGemini();
 */
export async function resolveGemini(options: ResolveHarnessOptions = {}): Promise<ResolvedHarness> {
  const { found, searched } = await searchCli(geminiLookup, options);
  if (!found) throw new GeminiNotFoundError(searched);
  return { adapterId: "gemini", ...found };
}
