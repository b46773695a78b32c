/** The Claude Code release this adapter is pinned to, and how to install it. */
import { installLine, type PackagePin } from "../shared/package-pin.js";

export const CLAUDE_CODE_PACKAGE = "@anthropic-ai/claude-code";
/** The Claude Code version this release of vigiles was validated with. */
export const CLAUDE_CODE_VERSION = "2.1.328";
/** The releases this adapter drives (package.json's peer range); outside it doctor and \`vigiles test\` warn. */
export const CLAUDE_CODE_SUPPORTED = ">=2.1.303 <3.0.0";
export const CLAUDE_CODE_PIN: PackagePin = {
  name: CLAUDE_CODE_PACKAGE,
  version: CLAUDE_CODE_VERSION,
  supported: CLAUDE_CODE_SUPPORTED,
};
/** The npm command that installs the validated Claude Code as an exact-pinned dev dependency. */
export const CLAUDE_CODE_INSTALL_LINE = installLine(CLAUDE_CODE_PIN);
/** The environment variable that names an explicit Claude Code binary (`VIGILES_CLAUDE_BIN`). */
export const CLAUDE_BIN_ENV = "VIGILES_CLAUDE_BIN";
