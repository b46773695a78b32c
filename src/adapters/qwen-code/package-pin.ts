/** The Qwen Code release this adapter is pinned to, and how to install it. */
import { installLine, type PackagePin } from "../shared/package-pin.js";

/** The npm package of Qwen Code. */
export const QWEN_PACKAGE = "@qwen-code/qwen-code";
/** The Qwen Code version this release of vigiles was validated with. */
export const QWEN_VERSION = "0.24.4";
/** The releases this adapter drives (package.json's peer range); outside it doctor and \`vigiles test\` warn. */
export const QWEN_SUPPORTED = ">=0.23.4 <1.0.0";
export const QWEN_PIN: PackagePin = { name: QWEN_PACKAGE, version: QWEN_VERSION, supported: QWEN_SUPPORTED };
export const QWEN_INSTALL_LINE = installLine(QWEN_PIN);
/** The environment variable that names an explicit Qwen Code CLI (`VIGILES_QWEN_BIN`). */
export const QWEN_BIN_ENV = "VIGILES_QWEN_BIN";
