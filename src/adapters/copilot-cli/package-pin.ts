/** The GitHub Copilot CLI release this adapter is pinned to, and how to install it. */
import { installLine, type PackagePin } from "../shared/package-pin.js";

/** The npm package of GitHub Copilot CLI. */
export const COPILOT_PACKAGE = "@github/copilot";
/** The Copilot CLI version this release of vigiles was validated with. */
export const COPILOT_VERSION = "1.0.102";
/** The releases this adapter drives (package.json's peer range); outside it doctor and \`vigiles test\` warn. */
export const COPILOT_SUPPORTED = ">=1.0.86 <2.0.0";
export const COPILOT_PIN: PackagePin = {
  name: COPILOT_PACKAGE,
  version: COPILOT_VERSION,
  supported: COPILOT_SUPPORTED,
};
export const COPILOT_INSTALL_LINE = installLine(COPILOT_PIN);
/** The environment variable that names an explicit Copilot binary (`VIGILES_COPILOT_BIN`). */
export const COPILOT_BIN_ENV = "VIGILES_COPILOT_BIN";
