/** Errors only the Copilot CLI adapter raises (its pinned version is in package-pin.ts). */
import { VigilesError } from "../../core/errors.js";
import { CliNotFoundError, type MissingCli } from "../shared/errors.js";
import { COPILOT_BIN_ENV, COPILOT_INSTALL_LINE } from "./package-pin.js";

const COPILOT_CLI: MissingCli = {
  cliName: "GitHub Copilot CLI",
  installLine: COPILOT_INSTALL_LINE,
  installNote: "it brings the platform package, e.g. @github/copilot-linux-x64",
  binEnv: COPILOT_BIN_ENV,
  executable: "copilot",
};

/** No usable GitHub Copilot CLI was found; the message lists where vigiles looked and how to install it. */
export class CopilotNotFoundError extends CliNotFoundError {
  constructor(searched: readonly string[]) {
    super(COPILOT_CLI, searched);
  }
}

/** Something was asked of Copilot that this adapter cannot do faithfully; it refuses instead of pretending. */
export class CopilotUnsupportedError extends VigilesError {
  constructor(what: string, why: string) {
    super("VIGILES_COPILOT_UNSUPPORTED", `Copilot CLI cannot ${what}: ${why}`);
  }
}

/** The CLI's bundled package could not be unpacked into vigiles' shared cache. */
export class CopilotPackageError extends VigilesError {
  constructor(detail: string, options?: { cause?: unknown }) {
    super(
      "VIGILES_COPILOT_PACKAGE",
      `Could not unpack GitHub Copilot CLI's bundled package: ${detail}. Set VIGILES_COPILOT_PKG_CACHE to a ` +
        `writable directory you own, or reinstall with \`${COPILOT_INSTALL_LINE}\`.`,
      options,
    );
  }
}

/**
 * Copilot ran hooks vigiles did not record: its session log has a `hook.start` for an event no
 * recorded hooks file registers, so a hook came from somewhere vigiles does not wrap.
 */
export class CopilotUnrecordedHookError extends VigilesError {
  readonly events: readonly string[];

  constructor(events: readonly string[]) {
    super(
      "VIGILES_COPILOT_UNRECORDED_HOOK",
      `GitHub Copilot CLI ran hooks that vigiles did not record, for ${events.join(", ")}: they were registered ` +
        "somewhere vigiles does not wrap (not .github/hooks, .github/copilot/settings*.json, a plugin dir or " +
        "userHooks). Register the hook in one of those places; if it is already there, this Copilot release reads " +
        "hooks from a new place, so report it with `vigiles facts --harness copilot-cli`.",
    );
    this.events = events;
  }
}
