/**
 * Finds the Qwen Code CLI: an explicit path, VIGILES_QWEN_BIN, node_modules (the package's `cli.js`,
 * a node script with a shebang), then PATH (`qwen`).
 */
import { readFileSync, realpathSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { searchCli, searchCliSync, type CliLookup } from "../../runtime/resolve-cli.js";
import type { ResolveHarnessOptions, ResolvedHarness } from "../port.js";
import { QwenNotFoundError } from "./errors.js";
import { QWEN_BIN_ENV, QWEN_PACKAGE } from "./package-pin.js";

export { QWEN_BIN_ENV };

const ENTRY_FILES = new Set(["cli.js", "cli-entry.js"]);

/**
 * The version of the package's `cli.js` (or `cli-entry.js`, which node_modules/.bin/qwen links to)
 * from the package.json beside it: `qwen --version` starts the whole CLI (over 2 s).
 */
export function readQwenPackageVersion(path: string): string | undefined {
  try {
    const real = realpathSync(path);
    if (!ENTRY_FILES.has(basename(real))) return undefined;
    const pkg = JSON.parse(readFileSync(join(dirname(real), "package.json"), "utf8")) as {
      name?: unknown;
      version?: unknown;
    };
    return pkg.name === QWEN_PACKAGE && typeof pkg.version === "string" ? pkg.version : undefined;
  } catch {
    return undefined;
  }
}

const qwenLookup: CliLookup = {
  displayName: "Qwen Code",
  envVar: QWEN_BIN_ENV,
  binaryName: "qwen",
  nodeModulesCandidates: (packageDir) => {
    const dir = packageDir(QWEN_PACKAGE);
    // `cli-entry.js` is the package's bin (npm makes it executable; `cli.js` is not).
    return dir ? [join(dir, "cli-entry.js"), join(dir, "cli.js")] : [];
  },
  readVersion: readQwenPackageVersion,
};

/** The same lookup as {@link resolveQwen}, synchronously: whether a usable CLI is there. */
export function qwenAvailableSync(options: ResolveHarnessOptions = {}): boolean {
  return searchCliSync(qwenLookup, options).found !== undefined;
}

/**
 * Finds a usable Qwen Code CLI and its version; throws {@link QwenNotFoundError} with the install line.
 *
 * @example
 * const { path, version } = await resolveQwen();
 */
export async function resolveQwen(options: ResolveHarnessOptions = {}): Promise<ResolvedHarness> {
  const { found, searched } = await searchCli(qwenLookup, options);
  if (!found) throw new QwenNotFoundError(searched);
  return { adapterId: "qwen-code", ...found };
}
