/** Errors only the Copilot CLI adapter raises, and the version it is pinned to. */
import { VigilesError } from "../../core/errors.js";

/** The npm package of GitHub Copilot CLI. */
export const COPILOT_PACKAGE = "@github/copilot";
/** The Copilot CLI version this release of vigiles was validated with. */
export const COPILOT_VERSION = "1.0.102";
export const COPILOT_INSTALL_LINE = `npm install -D -E ${COPILOT_PACKAGE}@${COPILOT_VERSION}`;

/** No usable Copilot CLI was found; the message lists where vigiles looked and how to install it. */
export class CopilotNotFoundError extends VigilesError {
  readonly searched: readonly string[];

  constructor(searched: readonly string[]) {
    super(
      "VIGILES_HARNESS_NOT_FOUND",
      `GitHub Copilot CLI not found. Looked in: ${searched.join("; ") || "(nowhere)"}. Install the pinned version ` +
        `with \`${COPILOT_INSTALL_LINE}\` (it brings the platform package, e.g. @github/copilot-linux-x64), or point ` +
        "VIGILES_COPILOT_BIN (or the `harnessPath` option) at a `copilot` executable.",
    );
    this.searched = searched;
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
