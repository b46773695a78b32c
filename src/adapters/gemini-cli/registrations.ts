/**
 * Gemini CLI's hook registrations in a repository: the workspace `.gemini/settings.json`, then each
 * extension's `hooks/hooks.json` (extensions found by their `gemini-extension.json`, outside
 * node_modules). Groups as Claude Code's, `timeout` in milliseconds. Light to import: no CLI.
 */
import { geminiDialect } from "./dialect.js";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { globSync } from "tinyglobby";
import { parseJsonValue } from "../../core/hook-config/read-registrations.js";
import type { RegisteredHook, RegistrationReading } from "../../core/hook-config/registration.js";
import { readRegistrationFiles, type RegistrationFile } from "../shared/read-registration-files.js";

const IGNORE = ["**/node_modules/**", "**/dist/**", "**/.git/**", "**/.vigiles/**"];

/** Every Gemini CLI command hook registered under `root`. */
export function geminiRegistrations(root: string): RegistrationReading {
  const extensions = globSync("**/gemini-extension.json", { cwd: root, ignore: IGNORE, deep: 5, dot: true })
    .sort()
    .map((manifest) => join(root, dirname(manifest)));
  const files: RegistrationFile[] = [
    { dialect: geminiDialect, source: "project settings", path: ".gemini/settings.json" },
    ...extensions.map(extensionFile),
  ];
  return readRegistrationFiles(root, files);
}

const extensionFile = (pluginRoot: string): RegistrationFile => ({
  dialect: geminiDialect,
  source: "extension",
  path: join(pluginRoot, "hooks", "hooks.json"),
  pluginRoot,
});

/** The hooks of one extension (a plugin dir loaded as a Gemini CLI extension). */
export function geminiExtensionRegistrations(pluginRoot: string, root: string): RegistrationReading {
  return readRegistrationFiles(root, [extensionFile(pluginRoot)]);
}

/** The workspace settings' `hooksConfig`: Gemini CLI 0.61.0 runs no hook when `enabled` is false, and none named in `disabled`. */
export interface GeminiHookSwitches {
  readonly file: string;
  readonly enabled?: boolean;
  /** Hook names (a handler's `name`, else its `command`) Gemini will not run. */
  readonly disabled: readonly string[];
}

/** The `hooksConfig` of `.gemini/settings.json` under `root`, when it has one (unreadable JSON is reported by the reader). */
export function geminiHookSwitches(root: string): GeminiHookSwitches | undefined {
  const file = ".gemini/settings.json";
  let value: unknown;
  try {
    value = parseJsonValue(readFileSync(join(root, file), "utf8"));
  } catch {
    return undefined;
  }
  const config =
    typeof value === "object" && value !== null
      ? (value as Record<string, unknown>)["hooksConfig"]
      : undefined;
  if (typeof config !== "object" || config === null) return undefined;
  const c = config as Record<string, unknown>;
  const disabled = Array.isArray(c["disabled"])
    ? c["disabled"].filter((d): d is string => typeof d === "string")
    : [];
  return { file, ...(typeof c["enabled"] === "boolean" ? { enabled: c["enabled"] } : {}), disabled };
}

/** Why Gemini will not run `r` under these switches (the name it goes by is its `name`, else its command), or undefined. */
export function geminiSwitchedOff(
  switches: GeminiHookSwitches | undefined,
  r: RegisteredHook,
): string | undefined {
  if (switches === undefined) return undefined;
  if (switches.enabled === false)
    return `hooksConfig.enabled: false in ${switches.file} turns off every hook`;
  const name = typeof r.handler["name"] === "string" ? r.handler["name"] : r.command;
  return switches.disabled.includes(name)
    ? `hooksConfig.disabled in ${switches.file} names ${JSON.stringify(name)}: Gemini does not run it`
    : undefined;
}
