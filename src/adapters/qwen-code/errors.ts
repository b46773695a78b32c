/** Errors only the Qwen Code adapter raises (its pinned version is in package-pin.ts). */
import { VigilesError } from "../../core/errors.js";
import { CliNotFoundError, type MissingCli } from "../shared/errors.js";
import { QWEN_BIN_ENV, QWEN_INSTALL_LINE } from "./package-pin.js";

const QWEN_CLI: MissingCli = {
  cliName: "Qwen Code CLI",
  installLine: QWEN_INSTALL_LINE,
  binEnv: QWEN_BIN_ENV,
  executable: "qwen",
};

/** No usable Qwen Code CLI was found; the message lists where vigiles looked and how to install it. */
export class QwenNotFoundError extends CliNotFoundError {
  constructor(searched: readonly string[]) {
    super(QWEN_CLI, searched);
  }
}

/** Something was asked of Qwen Code that this adapter cannot do faithfully; it refuses instead of pretending. */
export class QwenUnsupportedError extends VigilesError {
  constructor(what: string, why: string) {
    super("VIGILES_QWEN_UNSUPPORTED", `Qwen Code cannot ${what}: ${why}`);
  }
}

/** A fixture's Qwen settings or `.env` would send requests somewhere other than the run's endpoint. */
export class QwenUnsafeSettingsError extends VigilesError {
  constructor(file: string, key: string) {
    super(
      "VIGILES_UNSAFE_ENDPOINT",
      `Refusing to start Qwen Code: ${file} sets \`${key}\`, which could route model, telemetry or hook ` +
        "traffic off this machine. A harness test only talks to its local mock model; remove it from the fixture.",
    );
  }
}
