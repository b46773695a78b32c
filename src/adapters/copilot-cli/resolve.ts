/**
 * Finds the GitHub Copilot CLI: an explicit path, VIGILES_COPILOT_BIN, node_modules (the platform
 * package's native binary `@github/copilot-<platform>-<arch>/copilot`, which skips the node loader),
 * then PATH. The version probe unpacks the CLI's package, so it is pointed at vigiles' own cache
 * (package-cache.ts) rather than the user's HOME.
 */
import { join } from "node:path";
import { searchCli, type CliLookup } from "../../runtime/resolve-cli.js";
import type { ResolveHarnessOptions, ResolvedHarness } from "../port.js";
import { CopilotNotFoundError } from "./errors.js";
import { COPILOT_BIN_ENV, COPILOT_PACKAGE } from "./package-pin.js";
import { ensureCopilotPackage, ownedCacheRoot } from "./package-cache.js";

export { COPILOT_BIN_ENV };

/** The platform package names the Copilot loader tries, in its order (musl first on a musl Linux). */
function platformPackages(): string[] {
  const arch = process.arch;
  if (process.platform === "linux") return [`linuxmusl-${arch}`, `linux-${arch}`];
  return [`${process.platform}-${arch}`];
}

const copilotLookup: CliLookup = {
  displayName: "GitHub Copilot CLI",
  envVar: COPILOT_BIN_ENV,
  binaryName: "copilot",
  nodeModulesCandidates: (packageDir) => {
    const out: string[] = [];
    for (const platform of platformPackages()) {
      const dir = packageDir(`${COPILOT_PACKAGE}-${platform}`);
      if (dir) out.push(join(dir, process.platform === "win32" ? "copilot.exe" : "copilot"));
    }
    const loader = packageDir(COPILOT_PACKAGE);
    if (loader) out.push(join(loader, "npm-loader.js"));
    return out;
  },
  // The binary's own version: `--version` loads the newest package in the cache it is given.
  versionArgs: ["--binary-version"],
  probeEnv: () => {
    const root = ownedCacheRoot();
    return { HOME: root, COPILOT_PKG_CACHE_HOME: root };
  },
};

/**
 * Finds a usable Copilot CLI and its version; throws {@link CopilotNotFoundError} with the install line.
 *
 * @example
 * const { path, version } = await resolveCopilot();
 */
export async function resolveCopilot(options: ResolveHarnessOptions = {}): Promise<ResolvedHarness> {
  const { found, searched } = await searchCli(copilotLookup, options);
  if (!found) throw new CopilotNotFoundError(searched);
  // Unpacked once into vigiles' cache (the probe usually did it already); each run loads it from there.
  await ensureCopilotPackage(found.path, found.version);
  return { adapterId: "copilot-cli", ...found };
}
