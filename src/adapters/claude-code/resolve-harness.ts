/**
 * Finds the Claude Code CLI: an explicit path, then VIGILES_CLAUDE_BIN, then node_modules (the
 * wrapper's `bin/claude.exe` when its postinstall put the native binary there, else the platform
 * package `@anthropic-ai/claude-code-<platform>-<arch>/claude`, since npm 11 skips that postinstall),
 * then PATH. A candidate counts only when `--version` answers with a version.
 */
import { join } from "node:path";
import { probeCliVersion, searchCli, searchCliSync, type CliLookup } from "../../runtime/resolve-cli.js";
import type { ResolveHarnessOptions, ResolvedHarness } from "../port.js";
import { HarnessNotFoundError } from "./errors.js";
import { CLAUDE_BIN_ENV, CLAUDE_CODE_PACKAGE } from "./package-pin.js";

export { CLAUDE_BIN_ENV };

function platformPackages(): string[] {
  const base = `${CLAUDE_CODE_PACKAGE}-${process.platform}-${process.arch}`;
  return process.platform === "linux" ? [base, `${base}-musl`] : [base];
}

const claudeLookup: CliLookup = {
  displayName: "Claude Code",
  envVar: CLAUDE_BIN_ENV,
  binaryName: "claude",
  nodeModulesCandidates: (packageDir) => {
    const out: string[] = [];
    const wrapper = packageDir(CLAUDE_CODE_PACKAGE);
    if (wrapper) out.push(join(wrapper, "bin", "claude.exe"));
    for (const pkg of platformPackages()) {
      const dir = packageDir(pkg);
      if (dir) out.push(join(dir, process.platform === "win32" ? "claude.exe" : "claude"));
    }
    return out;
  },
};

/** `<path> --version` as `x.y.z` (cached per path), or undefined when it does not answer. */
export const probeVersion = probeCliVersion;

/** The same lookup as {@link resolveHarness}, synchronously: whether a usable CLI is there. */
export function claudeAvailableSync(options: ResolveHarnessOptions = {}): boolean {
  return searchCliSync(claudeLookup, options).found !== undefined;
}

/**
 * Finds a usable Claude Code CLI and the version it reports. Throws {@link HarnessNotFoundError}
 * (with the install line) when there is none.
 *
 * @example
 * const { path, version } = await resolveHarness();
 */
export async function resolveHarness(options: ResolveHarnessOptions = {}): Promise<ResolvedHarness> {
  const { found, searched } = await searchCli(claudeLookup, options);
  if (!found) throw new HarnessNotFoundError(searched);
  return { adapterId: "claude-code", ...found };
}
