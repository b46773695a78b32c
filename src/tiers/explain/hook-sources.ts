/**
 * Every place hooks can be registered for a session in a repository, in the order Claude Code
 * reads them: user settings, project settings, local project settings, then each plugin's
 * hooks/hooks.json. Each source keeps its text so a handler can be pointed at by line and column.
 */
import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join, relative } from "node:path";
import { parse, type AnyNode } from "@humanwhocodes/momoa";
import { globSync } from "tinyglobby";
import { parseHooksConfig } from "../../core/hook-config/parse.js";
import type { HooksConfig } from "../../core/hook-config/types.js";

export interface HookSource {
  readonly kind: "user settings" | "project settings" | "local settings" | "plugin";
  /** Path as shown to the user (relative to the repository when inside it). */
  readonly file: string;
  readonly hooks: HooksConfig;
  /** The plugin root, for `${CLAUDE_PLUGIN_ROOT}`. */
  readonly pluginRoot?: string;
  /** Line and column (1-based) of `hooks.<Event>[group].hooks[handler]`, when it can be found. */
  locate(event: string, group: number, handler: number): { line: number; column: number } | undefined;
}

export interface SourceOptions {
  readonly home?: string;
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
  const text = readFileSync(path, "utf8");
  const json = JSON.parse(text) as { hooks?: unknown };
  if (json.hooks === undefined) return undefined;
  const hooks = parseHooksConfig(json.hooks);
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
    locate(event, group, handler) {
      let node = memberValue(ast, "hooks");
      for (const key of [event, group, "hooks", handler] as const) node = memberValue(node, key);
      return node ? { line: node.loc.start.line, column: node.loc.start.column } : undefined;
    },
  };
}

/** The hook sources of `root`, in load order. Unreadable JSON throws with the file named. */
export function hookSources(root: string, options: SourceOptions = {}): HookSource[] {
  const home = options.home ?? homedir();
  const out: (HookSource | undefined)[] = [
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
