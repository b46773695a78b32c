/**
 * What `vigiles init` finds in a repository: the command hooks every harness registers there (read
 * through the one list of registration readers: Claude Code settings and plugins, Codex
 * `.codex/hooks.json`, Copilot `.github/hooks/*.json`, Gemini `.gemini/settings.json` and
 * extensions), and skills (project skills and Claude Code plugin skills).
 */
import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { globSync } from "tinyglobby";
import type { RegisteredHook } from "../../core/hook-config/registration.js";
import type { HookHandlerGroup } from "../../core/hook-config/types.js";
import type { HarnessId } from "../../core/dialect.js";
import { claudePluginRoots } from "../../adapters/claude-code/registrations.js";
import { loadPlugin } from "../../adapters/claude-code/plugin/load-plugin.js";
import { parseFrontmatter } from "../../adapters/claude-code/plugin/frontmatter.js";
import { hookRegistrations } from "../registrations/readers.js";
import { HARNESSES } from "../../adapters/registry.js";

const IGNORE = ["**/node_modules/**", "**/dist/**", "**/.git/**", "**/.vigiles/**"];

export interface FoundHook {
  /** The harness that registers it: its starter runs it with `runHook(…, { harness })`. */
  readonly harness: HarnessId;
  /** The file it is registered in, relative to the repository. */
  readonly file: string;
  /** The event as written in that file (`PreToolUse`, Copilot's `preToolUse`, Gemini's `BeforeTool`). */
  readonly event: string;
  /**
   * The handler group in Claude Code's shape: its matcher and command handlers (Copilot's `bash` is
   * `command`, every `timeout` in seconds). Copilot's flat entries are a group of one.
   */
  readonly group: HookHandlerGroup;
  /** Each handler of the group as registered: command, timeout as written, JSON path and line. */
  readonly registrations: readonly RegisteredHook[];
  /** The plugin or extension it belongs to (absolute), for `${CLAUDE_PLUGIN_ROOT}` / `${extensionPath}`. */
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

/** One FoundHook per handler group (per flat Copilot entry), in file order. */
function groupsOf(registrations: readonly RegisteredHook[]): FoundHook[] {
  const groups = new Map<string, RegisteredHook[]>();
  for (const r of registrations) {
    const key = JSON.stringify([r.harness, r.file, ...r.matcherPath]);
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  return [...groups.values()].map((rs) => {
    const first = rs[0] as RegisteredHook;
    return {
      harness: first.harness,
      file: first.file,
      event: first.event,
      group: {
        ...(first.matcher !== undefined ? { matcher: first.matcher } : {}),
        hooks: rs.map((r) => r.handler),
      },
      registrations: rs,
      ...(first.pluginRoot !== undefined ? { pluginRoot: first.pluginRoot } : {}),
    };
  });
}

/**
 * The hooks of plugins a harness loads without registering them in the repository (Copilot CLI runs
 * a Claude Code plugin's hooks): read as that harness reads them, once per plugin root.
 */
function loadedPluginRegistrations(root: string, known: readonly RegisteredHook[]) {
  const registrations: RegisteredHook[] = [];
  const unreadable: string[] = [];
  for (const entry of HARNESSES) {
    if (entry.loadsPluginsBy === undefined || entry.readPluginRegistrations === undefined) continue;
    const seen = new Set(known.filter((r) => r.harness === entry.id).map((r) => r.file));
    for (const manifest of entry.loadsPluginsBy) {
      const found = globSync(`**/${manifest}`, { cwd: root, ignore: IGNORE, deep: 6, dot: true }).sort();
      for (const path of found) {
        const pluginRoot = resolve(root, path.slice(0, path.length - manifest.length));
        const r = entry.readPluginRegistrations(pluginRoot, root);
        registrations.push(...r.registrations.filter((h) => !seen.has(h.file)));
        unreadable.push(...r.unreadable);
      }
    }
  }
  return { registrations, unreadable };
}

export function discoverHarness(root: string): FoundHarness {
  const own = hookRegistrations(root);
  const loaded = loadedPluginRegistrations(root, own.registrations);
  const found = {
    registrations: [...own.registrations, ...loaded.registrations],
    unreadable: [...own.unreadable, ...loaded.unreadable],
  };
  const hooks = groupsOf(found.registrations);
  const skills: FoundSkill[] = [];
  const unreadable: string[] = [...found.unreadable];
  for (const dir of claudePluginRoots(root)) {
    const rel = relative(root, dir) || ".";
    try {
      for (const s of loadPlugin(dir).skills) {
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
