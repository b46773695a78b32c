/**
 * Machine-wide managed settings: on Linux `/etc/claude-code/managed-settings.json` plus the drop-ins
 * of `managed-settings.d/*.json` (macOS `/Library/Application Support/ClaudeCode`, Windows
 * `C:\Program Files\ClaudeCode`). They outrank every layer vigiles controls, flag settings included,
 * so an unconfined run cannot start while they route. The pinned CLI has no override for the folder
 * (`CLAUDE_CODE_MANAGED_SETTINGS_PATH` is not honoured in its public build); vigiles takes one,
 * `VIGILES_MANAGED_SETTINGS_DIR`, so explain and tests can point it elsewhere.
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { readSettingsText } from "./read-settings.js";
import { routingSettings } from "./settings-routing.js";

/** The environment variable naming the managed-settings folder vigiles reads. */
export const MANAGED_SETTINGS_DIR_ENV = "VIGILES_MANAGED_SETTINGS_DIR";

/** Where Claude Code reads managed settings on this platform. */
export function defaultManagedSettingsDir(): string {
  if (process.platform === "darwin") return "/Library/Application Support/ClaudeCode";
  if (process.platform === "win32") return "C:\\Program Files\\ClaudeCode";
  return "/etc/claude-code";
}

/** The managed-settings folder: `VIGILES_MANAGED_SETTINGS_DIR`, else the platform's. */
export function managedSettingsDir(): string {
  return process.env[MANAGED_SETTINGS_DIR_ENV] ?? defaultManagedSettingsDir();
}

/** `managed-settings.json`, then the drop-ins of `managed-settings.d` in name order, those that exist. */
export function managedSettingsFiles(dir: string): string[] {
  const dropIns = join(dir, "managed-settings.d");
  let names: string[] = [];
  try {
    names = readdirSync(dropIns)
      .filter((n) => n.endsWith(".json") && !n.startsWith("."))
      .sort();
  } catch {
    names = [];
  }
  return [join(dir, "managed-settings.json"), ...names.map((n) => join(dropIns, n))].filter((p) =>
    existsSync(p),
  );
}

/** Each managed setting that routes or authenticates, as `<file> sets <key>`. */
export function findManagedRouting(dir: string = managedSettingsDir()): string[] {
  const found: string[] = [];
  for (const file of managedSettingsFiles(dir)) {
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch (error) {
      // Unreadable to vigiles but perhaps not to the CLI: refuse rather than guess.
      found.push(`${file} cannot be read (${(error as Error).message})`);
      continue;
    }
    const settings = readSettingsText(text);
    if (settings) for (const key of routingSettings(settings)) found.push(`${file} sets ${key}`);
  }
  return found;
}
