/**
 * Writes one OpenCode run's configuration: fixture files in the work dir, AGENTS.md, skills under
 * `.opencode/skill`, agents under `.opencode/agent`, the spec's `settings.hooks` as a plugin
 * (settings-hooks.ts), then every project plugin wrapped in the recorder (plugin-wrap.ts). The
 * private HOME and XDG dirs are made empty, so no user config, plugin or credential is read. The
 * project's own config stays as it is, but one that routes requests elsewhere, names a model, or
 * loads plugins or MCP servers vigiles cannot record is refused.
 */
import { existsSync, readFileSync } from "node:fs";
import { chmod, mkdir } from "node:fs/promises";
import { join } from "node:path";
import { isRecord } from "../../core/is-record.js";
import type { RunDirs, SessionSpec } from "../port.js";
import { replaceCwd } from "../shared/settings-text.js";
import { joinInside, writeFileMakingDirs } from "../shared/work-dir.js";
import { OpenCodeUnsafeConfigError, OpenCodeUnsupportedError } from "./errors.js";
import { openCodeXdgDirs } from "./launch.js";
import { wrapProjectPlugins } from "./plugin-wrap.js";
import {
  SETTINGS_HOOKS_PLUGIN,
  readClaudeCommandHooks,
  settingsHooksPluginSource,
} from "./settings-hooks.js";

/** The project config files OpenCode 1.18.33 reads, relative to the project. */
export const OPENCODE_CONFIG_FILES = [
  "opencode.json",
  "opencode.jsonc",
  ".opencode/opencode.json",
  ".opencode/opencode.jsonc",
] as const;

/** Config keys a fixture may not set, and why. */
const UNSAFE_KEYS: Readonly<Record<string, string>> = {
  provider: "declares a model provider that could send requests to a real endpoint",
  model: "names a model of another provider",
  small_model: "names a model of another provider",
  enabled_providers: "changes which providers are asked",
  plugin: "loads plugins by package or path, which vigiles neither installs nor records",
  mcp: "starts MCP servers, which may reach the network",
  enterprise: "points OpenCode at an enterprise server",
};

/** JSONC as JSON: comments and trailing commas removed (strings kept). */
export function parseJsonc(text: string): unknown {
  const stripped = text
    .replace(/("(?:[^"\\]|\\.)*")|\/\/[^\n]*|\/\*[\s\S]*?\*\//g, (m, str: string | undefined) => str ?? "")
    .replace(/,(\s*[}\]])/g, "$1");
  return JSON.parse(stripped);
}

/** Refuses a project config that routes model traffic or loads what vigiles cannot record. */
export function assertProjectConfigStaysLocal(workDir: string): void {
  for (const rel of OPENCODE_CONFIG_FILES) {
    const path = join(workDir, rel);
    if (!existsSync(path)) continue;
    let parsed: unknown;
    try {
      parsed = parseJsonc(readFileSync(path, "utf8"));
    } catch (error) {
      throw new OpenCodeUnsafeConfigError(
        rel,
        "(the whole file)",
        `cannot be read as JSON (${String(error)}), so vigiles cannot check it`,
      );
    }
    if (!isRecord(parsed)) continue;
    for (const [key, why] of Object.entries(UNSAFE_KEYS))
      if (parsed[key] !== undefined) throw new OpenCodeUnsafeConfigError(rel, key, why);
  }
}

async function writeSettingsHooks(spec: SessionSpec, dirs: RunDirs): Promise<void> {
  if (spec.settings === undefined) return;
  const settings = replaceCwd(spec.settings, dirs.workDir) as Record<string, unknown>;
  const other = Object.keys(settings).filter((k) => k !== "hooks");
  if (other.length > 0)
    throw new OpenCodeUnsupportedError(
      `take settings ${other.join(", ")}`,
      "only settings.hooks carry over (as a plugin); put OpenCode's own config in a fixture opencode.json",
    );
  if (settings["hooks"] === undefined) return;
  const hooks = readClaudeCommandHooks(settings["hooks"]);
  await writeFileMakingDirs(join(dirs.workDir, SETTINGS_HOOKS_PLUGIN), settingsHooksPluginSource(hooks));
}

/**
 * Without `rg` on PATH, 1.18.33 downloads ripgrep from github.com into `$XDG_CACHE_HOME/opencode/bin`
 * the first time a tool needs it (grep, glob). Where the machine has none, a stub stands there that
 * fails with a message, so a tool needing it fails visibly instead of reaching the network.
 */
async function stubRipgrepWhenAbsent(dirs: RunDirs): Promise<void> {
  const onPath = (process.env["PATH"] ?? "").split(":").some((d) => d !== "" && existsSync(join(d, "rg")));
  if (onPath) return;
  const stub = join(openCodeXdgDirs(dirs)["XDG_CACHE_HOME"] ?? "", "opencode", "bin", "rg");
  await writeFileMakingDirs(
    stub,
    "#!/bin/sh\necho 'vigiles: ripgrep (rg) is not installed on this machine; install it for grep and glob' >&2\nexit 2\n",
  );
  await chmod(stub, 0o755);
}

export async function prepareOpenCodeRun(spec: SessionSpec, dirs: RunDirs): Promise<void> {
  if ((spec.pluginDirs?.length ?? 0) > 0)
    throw new OpenCodeUnsupportedError(
      "load plugin directories",
      "OpenCode loads plugins from the project's .opencode/plugin; give them as fixture files there",
    );
  for (const dir of Object.values(openCodeXdgDirs(dirs))) await mkdir(dir, { recursive: true });
  for (const [rel, text] of Object.entries(spec.files ?? {}))
    await writeFileMakingDirs(joinInside(dirs.workDir, rel), text);
  assertProjectConfigStaysLocal(dirs.workDir);
  if (spec.instructions !== undefined)
    await writeFileMakingDirs(join(dirs.workDir, "AGENTS.md"), spec.instructions);
  for (const [name, text] of Object.entries(spec.skills ?? {}))
    await writeFileMakingDirs(
      joinInside(join(dirs.workDir, ".opencode", "skill"), join(name, "SKILL.md"), "skill"),
      text,
    );
  for (const [name, text] of Object.entries(spec.agents ?? {}))
    await writeFileMakingDirs(
      joinInside(join(dirs.workDir, ".opencode", "agent"), `${name}.md`, "agent"),
      text,
    );
  await writeSettingsHooks(spec, dirs);
  await wrapProjectPlugins(dirs);
  await stubRipgrepWhenAbsent(dirs);
}
