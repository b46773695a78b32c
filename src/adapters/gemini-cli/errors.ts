/** Errors only the Gemini CLI adapter raises (its pinned version is in package-pin.ts). */
import { VigilesError } from "../../core/errors.js";
import { CliNotFoundError, type MissingCli } from "../shared/errors.js";
import { GEMINI_BIN_ENV, GEMINI_INSTALL_LINE } from "./package-pin.js";

const GEMINI_CLI: MissingCli = {
  cliName: "Gemini CLI",
  installLine: GEMINI_INSTALL_LINE,
  binEnv: GEMINI_BIN_ENV,
  executable: "gemini",
};

/** No usable Gemini CLI was found; the message lists where vigiles looked and how to install it. */
export class GeminiNotFoundError extends CliNotFoundError {
  constructor(searched: readonly string[]) {
    super(GEMINI_CLI, searched);
  }
}

/** Something was asked of Gemini CLI that this adapter cannot do faithfully; it refuses instead of pretending. */
export class GeminiUnsupportedError extends VigilesError {
  constructor(what: string, why: string) {
    super("VIGILES_GEMINI_UNSUPPORTED", `Gemini CLI cannot ${what}: ${why}`);
  }
}

/**
 * A hook in Claude Code's shape (the spec's `settings.hooks`) that does not carry over to Gemini
 * CLI: an event with no Gemini counterpart, or a matcher naming a tool Gemini does not have.
 */
export class GeminiHookTranslationError extends VigilesError {
  constructor(where: string, why: string) {
    super(
      "VIGILES_GEMINI_HOOK_UNTRANSLATABLE",
      `settings.hooks ${where} does not carry over to Gemini CLI: ${why}. Declare it in Gemini's own ` +
        "shape in a fixture .gemini/settings.json, or leave it out of this spec.",
    );
  }
}

/** A fixture's Gemini settings would send requests somewhere other than the run's endpoint. */
export class GeminiUnsafeSettingsError extends VigilesError {
  constructor(file: string, key: string) {
    super(
      "VIGILES_UNSAFE_ENDPOINT",
      `Refusing to start Gemini CLI: ${file} sets \`${key}\`, which outranks vigiles' settings and could send ` +
        "requests to Google. A harness test only talks to its local mock model; remove the key from the fixture.",
    );
  }
}

/** A fixture's or project's `.env`, which Gemini CLI loads at start, sets a variable that routes traffic or credentials. */
export class GeminiUnsafeEnvFileError extends VigilesError {
  readonly variables: readonly string[];

  constructor(file: string, variables: readonly string[]) {
    super(
      "VIGILES_UNSAFE_ENDPOINT",
      `Refusing to start Gemini CLI: ${file} sets ${variables.join(", ")}, which route model or telemetry ` +
        "traffic or carry credentials (Gemini CLI loads this file at start). A harness test only talks to its " +
        "local mock model; remove those lines from the fixture or project.",
    );
    this.variables = variables;
  }
}
