/**
 * Finds OpenCode: an explicit path, VIGILES_OPENCODE_BIN, node_modules (`opencode-ai/bin/opencode.exe`,
 * the Bun-compiled binary its postinstall put there; where the postinstall did not run, as in vigiles'
 * release cache, which installs with scripts off, that file is a shell placeholder that exits 1, and the
 * platform package's `bin/opencode` is the binary), then PATH. The version is read from the
 * package.json beside the binary's `bin/` when there is one; `--version` otherwise, with HOME and the
 * XDG dirs pointed at a temp dir (the binary makes its data and log dirs on any start).
 */
import { readFileSync, realpathSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { searchCli, searchCliSync, type CliLookup } from "../../runtime/resolve-cli.js";
import type { ResolveHarnessOptions, ResolvedHarness } from "../port.js";
import { OpenCodeNotFoundError } from "./errors.js";
import { OPENCODE_BIN_ENV, OPENCODE_PACKAGE } from "./package-pin.js";

export { OPENCODE_BIN_ENV };

/** The platform packages that carry the binary, in the order tried (`opencode-linux-x64`, its baseline build …). */
function platformPackages(): string[] {
  const base = `opencode-${process.platform === "win32" ? "windows" : process.platform}-${process.arch}`;
  return [base, `${base}-baseline`, `${base}-musl`, `${base}-baseline-musl`];
}

const PACKAGE_NAMES = new Set([OPENCODE_PACKAGE, ...platformPackages()]);

/**
 * The version in the package.json of `opencode-ai` or a platform package for a binary under its `bin/`
 * (or a link to one). The postinstall's placeholder (a short shell script) has none: it only exits 1.
 */
export function readOpenCodePackageVersion(path: string): string | undefined {
  try {
    const real = realpathSync(path);
    if (basename(dirname(real)) !== "bin" || statSync(real).size < 64 * 1024) return undefined;
    const pkg = JSON.parse(readFileSync(join(dirname(dirname(real)), "package.json"), "utf8")) as {
      name?: unknown;
      version?: unknown;
    };
    return typeof pkg.name === "string" && PACKAGE_NAMES.has(pkg.name) && typeof pkg.version === "string"
      ? pkg.version
      : undefined;
  } catch {
    return undefined;
  }
}

const probeHome = () => join(tmpdir(), "vigiles-opencode-probe");

const openCodeLookup: CliLookup = {
  displayName: "OpenCode",
  envVar: OPENCODE_BIN_ENV,
  binaryName: "opencode",
  nodeModulesCandidates: (packageDir) => {
    const dir = packageDir(OPENCODE_PACKAGE);
    const own = dir ? [join(dir, "bin", "opencode.exe"), join(dir, "bin", "opencode")] : [];
    const platform = platformPackages().flatMap((name) => {
      const at = packageDir(name);
      return at ? [join(at, "bin", process.platform === "win32" ? "opencode.exe" : "opencode")] : [];
    });
    return [...own, ...platform];
  },
  readVersion: readOpenCodePackageVersion,
  probeEnv: () => {
    const home = probeHome();
    return {
      HOME: home,
      XDG_CONFIG_HOME: join(home, "config"),
      XDG_DATA_HOME: join(home, "data"),
      XDG_CACHE_HOME: join(home, "cache"),
      XDG_STATE_HOME: join(home, "state"),
    };
  },
};

/** The same lookup as {@link resolveOpenCode}, synchronously: whether a usable CLI is there. */
export function openCodeAvailableSync(options: ResolveHarnessOptions = {}): boolean {
  return searchCliSync(openCodeLookup, options).found !== undefined;
}

/**
 * Finds a usable OpenCode and its version; throws {@link OpenCodeNotFoundError} with the install line.
 *
 * @example
 * const { path, version } = await resolveOpenCode();
 */
export async function resolveOpenCode(options: ResolveHarnessOptions = {}): Promise<ResolvedHarness> {
  const { found, searched } = await searchCli(openCodeLookup, options);
  if (!found) throw new OpenCodeNotFoundError(searched);
  return { adapterId: "opencode", ...found };
}
