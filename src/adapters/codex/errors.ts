/** Errors only the Codex adapter raises (its pinned version is in package-pin.ts). */
import { VigilesError } from "../../core/errors.js";
import { CliNotFoundError, type MissingCli } from "../shared/errors.js";
import { CODEX_BIN_ENV, CODEX_INSTALL_LINE } from "./package-pin.js";

const CODEX_CLI: MissingCli = {
  cliName: "Codex CLI",
  installLine: CODEX_INSTALL_LINE,
  binEnv: CODEX_BIN_ENV,
  executable: "codex",
};

/** No usable Codex CLI was found; the message lists where vigiles looked and how to install it. */
export class CodexNotFoundError extends CliNotFoundError {
  constructor(searched: readonly string[]) {
    super(CODEX_CLI, searched);
  }
}

/** Something was asked of Codex that this adapter cannot do faithfully; it refuses instead of pretending. */
export class CodexUnsupportedError extends VigilesError {
  constructor(what: string, why: string) {
    super("VIGILES_CODEX_UNSUPPORTED", `Codex cannot ${what}: ${why}`);
  }
}
