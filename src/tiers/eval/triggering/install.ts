/**
 * The plugins a triggering run installs: the one under test (a plugin, or a loose skills folder
 * packaged as one), plus an optional install set, each copied with stubbed bodies when asked.
 * Everything temporary is removed by `cleanup()`.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { InvalidOptionError } from "../../../core/errors.js";
import { loadPlugin } from "../../../adapters/claude-code/plugin/load-plugin.js";
import {
  packageSkillsDir,
  stubSkillBodies,
  type PreparedPlugin,
} from "../../../adapters/claude-code/plugin/prepare.js";
import type { LoadedPlugin } from "../../../adapters/claude-code/plugin/types.js";

/** A plugin or loose skills folder to co-install: its directory, or anything with a `dir` (a `LoadedPlugin`). */
export type InstallSource = string | { readonly dir: string };

/** What to install. */
export interface InstallRequest {
  readonly pluginDir?: string;
  readonly skillsDir?: string;
  /** Name of the plugin a `skillsDir` is packaged as (default `local-skills`). */
  readonly pluginName?: string;
  /** More plugins or loose skills folders installed beside it. */
  readonly installSet?: readonly InstallSource[];
  readonly stubSkillBodies: boolean;
}

/** The installed plugins, ready to hand to a driver. */
export interface Installation {
  /** The plugin under test, as loaded (from the original directory, so bodies are the real ones). */
  readonly plugin: LoadedPlugin;
  /** Every installed plugin, the one under test first. */
  readonly plugins: readonly LoadedPlugin[];
  /** The directories passed to the harness (`--plugin-dir`), stubbed copies when asked. */
  readonly pluginDirs: readonly string[];
  /** Every installed skill id. */
  readonly skillIds: readonly string[];
  /** Other ids a skill resolves under (`plugin:<frontmatter name>` when it differs from the folder) -> its id. */
  readonly aliases: ReadonlyMap<string, string>;
  cleanup(): void;
}

const isDir = (p: string): boolean => existsSync(p) && statSync(p).isDirectory();

/** A plugin root has a manifest or a skills/ folder; a loose skills folder has <name>/SKILL.md. */
function isLooseSkillsDir(dir: string): boolean {
  if (isDir(join(dir, ".claude-plugin")) || isDir(join(dir, "skills"))) return false;
  return readdirSync(dir).some((d) => existsSync(join(dir, d, "SKILL.md")));
}

/** Installs what `request` asks for; throws InvalidOptionError on a bad combination or path. */
export function install(request: InstallRequest): Installation {
  if ((request.pluginDir === undefined) === (request.skillsDir === undefined)) {
    throw new InvalidOptionError(
      "Pass exactly one of skillsDir (a loose .claude/skills folder, packaged for you) and pluginDir (a plugin root); " +
        `got ${request.pluginDir === undefined ? "neither" : "both"}.`,
    );
  }
  const temps: PreparedPlugin[] = [];
  const cleanup = (): void => {
    for (const t of temps.splice(0)) t.cleanup();
  };
  try {
    const sources: string[] = [];
    if (request.skillsDir !== undefined) {
      const pkg = packageSkillsDir(request.skillsDir, request.pluginName);
      temps.push(pkg);
      sources.push(pkg.dir);
    } else {
      sources.push(resolve(request.pluginDir as string));
    }
    for (const [k, source] of (request.installSet ?? []).entries()) {
      const entry = typeof source === "string" ? source : source.dir;
      const dir = resolve(entry);
      if (!isDir(dir)) {
        throw new InvalidOptionError(`installSet[${k}] ${JSON.stringify(entry)} is not a directory.`);
      }
      if (isLooseSkillsDir(dir)) {
        const name =
          basename(dir)
            .toLowerCase()
            .replace(/[^a-z0-9]+/g, "-")
            .replace(/^-+|-+$/g, "") || "skills";
        const pkg = packageSkillsDir(dir, `installed-${k}-${name}`.replace(/-+/g, "-"));
        temps.push(pkg);
        sources.push(pkg.dir);
      } else {
        sources.push(dir);
      }
    }
    const plugins = sources.map((dir) => loadPlugin(dir));
    for (const p of plugins) {
      if (p.loads) continue;
      const why = p.problems.filter((x) => x.severity === "error").map((x) => `${x.path}: ${x.message}`);
      throw new InvalidOptionError(
        `Claude Code would not load the plugin at ${JSON.stringify(p.dir)}, so nothing about its skills can be measured: ${why.join(" ")}`,
      );
    }
    const pluginDirs = sources.map((dir) => {
      if (!request.stubSkillBodies) return dir;
      const stubbed = stubSkillBodies(dir);
      temps.push(stubbed);
      return stubbed.dir;
    });
    const skillIds = plugins.flatMap((p) => p.skills.map((s) => s.id));
    const aliases = new Map<string, string>();
    for (const p of plugins) {
      for (const s of p.skills) if (s.name !== s.folder) aliases.set(`${p.name}:${s.name}`, s.id);
    }
    return { plugin: plugins[0] as LoadedPlugin, plugins, pluginDirs, skillIds, aliases, cleanup };
  } catch (error) {
    cleanup();
    throw error;
  }
}
