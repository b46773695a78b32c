/**
 * Codex's hook registrations in a repository: the project's `.codex/hooks.json` (Claude Code's nested
 * shape, `timeout` in seconds; docs/hook-contract.md, Codex CLI). Light to import: no CLI.
 */
import { codexDialect } from "./dialect.js";
import type { RegistrationReading } from "../../core/hook-config/registration.js";
import { readRegistrationFiles } from "../shared/read-registration-files.js";

/** Every Codex command hook registered under `root`. */
export function codexRegistrations(root: string): RegistrationReading {
  return readRegistrationFiles(root, [
    { dialect: codexDialect, source: "hooks file", path: ".codex/hooks.json" },
  ]);
}
