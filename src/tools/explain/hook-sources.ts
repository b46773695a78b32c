/**
 * Every place hooks can be registered for a session in a repository: managed settings first (they
 * take precedence, and Claude Code 2.1.328 runs their hooks first), then user settings, project
 * settings, local project settings, then each plugin's hooks/hooks.json. Each source keeps its text
 * so a handler can be pointed at by line and column, and the keys that switch hooks off
 * (`disableAllHooks`, `allowManagedHooksOnly`).
 *
 * Managed settings on Linux are `/etc/claude-code/managed-settings.json` plus
 * `/etc/claude-code/managed-settings.d/*.json` (macOS `/Library/Application Support/ClaudeCode`,
 * Windows `C:\Program Files\ClaudeCode`). The pinned CLI has no override for that folder
 * (`CLAUDE_CODE_MANAGED_SETTINGS_PATH` is not honoured in its public build), so explain takes one:
 * `managedDir`, or `VIGILES_MANAGED_SETTINGS_DIR`.
 */
import { existsSync, readdirSync } from "node:fs";
import { InputFileError, parseInputJson, readInputText } from "../../runtime/read-input.js";
import { VigilesError } from "../../core/errors.js";
import { homedir } from "node:os";
import { dirname, join, relative } from "node:path";
import { parse, type AnyNode } from "@humanwhocodes/momoa";
import { globSync } from "tinyglobby";
import { parseHooksConfig } from "../../core/hook-config/parse.js";
import { managedSettingsDir } from "../../adapters/claude-code/managed-settings.js";
import type { HooksConfig } from "../../core/hook-config/types.js";

export interface HookSource {
  readonly kind: "managed settings" | "user settings" | "project settings" | "local settings" | "plugin";
  /** Path as shown to the user (relative to the repository when inside it). */
  readonly file: string;
  readonly hooks: HooksConfig;
  /** The plugin root, for `${CLAUDE_PLUGIN_ROOT}`. */
  readonly pluginRoot?: string;
  /** The file's `disableAllHooks`, when it sets one (a later file's `false` undoes an earlier `true`). */
  readonly disableAllHooks?: boolean;
  /** The file sets `allowManagedHooksOnly: true` (honoured only in managed settings). */
  readonly allowManagedHooksOnly?: boolean;
  /** Line and column (1-based) of `hooks.<Event>[group].hooks[handler]`, when it can be found. */
  locate(event: string, group: number, handler: number): { line: number; column: number } | undefined;
}

export interface SourceOptions {
  readonly home?: string;
  /** The managed-settings folder (default: `VIGILES_MANAGED_SETTINGS_DIR`, else the platform's, e.g. /etc/claude-code). */
  readonly managedDir?: string;
  /** Plugins to include besides those found in the repository. */
  readonly pluginDirs?: readonly string[];
}

function memberValue(node: AnyNode | undefined, key: string | number): AnyNode | undefined {
  if (!node) return undefined;
  if (typeof key === "number") return node.type === "Array" ? node.elements[key]?.value : undefined;
  if (node.type !== "Object") return undefined;
  return node.members.find((m) => m.name.type === "String" && m.name.value === key)?.value;
}

function sourceFrom(
  kind: HookSource["kind"],
  path: string,
  root: string,
  pluginRoot?: string,
): HookSource | undefined {
  if (!existsSync(path)) return undefined;
  const text = readInputText(path, `the ${kind}`);
  const json = parseInputJson(text, path, `the ${kind}`) as {
    hooks?: unknown;
    disableAllHooks?: unknown;
    allowManagedHooksOnly?: unknown;
  };
  const disableAllHooks = typeof json.disableAllHooks === "boolean" ? json.disableAllHooks : undefined;
  const allowManagedHooksOnly = json.allowManagedHooksOnly === true;
  if (json.hooks === undefined && disableAllHooks === undefined && !allowManagedHooksOnly) return undefined;
  let hooks: ReturnType<typeof parseHooksConfig>;
  try {
    hooks = parseHooksConfig(json.hooks ?? {});
  } catch (error) {
    if (!(error instanceof VigilesError)) throw error;
    throw new InputFileError(path, `the ${kind} "${path}": ${error.message}`, { cause: error });
  }
  let ast: AnyNode | undefined;
  try {
    ast = parse(text).body;
  } catch {
    ast = undefined;
  }
  const file = path.startsWith(root) ? relative(root, path) : path;
  return {
    kind,
    file,
    hooks,
    ...(pluginRoot !== undefined ? { pluginRoot } : {}),
    ...(disableAllHooks !== undefined ? { disableAllHooks } : {}),
    ...(allowManagedHooksOnly ? { allowManagedHooksOnly } : {}),
    locate(event, group, handler) {
      let node = memberValue(ast, "hooks");
      for (const key of [event, group, "hooks", handler] as const) node = memberValue(node, key);
      return node ? { line: node.loc.start.line, column: node.loc.start.column } : undefined;
    },
  };
}

/** `managed-settings.json`, then the drop-ins of `managed-settings.d` in name order. */
function managedSources(dir: string, root: string): (HookSource | undefined)[] {
  const dropIns = join(dir, "managed-settings.d");
  const names = existsSync(dropIns)
    ? readdirSync(dropIns)
        .filter((n) => n.endsWith(".json") && !n.startsWith("."))
        .sort()
    : [];
  return [
    sourceFrom("managed settings", join(dir, "managed-settings.json"), root),
    ...names.map((n) => sourceFrom("managed settings", join(dropIns, n), root)),
  ];
}

/** The hook sources of `root`, in load order. Unreadable JSON throws with the file named. */
export function hookSources(root: string, options: SourceOptions = {}): HookSource[] {
  const home = options.home ?? homedir();
  const managedDir = options.managedDir ?? managedSettingsDir();
  const out: (HookSource | undefined)[] = [
    ...managedSources(managedDir, root),
    sourceFrom("user settings", join(home, ".claude", "settings.json"), root),
    sourceFrom("project settings", join(root, ".claude", "settings.json"), root),
    sourceFrom("local settings", join(root, ".claude", "settings.local.json"), root),
  ];
  const found = globSync("**/.claude-plugin/plugin.json", {
    cwd: root,
    dot: true,
    deep: 4,
    ignore: ["**/node_modules/**", "**/.git/**", "**/.vigiles/**", "**/dist/**"],
  }).map((m) => join(root, dirname(dirname(m))));
  for (const plugin of [...new Set([...found, ...(options.pluginDirs ?? [])])]) {
    out.push(sourceFrom("plugin", join(plugin, "hooks", "hooks.json"), root, plugin));
  }
  return out.filter((s): s is HookSource => s !== undefined);
}
