/**
 * Finds the parts of a harness under a directory: settings files, plugins and their components,
 * project skills, agents and commands, workflow scripts.
 */
import { existsSync, lstatSync, readFileSync, type Stats } from "node:fs";
import { basename, dirname, join, relative, sep } from "node:path";
import { globSync } from "tinyglobby";
import type { HarnessId } from "../../core/dialect.js";
import type { AuditHookFile } from "../../adapters/harness-entry.js";
import { parseJson, getMember } from "../../core/audit/json-ast.js";
import { DEFAULT_HARNESS, HARNESSES } from "../../adapters/registry.js";

/** Paths never searched: dependencies, build output, VCS data and test fixtures. */
export const DEFAULT_AUDIT_IGNORE = ["**/node_modules/**", "**/.git/**", "**/dist/**", "**/__fixtures__/**"];

/** A hook file as its harness's HarnessEntry.hookFileAudit found it, and the harness. */
export interface DiscoveredHookFile extends AuditHookFile {
  readonly harness: HarnessId;
}
export interface DiscoveredPlugin {
  readonly root: string;
  readonly manifest: string;
  /** The manifest's `name`, when readable. */
  readonly name?: string;
}
export interface DiscoveredMarkdown {
  readonly path: string;
  /** The plugin it ships in, if any. */
  readonly plugin?: DiscoveredPlugin;
}

/** What lives under the audited directory. Paths are absolute. */
export interface Discovery {
  readonly root: string;
  /** Every registered harness's hook files (its HarnessEntry.hookFileAudit), then the plugins'. */
  readonly hookFiles: DiscoveredHookFile[];
  readonly plugins: DiscoveredPlugin[];
  readonly skills: DiscoveredMarkdown[];
  readonly agents: DiscoveredMarkdown[];
  readonly commands: DiscoveredMarkdown[];
  readonly workflows: DiscoveredMarkdown[];
  /**
   * JSON files named like a hooks file (`hooks.json`) directly in a harness's own folder (a marker
   * directory), that no harness above loads; the audit reports those that hold hooks.
   */
  readonly strayHookFiles: {
    readonly path: string;
    readonly harness: HarnessId;
    /** Set when the harness names it (its hookFileAudit's strays): how it is stray, and where the hooks go. */
    readonly kind?: "file" | "key";
    readonly loads?: string;
  }[];
}

function glob(root: string, patterns: string[], ignore: readonly string[]): string[] {
  return globSync(patterns, {
    cwd: root,
    absolute: true,
    dot: true,
    ignore: [...ignore],
    followSymbolicLinks: false,
  })
    .map((p) => p.split("/").join(sep))
    .sort();
}

