/** Errors only the Codex adapter raises, and the version it is pinned to. */
import { VigilesError } from "../../core/errors.js";

/** The npm package of the Codex CLI. */
export const CODEX_PACKAGE = "@openai/codex";
/** The Codex version this release of vigiles was validated with. */
export const CODEX_VERSION = "0.169.0";
export const CODEX_INSTALL_LINE = `npm install -D -E ${CODEX_PACKAGE}@${CODEX_VERSION}`;

/** No usable Codex CLI was found; the message lists where vigiles looked and how to install it. */
export class CodexNotFoundError extends VigilesError {
  readonly searched: readonly string[];

  constructor(searched: readonly string[]) {
    super(
      "VIGILES_HARNESS_NOT_FOUND",
      `Codex CLI not found. Looked in: ${searched.join("; ") || "(nowhere)"}. Install the pinned version ` +
        `with \`${CODEX_INSTALL_LINE}\`, or point VIGILES_CODEX_BIN (or the \`harnessPath\` option) at a \`codex\` executable.`,
    );
    this.searched = searched;
  }
}

/** Something was asked of Codex that this adapter cannot do faithfully; it refuses instead of pretending. */
export class CodexUnsupportedError extends VigilesError {
  constructor(what: string, why: string) {
    super("VIGILES_CODEX_UNSUPPORTED", `Codex cannot ${what}: ${why}`);
  }
}
