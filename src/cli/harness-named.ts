/** A harness id a command line names, checked before anything runs: an unknown one is bad input (exit 2). */
import { CliUsageError } from "./command.js";
import { findHarness, UnknownHarnessError } from "../adapters/registry.js";
import type { HarnessAdapter } from "../adapters/port.js";

/**
 * The adapter of `id` (an id or alias), or a CliUsageError that starts with `what` (the flag or
 * argument as typed), names the closest id when one is near, and lists the ids.
 *
 * @example
 * await harnessNamed("gemni", '--harness "gemni"'); // throws: --harness "gemni" names no harness (did you mean "gemini"?) …
 */
export async function harnessNamed(id: string, what: string): Promise<HarnessAdapter> {
  const entry = findHarness(id);
  if (entry === undefined) throw new CliUsageError(new UnknownHarnessError(id, what).message);
  return entry.loadAdapter();
}
