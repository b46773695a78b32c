/** The Gemini CLI release this adapter is pinned to, and how to install it. */
import { installLine, type PackagePin } from "../shared/package-pin.js";

/** The npm package of the Gemini CLI. */
export const GEMINI_PACKAGE = "@google/gemini-cli";
/** The Gemini CLI version this release of vigiles was validated with. */
export const GEMINI_VERSION = "0.61.0";
/** The releases this adapter drives (package.json's peer range); outside it doctor and \`vigiles test\` warn. */
export const GEMINI_SUPPORTED = ">=0.57.0 <1.0.0";
export const GEMINI_PIN: PackagePin = {
  name: GEMINI_PACKAGE,
  version: GEMINI_VERSION,
  supported: GEMINI_SUPPORTED,
};
export const GEMINI_INSTALL_LINE = installLine(GEMINI_PIN);
/** The environment variable that names an explicit Gemini CLI (`VIGILES_GEMINI_BIN`). */
export const GEMINI_BIN_ENV = "VIGILES_GEMINI_BIN";
