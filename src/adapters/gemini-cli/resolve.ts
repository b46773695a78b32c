/**
 * Finds the Gemini CLI: an explicit path, VIGILES_GEMINI_BIN, node_modules (the package's
 * `bundle/gemini.js`, a node script with a shebang), then PATH.
 */
import { join } from "node:path";
import { searchCli, searchCliSync, type CliLookup } from "../../runtime/resolve-cli.js";
import type { ResolveHarnessOptions, ResolvedHarness } from "../port.js";
import { GEMINI_PACKAGE, GeminiNotFoundError } from "./errors.js";

/** The environment variable that names an explicit Gemini CLI (`VIGILES_GEMINI_BIN`). */
export const GEMINI_BIN_ENV = "VIGILES_GEMINI_BIN";

const geminiLookup: CliLookup = {
  displayName: "Gemini CLI",
  envVar: GEMINI_BIN_ENV,
  binaryName: "gemini",
  nodeModulesCandidates: (packageDir) => {
    const dir = packageDir(GEMINI_PACKAGE);
    return dir ? [join(dir, "bundle", "gemini.js")] : [];
  },
};

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
