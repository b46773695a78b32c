/**
 * Hook registrations of a repository, read by each registered harness's own reader (the registry's
 * `readRegistrations`); `explain`, `init` and `mutate` read registrations through it.
 */
import { HARNESS_IDS, harnessEntry } from "../../adapters/registry.js";
import type { RegisteredHook } from "../../core/hook-config/registration.js";

/** The registrations of `root` for the harnesses asked (default: every registered one), with the files that could not be read. */
export function hookRegistrations(
  root: string,
  harnesses: readonly string[] = HARNESS_IDS,
): { registrations: RegisteredHook[]; unreadable: string[] } {
  const registrations: RegisteredHook[] = [];
  const unreadable: string[] = [];
  for (const harness of harnesses) {
    const r = harnessEntry(harness).readRegistrations(root);
    registrations.push(...r.registrations);
    unreadable.push(...r.unreadable);
  }
  return { registrations, unreadable };
}
