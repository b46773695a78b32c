/**
 * Claude Code's hook registrations in a repository: project settings, local project settings, then
 * each plugin's `hooks/hooks.json` (plugins found by their `.claude-plugin/plugin.json`, a few levels
 * deep, outside node_modules). Light to import: no plugin loader, no CLI.
 */
import { claudeCodeDialect } from "./dialect.js";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { globSync } from "tinyglobby";
import { isRecord } from "../../core/is-record.js";
import type { RegistrationReading } from "../../core/hook-config/registration.js";
import { readRegistrationFiles, type RegistrationFile } from "../shared/read-registration-files.js";

const IGNORE = ["**/node_modules/**", "**/dist/**", "**/.git/**", "**/.vigiles/**"];

/** The plugin roots under `root`, sorted. */
export function claudePluginRoots(root: string): string[] {
  return globSync("**/.claude-plugin/plugin.json", { cwd: root, ignore: IGNORE, deep: 5, dot: true })
    .sort()
    .map((manifest) => join(root, dirname(dirname(manifest))));
}

/** Every Claude Code command hook registered under `root`, in the order the CLI loads them. */
export function claudeCodeRegistrations(root: string): RegistrationReading {
  const files: RegistrationFile[] = [
    { dialect: claudeCodeDialect, source: "project settings", path: ".claude/settings.json" },
    { dialect: claudeCodeDialect, source: "local settings", path: ".claude/settings.local.json" },
    ...claudePluginRoots(root).flatMap(pluginFiles),
  ];
  return readRegistrationFiles(root, files);
}

/** Whether the plugin's manifest holds its hooks inline (an object), which Claude Code loads too. */
function manifestHasInlineHooks(manifest: string): boolean {
  try {
    const parsed: unknown = JSON.parse(readFileSync(manifest, "utf8"));
    return isRecord(parsed) && isRecord(parsed["hooks"]);
  } catch {
    return false;
  }
}

/** A plugin's hook files: hooks/hooks.json, and its manifest when the manifest holds hooks inline. */
const pluginFiles = (pluginRoot: string): RegistrationFile[] => {
  const manifest = join(pluginRoot, ".claude-plugin", "plugin.json");
  return [
    {
      dialect: claudeCodeDialect,
      source: "plugin",
      path: join(pluginRoot, "hooks", "hooks.json"),
      pluginRoot,
    },
    ...(manifestHasInlineHooks(manifest)
      ? [{ dialect: claudeCodeDialect, source: "plugin" as const, path: manifest, pluginRoot }]
      : []),
  ];
};

/** The hooks of one plugin loaded with `--plugin-dir`. */
export function claudeCodePluginRegistrations(pluginRoot: string, root: string): RegistrationReading {
  return readRegistrationFiles(root, pluginFiles(pluginRoot));
}