function pluginName(manifest: string): string | undefined {
  try {
    const parsed = parseJson(readFileSync(manifest, "utf8"));
    if (!parsed.ok) return undefined;
    const name = getMember(parsed.document.body, "name")?.value;
    return name?.type === "String" ? name.value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether the manifest holds its hooks inline (`"hooks": { "PreToolUse": [...] }`), which Claude Code
 * loads as it loads hooks/hooks.json: the manifest is then a hook file of its own.
 */
function inlineHooks(plugin: DiscoveredPlugin): boolean {
  try {
    const parsed = parseJson(readFileSync(plugin.manifest, "utf8"));
    return parsed.ok && getMember(parsed.document.body, "hooks")?.value.type === "Object";
  } catch {
    return false;
  }
}

/** Extra hook files a manifest lists beside the auto-loaded hooks/hooks.json. */
function extraHookFiles(plugin: DiscoveredPlugin): string[] {
  try {
    const parsed = parseJson(readFileSync(plugin.manifest, "utf8"));
    if (!parsed.ok) return [];
    const hooks = getMember(parsed.document.body, "hooks")?.value;
    const list =
      hooks?.type === "String"
        ? [hooks.value]
        : hooks?.type === "Array"
          ? hooks.elements.map((e) => (e.value.type === "String" ? e.value.value : ""))
          : [];
    return list
      .map((p) => p.replace(/^\$\{CLAUDE_PLUGIN_ROOT\}\//, ""))
      .filter((p) => p !== "" && p.replace(/^\.\//, "") !== "hooks/hooks.json" && !p.startsWith("/"))
      .map((p) => join(plugin.root, p))
      .filter((p) => existsSync(p));
  } catch {
    return [];
  }
}

/** Finds every harness part under `root`. */
export function discoverHarness(root: string, ignore: readonly string[] = DEFAULT_AUDIT_IGNORE): Discovery {
  const plugins: DiscoveredPlugin[] = glob(root, ["**/.claude-plugin/plugin.json"], ignore).map(
    (manifest) => {
      const pluginRoot = dirname(dirname(manifest));
      const name = pluginName(manifest);
      return { root: pluginRoot, manifest, ...(name !== undefined && { name }) };
    },
  );
  const pluginOf = (path: string): DiscoveredPlugin | undefined => {
    let best: DiscoveredPlugin | undefined;
    for (const p of plugins) {
      const rel = relative(p.root, path);
      if (!rel.startsWith("..") && (best === undefined || p.root.length > best.root.length)) best = p;
    }
    return best;
  };
  const hookFiles: DiscoveredHookFile[] = HARNESSES.flatMap((h) =>
    h.hookFileAudit
      .find(root, (patterns) => glob(root, [...patterns], ignore))
      .map((f) => ({ ...f, harness: h.id })),
  );
  for (const plugin of plugins) {
    const main = join(plugin.root, "hooks", "hooks.json");
    // lstat, not existsSync: a hooks.json that is a broken link or a symlink loop is still there for
    // the harness to trip on, and reading it names the problem instead of auditing nothing.
    const present = existsSync(main) || lstatOrUndefined(main) !== undefined;
    const files = present ? [main, ...extraHookFiles(plugin)] : extraHookFiles(plugin);
    for (const path of files)
      hookFiles.push({
        path,
        harness: DEFAULT_HARNESS.id,
        role: "hooks-file",
        source: "plugin",
        pluginRoot: plugin.root,
      });
    if (inlineHooks(plugin))
      hookFiles.push({
        path: plugin.manifest,
        harness: DEFAULT_HARNESS.id,
        role: "settings",
        source: "plugin",
        pluginRoot: plugin.root,
      });
  }
  const loaded = new Set(hookFiles.map((h) => h.path));
  const strayHookFiles = HARNESSES.flatMap((h) =>
    h.markers
      .filter((m) => m.startsWith(".") && !/[^/]\.[a-z]+$/.test(m))
      .flatMap((m) => glob(root, [`**/${m}/*[hH]ook*.json`], ignore))
      .filter((path) => !loaded.has(path))
      .map((path) => ({ path, harness: h.id })),
  );
  for (const h of HARNESSES)
    for (const stray of h.hookFileAudit.strays?.(root, (patterns) => glob(root, [...patterns], ignore)) ?? [])
      if (!loaded.has(stray.path)) strayHookFiles.push({ ...stray, harness: h.id });
  const md = (patterns: string[]): DiscoveredMarkdown[] =>
    glob(root, patterns, ignore).map((path) => {
      const plugin = pluginOf(path);
      return { path, ...(plugin !== undefined && { plugin }) };
    });
  const inPluginDir = (sub: string) => (d: DiscoveredMarkdown) =>
    d.plugin !== undefined && relative(d.plugin.root, d.path).split(sep)[0] === sub;
  const skills = [
    ...md(["**/.claude/skills/*/SKILL.md", "**/.agents/skills/*/SKILL.md"]),
    ...md(["**/skills/*/SKILL.md"]).filter(inPluginDir("skills")),
  ];
  const agents = [
    ...md(["**/.claude/agents/*.md"]).map((d) => ({ path: d.path })),
    ...md(["**/agents/*.md"]).filter(inPluginDir("agents")),
  ];
  const commands = [
    ...md(["**/.claude/commands/*.md"]).map((d) => ({ path: d.path })),
    ...md(["**/commands/*.md"]).filter(inPluginDir("commands")),
  ];
  const workflows = md(["**/workflows/*.js"]).filter(inPluginDir("workflows"));
  const unique = (list: DiscoveredMarkdown[]) => [...new Map(list.map((d) => [d.path, d])).values()];
  return {
    root,
    hookFiles,
    strayHookFiles,
    plugins,
    skills: unique(skills),
    agents: unique(agents),
    commands: unique(commands),
    workflows,
  };
}

/** The folder of a SKILL.md, which is the skill's name. */
export function skillFolder(path: string): string {
  return basename(dirname(path));
}

function lstatOrUndefined(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}
