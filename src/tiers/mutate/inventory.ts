/**
 * What `vigiles mutate` can break in a repository: command hooks registered in the project's
 * settings and in plugins' hooks.json (with their place in the file, so a mutant edits exactly that
 * handler), hook program files, and skills and agents (project ones and plugins').
 */
import { existsSync, readFileSync, realpathSync } from "node:fs";
import { basename, dirname, join, relative, resolve } from "node:path";
import { globSync } from "tinyglobby";
import { commandFiles } from "../../runtime/command-files.js";
import { loadPlugin } from "../../adapters/claude-code/plugin/load-plugin.js";
import { parseFrontmatter } from "../../adapters/claude-code/plugin/frontmatter.js";
import type { HookItem, MarkdownItem, MutatedItem, ProgramItem } from "../../core/mutate/types.js";

const IGNORE = ["**/node_modules/**", "**/dist/**", "**/.git/**", "**/.vigiles/**"];

export interface Inventory {
  readonly items: readonly MutatedItem[];
  /** Files that could not be read, with why. */
  readonly unreadable: readonly string[];
}

const rel = (root: string, path: string) => relative(root, path).split("\\").join("/");

/**
 * Files a hook command names that exist inside the root (after expanding the plugin/project root),
 * relative to it, the script first. Relative words resolve against the project (the harness runs
 * hooks there), else the plugin's root. Installed packages (`node_modules`) are never a source.
 */
function commandSources(root: string, command: string, pluginRoot: string | undefined): string[] {
  const real = realpathSync(root);
  const vars = {
    CLAUDE_PROJECT_DIR: root,
    ...(pluginRoot !== undefined ? { CLAUDE_PLUGIN_ROOT: pluginRoot } : {}),
  };
  let files = commandFiles(command, { cwd: root, vars });
  if (files.length === 0 && pluginRoot !== undefined)
    files = commandFiles(command, { cwd: pluginRoot, vars });
  return files
    .map((f) => rel(real, f))
    .filter((f) => !f.startsWith("../") && !f.split("/").includes("node_modules"));
}

function hooksIn(
  root: string,
  file: string,
  pluginRoot: string | undefined,
  unreadable: string[],
): HookItem[] {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(join(root, file), "utf8"));
  } catch (error) {
    unreadable.push(`${file}: ${(error as Error).message}`);
    return [];
  }
  const hooks = (json as { hooks?: unknown } | null)?.hooks;
  if (typeof hooks !== "object" || hooks === null) return [];
  const out: HookItem[] = [];
  for (const [event, groups] of Object.entries(hooks as Record<string, unknown>)) {
    if (!Array.isArray(groups)) continue;
    groups.forEach((group: unknown, groupIndex) => {
      const g = group as { matcher?: unknown; hooks?: unknown };
      if (!Array.isArray(g.hooks)) return;
      g.hooks.forEach((handler: unknown, handlerIndex) => {
        const h = handler as { type?: unknown; command?: unknown; timeout?: unknown };
        if (h.type !== "command" || typeof h.command !== "string") return;
        const sources = commandSources(root, h.command, pluginRoot);
        let sourceText: string | undefined;
        try {
          sourceText = sources.length
            ? sources.map((s) => readFileSync(join(root, s), "utf8")).join("\n")
            : undefined;
        } catch {
          sourceText = undefined;
        }
        const matcher = typeof g.matcher === "string" ? g.matcher : undefined;
        const twin = out.find((o) => o.event === event && o.matcher === matcher && o.command === h.command);
        out.push({
          ...(twin !== undefined ? { duplicateOf: twin.id } : {}),
          kind: "hook",
          id: `${file}:${event}[${groupIndex}].hooks[${handlerIndex}]`,
          file,
          event,
          groupIndex,
          handlerIndex,
          matcher: typeof g.matcher === "string" ? g.matcher : undefined,
          command: h.command,
          timeout: typeof h.timeout === "number" ? h.timeout : undefined,
          sources,
          sourceText,
        });
      });
    });
  }
  return out;
}

