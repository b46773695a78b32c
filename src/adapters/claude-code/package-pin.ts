/** The Claude Code release this adapter is pinned to, and how to install it. */
import { installLine, type PackagePin } from "../shared/package-pin.js";

export const CLAUDE_CODE_PACKAGE = "@anthropic-ai/claude-code";
/** The Claude Code version this release of vigiles was validated with. */
export const CLAUDE_CODE_VERSION = "2.1.328";
export const CLAUDE_CODE_PIN: PackagePin = { name: CLAUDE_CODE_PACKAGE, version: CLAUDE_CODE_VERSION };
/** The npm command that installs the validated Claude Code as an exact-pinned dev dependency. */
export const CLAUDE_CODE_INSTALL_LINE = installLine(CLAUDE_CODE_PIN);
/** The environment variable that names an explicit Claude Code binary (`VIGILES_CLAUDE_BIN`). */
export const CLAUDE_BIN_ENV = "VIGILES_CLAUDE_BIN";
