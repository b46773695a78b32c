/** The Codex release this adapter is pinned to, and how to install it. */
import { installLine, type PackagePin } from "../shared/package-pin.js";

/** The npm package of the Codex CLI. */
export const CODEX_PACKAGE = "@openai/codex";
/** The Codex version this release of vigiles was validated with. */
export const CODEX_VERSION = "0.169.0";
/** The releases this adapter drives (package.json's peer range); outside it doctor and \`vigiles test\` warn. */
export const CODEX_SUPPORTED = ">=0.163.0 <1.0.0";
export const CODEX_PIN: PackagePin = {
  name: CODEX_PACKAGE,
  version: CODEX_VERSION,
  supported: CODEX_SUPPORTED,
};
export const CODEX_INSTALL_LINE = installLine(CODEX_PIN);
/** The environment variable that names an explicit Codex binary (`VIGILES_CODEX_BIN`). */
export const CODEX_BIN_ENV = "VIGILES_CODEX_BIN";
