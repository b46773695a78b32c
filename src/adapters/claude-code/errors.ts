/**
 * Errors only the Claude Code adapter raises.
 */
import { VigilesError } from "../../core/errors.js";

export const CLAUDE_CODE_PACKAGE = "@anthropic-ai/claude-code";
/** The Claude Code version this release of vigiles was validated with. */
export const CLAUDE_CODE_VERSION = "2.1.328";
/** The npm command that installs the validated Claude Code as an exact-pinned dev dependency. */
export const CLAUDE_CODE_INSTALL_LINE = `npm install -D -E ${CLAUDE_CODE_PACKAGE}@${CLAUDE_CODE_VERSION}`;

/** No usable Claude Code CLI was found. The message lists where vigiles looked and how to install it. */
export class HarnessNotFoundError extends VigilesError {
  readonly searched: readonly string[];

  constructor(searched: readonly string[]) {
    super(
      "VIGILES_HARNESS_NOT_FOUND",
      `Claude Code CLI not found. Looked in: ${searched.length > 0 ? searched.join("; ") : "(nowhere)"}. ` +
        `Install the pinned version with \`${CLAUDE_CODE_INSTALL_LINE}\`, or point VIGILES_CLAUDE_BIN ` +
        "(or the `harnessPath` option) at a `claude` executable.",
    );
    this.searched = searched;
  }
}

/** The spec would let the CLI send a request somewhere other than the run's endpoint (any adapter raises it). */
export class UnsafeEndpointError extends VigilesError {
  constructor(detail: string, harness = "Claude Code") {
    super(
      "VIGILES_UNSAFE_ENDPOINT",
      `Refusing to start ${harness}: ${detail}. A harness test only talks to its local mock model; ` +
        "remove the setting (model routing belongs to vigiles, not to the test's env or settings).",
    );
  }
}
