/**
 * GitHub Copilot CLI's hook registrations in a repository: every `.github/hooks/*.json` (the pinned
 * 1.0.102 loads them all from the working directory, in name order here), flat entries
 * `{"type": "command", "bash": "…", "timeoutSec": N}` or Claude-style nested groups. Light to
 * import: no CLI, no package cache.
 */
import { copilotDialect } from "./dialect.js";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { globSync } from "tinyglobby";
import { COPILOT_PLUGIN_MANIFESTS } from "./plugin-dirs.js";

const COPILOT_OWN_MANIFESTS = COPILOT_PLUGIN_MANIFESTS.filter((m) => !m.startsWith(".claude-plugin"));
import type { RegistrationReading } from "../../core/hook-config/registration.js";
import { readRegistrationFiles } from "../shared/read-registration-files.js";

/** Every Copilot command hook registered under `root`. */
export function copilotRegistrations(root: string): RegistrationReading {
  const files = globSync(".github/hooks/*.json", { cwd: root, dot: true }).sort();
  const repository = readRegistrationFiles(
    root,
    files.map((path) => ({ dialect: copilotDialect, source: "repository hooks", path })),
  );
  // A repository that is itself a Copilot plugin (a manifest of Copilot's own at its root) has its
  // hooks run by Copilot when the plugin is loaded. A Claude Code plugin loads in Copilot too, but
  // only when given with --plugin-dir (explain takes it), so it is not read as Copilot's here.
  const plugin = COPILOT_OWN_MANIFESTS.some((m) => existsSync(join(root, m)))
    ? copilotPluginRegistrations(root, root)
    : { registrations: [], unreadable: [] };
  return {
    registrations: [...repository.registrations, ...plugin.registrations],
    unreadable: [...repository.unreadable, ...plugin.unreadable],
  };
}

/**
 * The hooks of one plugin loaded with `--plugin-dir`: `hooks/hooks.json` (Claude's PascalCase groups
 * are accepted there), run with the plugin root as CLAUDE_PLUGIN_ROOT (Copilot CLI 1.0.102, plugin-dirs.ts).
 */
export function copilotPluginRegistrations(pluginRoot: string, root: string): RegistrationReading {
  return readRegistrationFiles(root, [
    { dialect: copilotDialect, source: "plugin", path: join(pluginRoot, "hooks", "hooks.json"), pluginRoot },
  ]);
}
