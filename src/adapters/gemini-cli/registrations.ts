/**
 * Gemini CLI's hook registrations in a repository: the workspace `.gemini/settings.json`, then each
 * extension's `hooks/hooks.json` (extensions found by their `gemini-extension.json`, outside
 * node_modules). Groups as Claude Code's, `timeout` in milliseconds. Light to import: no CLI.
 */
import { dirname, join } from "node:path";
import { globSync } from "tinyglobby";
import type { RegistrationReading } from "../../core/hook-config/registration.js";
import { readRegistrationFiles, type RegistrationFile } from "../shared/read-registration-files.js";

const IGNORE = ["**/node_modules/**", "**/dist/**", "**/.git/**", "**/.vigiles/**"];

/** Every Gemini CLI command hook registered under `root`. */
export function geminiRegistrations(root: string): RegistrationReading {
  const extensions = globSync("**/gemini-extension.json", { cwd: root, ignore: IGNORE, deep: 5, dot: true })
    .sort()
    .map((manifest) => join(root, dirname(manifest)));
  const files: RegistrationFile[] = [
    { harness: "gemini", source: "gemini settings", path: ".gemini/settings.json" },
    ...extensions.map((pluginRoot): RegistrationFile => ({
      harness: "gemini",
      source: "extension",
      path: join(pluginRoot, "hooks", "hooks.json"),
      pluginRoot,
    })),
  ];
  return readRegistrationFiles(root, files);
}
