/**
 * What `vigiles init` finds in a repository: command hooks registered in the project's settings and
 * in plugins' hooks.json, and skills (project skills and plugin skills). Plugins are found by their
 * `.claude-plugin/plugin.json`, a few levels deep, outside node_modules.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { globSync } from "tinyglobby";
import { parseHooksConfig } from "../../core/hook-config/parse.js";
import type { HookHandlerGroup } from "../../core/hook-config/types.js";
import { loadPlugin } from "../../adapters/claude-code/plugin/load-plugin.js";
import { parseFrontmatter } from "../../adapters/claude-code/plugin/frontmatter.js";

export interface FoundHook {
  /** The file it is registered in, relative to the repository. */
  readonly file: string;
  readonly event: string;
  /** The handler group exactly as registered (its matcher and command handlers). */
  readonly group: HookHandlerGroup;
  /** The plugin it belongs to (absolute), for `${CLAUDE_PLUGIN_ROOT}`. */
  readonly pluginRoot?: string;
}

export interface FoundSkill {
  /** How the Skill tool resolves it: `plugin:name` for plugin skills, `name` for project skills. */
  readonly id: string;
  readonly description: string;
  /** `pluginDir` or `skillsDir` for a trigger-rate eval, relative to the repository. */
  readonly source: { readonly pluginDir: string } | { readonly skillsDir: string };
}

export interface FoundHarness {
  readonly hooks: readonly FoundHook[];
  readonly skills: readonly FoundSkill[];
  /** Files that could not be read, with why: reported, never a silent skip. */
  readonly unreadable: readonly string[];
}

const IGNORE = ["**/node_modules/**", "**/dist/**", "**/.git/**", "**/.vigiles/**"];

function commandGroups(config: Readonly<Record<string, readonly HookHandlerGroup[]>>) {
  return Object.entries(config).flatMap(([event, groups]) =>
    groups
      .map((group) => ({
        event,
        group: { ...group, hooks: group.hooks.filter((h) => h.type === "command") },
      }))
      .filter((g) => g.group.hooks.length > 0),
  );
}

export function discoverHarness(root: string): FoundHarness {
  const hooks: FoundHook[] = [];
  const skills: FoundSkill[] = [];
  const unreadable: string[] = [];
  for (const file of [".claude/settings.json", ".claude/settings.local.json"]) {
    const path = join(root, file);
    if (!existsSync(path)) continue;
    try {
      const settings = JSON.parse(readFileSync(path, "utf8")) as { hooks?: unknown };
      if (settings.hooks === undefined) continue;
      for (const g of commandGroups(parseHooksConfig(settings.hooks))) hooks.push({ file, ...g });
    } catch (error) {
      unreadable.push(`${file}: ${(error as Error).message}`);
    }
  }
  for (const manifest of globSync("**/.claude-plugin/plugin.json", {
    cwd: root,
    ignore: IGNORE,
    deep: 4,
    dot: true,
  })) {
    const dir = join(root, dirname(dirname(manifest)));
    const rel = relative(root, dir) || ".";
    try {
      const plugin = loadPlugin(dir);
      const hooksFile = join(dir, "hooks", "hooks.json");
      if (existsSync(hooksFile)) {
        for (const g of commandGroups(parseHooksConfig(readFileSync(hooksFile, "utf8")))) {
          hooks.push({ file: join(rel, "hooks", "hooks.json"), ...g, pluginRoot: dir });
        }
      }
      for (const s of plugin.skills) {
        skills.push({ id: s.id, description: s.description, source: { pluginDir: rel } });
      }
    } catch (error) {
      unreadable.push(`${rel}: ${(error as Error).message}`);
    }
  }
  for (const skillFile of globSync(".claude/skills/*/SKILL.md", { cwd: root, dot: true })) {
    const name = dirname(skillFile).split("/").at(-1) ?? "";
    const { frontmatter } = parseFrontmatter(readFileSync(join(root, skillFile), "utf8"));
    const description = typeof frontmatter["description"] === "string" ? frontmatter["description"] : "";
    skills.push({ id: name, description, source: { skillsDir: ".claude/skills" } });
  }
  return { hooks, skills, unreadable };
}
