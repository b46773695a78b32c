/** A harness id a command line names, checked before anything runs: an unknown one is bad input (exit 2). */
import { CliUsageError } from "./command.js";
import { closestName } from "../core/did-you-mean.js";
import type { HarnessAdapter } from "../adapters/port.js";
import { adapterById, HARNESS_IDS } from "../tiers/harness/default-adapter.js";

/**
 * The adapter of `id`, or a CliUsageError that starts with `what` (the flag or argument as typed),
 * names the closest id when one is near, and lists the ids.
 *
 * @example
 * await harnessNamed("gemni", '--harness "gemni"'); // throws: --harness "gemni" names no harness. Did you mean "gemini"? …
 */
export async function harnessNamed(id: string, what: string): Promise<HarnessAdapter> {
  // adapterById also takes "copilot", Copilot CLI's short name.
  if (!(HARNESS_IDS as readonly string[]).includes(id) && id !== "copilot") {
    const guess = closestName(id, HARNESS_IDS);
    throw new CliUsageError(
      `${what} names no harness.${guess !== undefined ? ` Did you mean "${guess}"?` : ""} Use one of ${HARNESS_IDS.join(", ")}.`,
    );
  }
  return adapterById(id, what);
}
