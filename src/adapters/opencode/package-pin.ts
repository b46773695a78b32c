/** The OpenCode release this adapter is pinned to, and how to install it. */
import { installLine, type PackagePin } from "../shared/package-pin.js";

/** The npm package of OpenCode (a Bun-compiled binary per platform). */
export const OPENCODE_PACKAGE = "opencode-ai";
/** The OpenCode version this release of vigiles was validated with. */
export const OPENCODE_VERSION = "1.18.33";
/** The releases this adapter drives (package.json's peer range); outside it doctor and \`vigiles test\` warn. */
export const OPENCODE_SUPPORTED = ">=1.18.27 <2.0.0";
export const OPENCODE_PIN: PackagePin = {
  name: OPENCODE_PACKAGE,
  version: OPENCODE_VERSION,
  supported: OPENCODE_SUPPORTED,
};
export const OPENCODE_INSTALL_LINE = installLine(OPENCODE_PIN);
/** The environment variable that names an explicit OpenCode binary (`VIGILES_OPENCODE_BIN`). */
export const OPENCODE_BIN_ENV = "VIGILES_OPENCODE_BIN";
/** Where 1.18.33 reads machine-wide managed config on Linux (it outranks the user's and the project's). */
export const OPENCODE_MANAGED_DIR = "/etc/opencode";
