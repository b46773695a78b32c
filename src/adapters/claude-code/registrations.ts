/**
 * Claude Code's hook registrations in a repository: project settings, local project settings, then
 * each plugin's `hooks/hooks.json` (plugins found by their `.claude-plugin/plugin.json`, a few levels
 * deep, outside node_modules). Light to import: no plugin loader, no CLI.
 */
import { claudeCodeDialect } from "./dialect.js";
import { dirname, join } from "node:path";
import { globSync } from "tinyglobby";
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
    ...claudePluginRoots(root).map(pluginFile),
  ];
  return readRegistrationFiles(root, files);
}

const pluginFile = (pluginRoot: string): RegistrationFile => ({
  dialect: claudeCodeDialect,
  source: "plugin",
  path: join(pluginRoot, "hooks", "hooks.json"),
  pluginRoot,
});

/** The hooks of one plugin loaded with `--plugin-dir`. */
export function claudeCodePluginRegistrations(pluginRoot: string, root: string): RegistrationReading {
  return readRegistrationFiles(root, [pluginFile(pluginRoot)]);
}
