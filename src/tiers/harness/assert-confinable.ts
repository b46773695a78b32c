/**
 * Refuses, before anything runs, a run that is confined by default but cannot be confined here: an
 * adapter without confinement, or a machine where bubblewrap does not work. Never falls back to an
 * unconfined run. The harness tier and the paid eval driver word their default and their opt-out.
 */
import type { HarnessAdapter } from "../../adapters/port.js";
import { InvalidOptionError } from "../../core/errors.js";
import { ConfinementUnavailableError, bwrapAvailable, bwrapSelfTest } from "../../runtime/confine.js";

/** How the caller says its runs are confined by default, and how to opt out. */
export interface ConfinementWords {
  /** "every harness run is", "paid eval trials are" … followed by "confined by default". */
  readonly confinedByDefault: string;
  /** The opt-out, as a sentence: "pass `sandbox: false` to …". */
  readonly optOut: string;
  /** Appended to the bubblewrap error (what the caller asked, or its opt-out). */
  readonly unavailableNote?: string;
}

export function assertConfinable(adapter: HarnessAdapter, words: ConfinementWords): void {
  if (!adapter.capabilities.confinement)
    throw new InvalidOptionError(
      `${adapter.displayName} runs cannot be confined yet, and ${words.confinedByDefault}; ${words.optOut}`,
    );
  if (!bwrapAvailable()) {
    const probe = bwrapSelfTest();
    throw new ConfinementUnavailableError(
      `${probe.ok ? "unknown reason" : probe.detail}; ${words.confinedByDefault}${words.unavailableNote ?? ""}`,
    );
  }
}
