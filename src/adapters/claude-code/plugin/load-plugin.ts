/**
 * `loadPlugin`: reads a plugin directory the way Claude Code 2.1.328 does with `--plugin-dir`, and
 * lists what it would reject or drop without a word (a manifest path without `./`, a skill with no
 * description, a hooks file that is not a hooks configuration …).
 */
import { join, resolve } from "node:path";
import { VigilesError } from "../../../core/errors.js";
import { readMarkdownComponents, readSkills } from "./components.js";
import { HOOKS_FILE, MANIFEST_FILE, readManifest } from "./manifest.js";
import { add, isDir, isFile, readJsonObject, type Problems } from "./problems.js";
import type { LoadedHooksFile, LoadedPlugin } from "./types.js";

/** The directory does not exist or is not a directory. */
export class PluginNotFoundError extends VigilesError {
  constructor(dir: string) {
    super(
      "VIGILES_PLUGIN_NOT_FOUND",
      `No plugin directory at ${JSON.stringify(dir)}: pass the plugin root (the folder holding .claude-plugin/plugin.json and skills/).`,
    );
  }
}

function readHooks(root: string, problems: Problems): LoadedHooksFile | undefined {
  const path = join(root, HOOKS_FILE);
  if (!isFile(path)) return undefined;
  const config = readJsonObject(path, HOOKS_FILE, problems, "hooks-json");
  if (!config) return { path, config: {}, dropped: true };
  const hooks = config["hooks"];
  if (hooks === null || typeof hooks !== "object" || Array.isArray(hooks)) {
    add(
      problems,
      "hooks-shape",
      "error",
      HOOKS_FILE,
      `${HOOKS_FILE} has no "hooks" object; the harness loads no hooks from it.`,
      `Wrap the events: {"hooks": {"PreToolUse": [ … ]}}.`,
    );
    return { path, config, dropped: true };
  }
  return { path, config, dropped: false };
}

function readMcp(root: string, problems: Problems): Record<string, unknown> | undefined {
  const path = join(root, ".mcp.json");
  if (!isFile(path)) return undefined;
  const data = readJsonObject(path, ".mcp.json", problems, "mcp-json");
  if (!data) return undefined;
  const servers = data["mcpServers"];
  return servers !== null && typeof servers === "object" && !Array.isArray(servers)
    ? (servers as Record<string, unknown>)
    : data;
}

/**
 * Reads a plugin as Claude Code would: `.claude-plugin/plugin.json` (only `name` is required; its
 * `skills`, `commands`, `agents` and `hooks` paths honoured), `skills/<name>/SKILL.md` with YAML
 * frontmatter, `commands/*.md`, `agents/*.md`, `hooks/hooks.json` and `.mcp.json`. Never throws on
 * a broken part: it lands in `problems`, and `loads` says whether the harness would load the plugin.
 *
 * @throws PluginNotFoundError when `dir` is not a directory.
 * @example
 * const plugin = loadPlugin("./my-plugin");
 * plugin.skills.map((s) => s.id); // ["my-plugin:greet", …]
 * for (const p of plugin.problems) console.error(`${p.severity} ${p.path}: ${p.message}`);
 */
export function loadPlugin(dir: string): LoadedPlugin {
  const root = resolve(dir);
  if (!isDir(root)) throw new PluginNotFoundError(dir);
  const problems: Problems = [];
  const info = readManifest(root, problems);
  // Any manifest error means the harness skips the whole plugin (2.1.328, seen with --plugin-dir).
  const loads = !problems.some((p) => p.path === MANIFEST_FILE && p.severity === "error");
  const skills = readSkills(root, info.name, info.skillPaths, problems);
  const commands = readMarkdownComponents(root, "command", info.commandPaths, problems);
  const agents = readMarkdownComponents(root, "agent", info.agentPaths, problems);
  const hooks = readHooks(root, problems);
  const mcpServers = readMcp(root, problems);
  return {
    dir: root,
    name: info.name,
    loads,
    ...(info.manifest ? { manifest: info.manifest } : {}),
    skills,
    commands,
    agents,
    ...(hooks ? { hooks } : {}),
    ...(mcpServers ? { mcpServers } : {}),
    problems,
  };
}
