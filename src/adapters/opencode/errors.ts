/** Errors only the OpenCode adapter raises (its pinned version is in package-pin.ts). */
import { VigilesError } from "../../core/errors.js";
import { CliNotFoundError, type MissingCli } from "../shared/errors.js";
import { OPENCODE_BIN_ENV, OPENCODE_INSTALL_LINE } from "./package-pin.js";

const OPENCODE_CLI: MissingCli = {
  cliName: "OpenCode",
  installLine: OPENCODE_INSTALL_LINE,
  binEnv: OPENCODE_BIN_ENV,
  executable: "opencode",
};

/** No usable OpenCode was found; the message lists where vigiles looked and how to install it. */
export class OpenCodeNotFoundError extends CliNotFoundError {
  constructor(searched: readonly string[]) {
    super(OPENCODE_CLI, searched);
  }
}

/** Something was asked of OpenCode that this adapter cannot do faithfully; it refuses instead of pretending. */
export class OpenCodeUnsupportedError extends VigilesError {
  constructor(what: string, why: string) {
    super("VIGILES_OPENCODE_UNSUPPORTED", `OpenCode cannot ${what}: ${why}`);
  }
}

/** A fixture's OpenCode config would send requests somewhere other than the run's endpoint, or load code vigiles cannot record. */
export class OpenCodeUnsafeConfigError extends VigilesError {
  constructor(file: string, key: string, why: string) {
    super(
      "VIGILES_UNSAFE_ENDPOINT",
      `Refusing to start OpenCode: ${file} sets \`${key}\`, which ${why}. A harness test only talks to its ` +
        "local mock model and records every plugin it loads; remove the key from the fixture.",
    );
  }
}
