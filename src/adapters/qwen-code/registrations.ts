/**
 * Qwen Code's hook registrations in a repository: the project `.qwen/settings.json`, groups as
 * Claude Code's (event, matcher, handlers), `timeout` in seconds. Light to import: no CLI.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseJsonValue } from "../../core/hook-config/read-registrations.js";
import type { RegisteredHook, RegistrationReading } from "../../core/hook-config/registration.js";
import { readRegistrationFiles } from "../shared/read-registration-files.js";
import { qwenDialect } from "./dialect.js";

const SETTINGS = ".qwen/settings.json";

/** Every Qwen Code command hook registered under `root`. */
export function qwenRegistrations(root: string): RegistrationReading {
  return readRegistrationFiles(root, [{ dialect: qwenDialect, source: "project settings", path: SETTINGS }]);
}

/** `disableAllHooks: true` in the project settings: 0.24.4 runs none of them. */
export function qwenHooksDisabled(root: string): boolean {
  try {
    const value = parseJsonValue(readFileSync(join(root, SETTINGS), "utf8"));
    return (
      typeof value === "object" &&
      value !== null &&
      (value as Record<string, unknown>)["disableAllHooks"] === true
    );
  } catch {
    return false;
  }
}

/** Why Qwen Code will not run `r` (every hook off), or undefined. */
export function qwenSwitchedOff(root: string): (r: RegisteredHook) => string | undefined {
  const off = qwenHooksDisabled(root);
  return () => (off ? `disableAllHooks: true in ${SETTINGS} turns off every hook` : undefined);
}
