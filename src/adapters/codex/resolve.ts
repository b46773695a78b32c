/**
 * Finds the Codex CLI: an explicit path, VIGILES_CODEX_BIN, node_modules (the platform package's
 * native binary `@openai/codex-<platform>-<arch>/vendor/<target>/bin/codex`, else the node wrapper),
 * then PATH.
 */
import { join } from "node:path";
import { searchCli, type CliLookup } from "../../runtime/resolve-cli.js";
import type { ResolveHarnessOptions, ResolvedHarness } from "../port.js";
import { CodexNotFoundError } from "./errors.js";
import { CODEX_BIN_ENV, CODEX_PACKAGE } from "./package-pin.js";

export { CODEX_BIN_ENV };

/** Rust target triples the Codex platform packages ship, per node platform and arch. */
function targetTriples(): string[] {
  const arch = process.arch === "arm64" ? "aarch64" : "x86_64";
  switch (process.platform) {
    case "linux":
      return [`${arch}-unknown-linux-musl`, `${arch}-unknown-linux-gnu`];
    case "darwin":
      return [`${arch}-apple-darwin`];
    default:
      return [`${arch}-pc-windows-msvc`];
  }
}

const codexLookup: CliLookup = {
  displayName: "Codex",
  envVar: CODEX_BIN_ENV,
  binaryName: "codex",
  nodeModulesCandidates: (packageDir) => {
    const out: string[] = [];
    const platformPackage = packageDir(`${CODEX_PACKAGE}-${process.platform}-${process.arch}`);
    for (const triple of targetTriples()) {
      if (platformPackage) out.push(join(platformPackage, "vendor", triple, "bin", "codex"));
    }
    const wrapper = packageDir(CODEX_PACKAGE);
    if (wrapper) out.push(join(wrapper, "bin", "codex.js"));
    return out;
  },
};

/**
 * Finds a usable Codex CLI and its version; throws {@link CodexNotFoundError} with the install line.
 *
 * @example
 * const { path, version } = await resolveCodex();
 */
export async function resolveCodex(options: ResolveHarnessOptions = {}): Promise<ResolvedHarness> {
  const { found, searched } = await searchCli(codexLookup, options);
  if (!found) throw new CodexNotFoundError(searched);
  return { adapterId: "codex", ...found };
}
