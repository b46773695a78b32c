/**
 * Errors only the Claude Code adapter raises. Its not-found error kept the name `HarnessNotFoundError`
 * from the time Claude Code was the only harness.
 */
import { CliNotFoundError, type MissingCli } from "../shared/errors.js";
import { CLAUDE_BIN_ENV, CLAUDE_CODE_INSTALL_LINE } from "./package-pin.js";

const CLAUDE_CODE_CLI: MissingCli = {
  cliName: "Claude Code CLI",
  installLine: CLAUDE_CODE_INSTALL_LINE,
  binEnv: CLAUDE_BIN_ENV,
  executable: "claude",
};

/** No usable Claude Code CLI was found. The message lists where vigiles looked and how to install it. */
export class HarnessNotFoundError extends CliNotFoundError {
  constructor(searched: readonly string[]) {
    super(CLAUDE_CODE_CLI, searched);
  }
}
