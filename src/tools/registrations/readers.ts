/**
 * The one list of hook registration readers, one per harness; `explain`, `init` and `mutate` read
 * registrations through it, so a new harness is one line here and one reader in its adapter.
 */
import { claudeCodeRegistrations } from "../../adapters/claude-code/registrations.js";
import { codexRegistrations } from "../../adapters/codex/registrations.js";
import { copilotRegistrations } from "../../adapters/copilot-cli/registrations.js";
import { geminiRegistrations } from "../../adapters/gemini-cli/registrations.js";
import type { HookHarness } from "../../core/hook-decision/event-rules.js";
import type { RegisteredHook, RegistrationReading } from "../../core/hook-config/registration.js";

/** Each harness's reader, in the order their registrations are listed. */
export const REGISTRATION_READERS: Readonly<Record<HookHarness, (root: string) => RegistrationReading>> = {
  "claude-code": claudeCodeRegistrations,
  codex: codexRegistrations,
  copilot: copilotRegistrations,
  gemini: geminiRegistrations,
};

/** The registrations of `root` for the harnesses asked (default: all four), with the files that could not be read. */
export function hookRegistrations(
  root: string,
  harnesses: readonly HookHarness[] = Object.keys(REGISTRATION_READERS) as HookHarness[],
): { registrations: RegisteredHook[]; unreadable: string[] } {
  const registrations: RegisteredHook[] = [];
  const unreadable: string[] = [];
  for (const harness of harnesses) {
    const r = REGISTRATION_READERS[harness](root);
    registrations.push(...r.registrations);
    unreadable.push(...r.unreadable);
  }
  return { registrations, unreadable };
}