function markdown(root: string, kind: "skill" | "agent", path: string, fallbackName: string): MarkdownItem {
  const { frontmatter } = parseFrontmatter(readFileSync(path, "utf8"));
  const name = typeof frontmatter["name"] === "string" ? frontmatter["name"] : fallbackName;
  const description = typeof frontmatter["description"] === "string" ? frontmatter["description"] : "";
  const file = rel(root, path);
  return { kind, id: `${kind} ${file}`, file, name, description };
}

const ANSWERS = ["deny", "ask", "inject", "notice"] as const;

/** Everything mutable under `root`, in a stable order: hooks, programs, skills, agents. */
export function inventory(rootDir: string): Inventory {
  const root = resolve(rootDir);
  const unreadable: string[] = [];
  const hooks: HookItem[] = [];
  const skills: MarkdownItem[] = [];
  const agents: MarkdownItem[] = [];
  for (const file of [".claude/settings.json", ".claude/settings.local.json"]) {
    if (existsSync(join(root, file))) hooks.push(...hooksIn(root, file, undefined, unreadable));
  }
  const manifests = globSync("**/.claude-plugin/plugin.json", {
    cwd: root,
    ignore: IGNORE,
    deep: 5,
    dot: true,
  });
  for (const manifest of manifests.sort()) {
    const dir = join(root, dirname(dirname(manifest)));
    const hooksFile = join(dir, "hooks", "hooks.json");
    if (existsSync(hooksFile)) hooks.push(...hooksIn(root, rel(root, hooksFile), dir, unreadable));
    try {
      const plugin = loadPlugin(dir);
      for (const s of plugin.skills) skills.push(markdown(root, "skill", resolve(dir, s.path), s.name));
      for (const a of plugin.agents) agents.push(markdown(root, "agent", resolve(dir, a.path), a.name));
    } catch (error) {
      unreadable.push(`${rel(root, dir)}: ${(error as Error).message}`);
    }
  }
  for (const f of globSync(".claude/skills/*/SKILL.md", { cwd: root, dot: true }).sort())
    skills.push(markdown(root, "skill", join(root, f), basename(dirname(f))));
  for (const f of globSync(".claude/agents/*.md", { cwd: root, dot: true }).sort())
    agents.push(markdown(root, "agent", join(root, f), basename(f, ".md")));
  const programs: ProgramItem[] = globSync("**/*.hook.{mjs,js,ts,mts}", {
    cwd: root,
    ignore: IGNORE,
    dot: true,
  })
    .sort()
    .map((file) => {
      const text = readFileSync(join(root, file), "utf8");
      const answers = ANSWERS.filter((a) => new RegExp(`\\b${a}\\s*\\(`).test(text));
      return { kind: "program" as const, id: `program ${file}`, file, answers };
    });
  return { items: [...ownScriptsFirst(hooks), ...programs, ...skills, ...agents], unreadable };
}

/**
 * Puts each hook's own script first among its sources: a file no other handler names (the
 * `hooks/x.py` of `run-with-fallback.sh open hooks/x.py`), else the first; and notes the other
 * handlers that run the same script (one script registered for several events).
 */
function ownScriptsFirst(hooks: readonly HookItem[]): HookItem[] {
  const users = new Map<string, string[]>();
  for (const h of hooks) for (const s of h.sources) users.set(s, [...(users.get(s) ?? []), h.id]);
  const withScript = hooks.map((h) => {
    const own = h.sources.find((s) => users.get(s)?.length === 1) ?? h.sources[0];
    return own === undefined ? h : { ...h, sources: [own, ...h.sources.filter((s) => s !== own)] };
  });
  return withScript.map((h) => {
    const script = h.sources[0];
    const others = withScript
      .filter((o) => o.id !== h.id && script !== undefined && o.sources[0] === script)
      .map((o) => o.id);
    return others.length > 0 ? { ...h, scriptSharedWith: others } : h;
  });
}

/** The files whose change touches an item (for `--since`): its config and sources, its own file or folder. */
export function itemFiles(item: MutatedItem): string[] {
  switch (item.kind) {
    case "hook":
      return [item.file, ...item.sources];
    case "program":
      return [item.file];
    case "skill":
      return [`${dirname(item.file)}/`];
    case "agent":
      return [item.file];
    default: {
      const never: never = item;
      return never;
    }
  }
}
