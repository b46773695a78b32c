/**
 * OpenCode's hooks as registrations: none a config file declares. Its hooks are code (plugins under
 * `.opencode/plugin`), read by loading them (run-plugin-hook.ts, plugin-audit.ts), not from JSON.
 */
import type { RegistrationReading } from "../../core/hook-config/registration.js";

export function openCodeRegistrations(): RegistrationReading {
  return { registrations: [], unreadable: [] };
}
