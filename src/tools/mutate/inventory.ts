/**
 * What `vigiles mutate` can break in a repository: command hooks every harness registers there
 * (Claude Code settings and plugins, Codex `.codex/hooks.json`, Copilot `.github/hooks/*.json`,
 * Gemini settings and extensions, read through the one list of registration readers, each with its
 * JSON path in its file, so a mutant edits exactly that handler), hook program files, and skills and
 * agents (project ones and Claude Code plugins').
 */
import { readFileSync, realpathSync, statSync } from "node:fs";
import { basename, dirname, join, relative, resolve } from "node:path";
import { globSync } from "tinyglobby";
import { commandFiles } from "../../runtime/command-files.js";
import { commandPathWords } from "../../core/mutate/command-words.js";
import { DEFAULT_HARNESS, HARNESSES, dialectOf } from "../../adapters/registry.js";
import { claudePluginRoots } from "../../adapters/claude-code/registrations.js";
import { loadPlugin } from "../../adapters/claude-code/plugin/load-plugin.js";
import type { RegisteredHook } from "../../core/hook-config/registration.js";
import { hookRegistrations } from "../registrations/readers.js";
import { sourcedText } from "./sourced-text.js";
import { parseFrontmatter } from "../../adapters/claude-code/plugin/frontmatter.js";
import type {
  CodeHookItem,
  HookItem,
  MarkdownItem,
  MutatedItem,
  ProgramItem,
} from "../../core/mutate/types.js";

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
function commandSources(
  root: string,
  command: string,
  pluginRoot: string | undefined,
  vars: Readonly<Record<string, string>>,
): string[] {
  const real = realpathSync(root);
  let files = commandFiles(command, { cwd: root, vars });
  if (files.length === 0 && pluginRoot !== undefined)
    files = commandFiles(command, { cwd: pluginRoot, vars });
  return [...files, ...launchedScripts(command, files[0], vars)]
    .map((f) => rel(real, f))
    .filter((f) => !f.startsWith("../") && !f.split("/").includes("node_modules"));
}

/**
 * Scripts a launcher runs by a bare name beside itself (`"$ROOT/hooks/run-hook.cmd" session-start`
 * execs `hooks/session-start`): each argument word that names a file in the launcher's folder, as a
 * real path. The launcher stays the hook's script; these are read for what the hook does and reads.
 */
function launchedScripts(
  command: string,
  launcher: string | undefined,
  vars: Readonly<Record<string, string>>,
): string[] {
  if (launcher === undefined) return [];
  const out: string[] = [];
  for (const { word, program } of commandPathWords(command, vars)) {
    if (program || word.includes("/")) continue;
    const path = join(dirname(launcher), word);
    if (statSync(path, { throwIfNoEntry: false })?.isFile() === true && path !== launcher)
      out.push(realpathSync(path));
  }
  return out;
}

/**
 * The project and plugin-root variables the registration's harness gives its hook (its dialect's
 * hook environment and plugin-root placeholders), so its command's words resolve to the files it runs.
 */
function commandVars(root: string, r: RegisteredHook): Record<string, string> {
  const dialect = dialectOf(r.harness);
  const plugin = r.pluginRoot;
  const placeholders =
    plugin === undefined
      ? []
      : dialect.pluginRootPlaceholders.map((p) => [p.replace(/^\$\{|\}$/g, ""), plugin] as const);
  return { ...dialect.hookEnv(root), ...Object.fromEntries(placeholders) };
}

/**
 * A variable the registration's command names that its harness neither sets nor substitutes
 * (Gemini CLI and `${CLAUDE_PLUGIN_ROOT}`): the command then runs a path that does not exist.
 */
function unsetVariableOf(r: RegisteredHook): string | undefined {
  return dialectOf(r.harness).unsetVariables.find((name) => new RegExp(`\\$\\{?${name}\\b`).test(r.command));
}

/**
 * The item id of a registration: its place in its file, and the harness after `@` when another
 * harness reads the same place (a plugin's hooks/hooks.json that is also a Gemini extension's), so
 * each reading is its own item and no id stands for two.
 */
function readingIds(registrations: readonly RegisteredHook[]): string[] {
  const place = (r: RegisteredHook) => `${r.file}:${r.at}`;
  const harnesses = new Map<string, Set<string>>();
  for (const r of registrations)
    harnesses.set(place(r), (harnesses.get(place(r)) ?? new Set()).add(r.harness));
  return registrations.map((r) =>
    (harnesses.get(place(r))?.size ?? 0) > 1 ? `${place(r)}@${r.harness}` : place(r),
  );
}

/** One hook item per registered command handler and harness reading it, in reader order. */
function hookItems(root: string, unreadable: string[]): HookItem[] {
  const found = hookRegistrations(root);
  unreadable.push(...found.unreadable);
  const ids = readingIds(found.registrations);
  const out: HookItem[] = [];
  for (const [index, r] of found.registrations.entries()) {
    const sources = commandSources(root, r.command, r.pluginRoot, commandVars(root, r));
    const { text: sourceText, complete } = sourcedText(root, sources);
    // Identical handlers run once, by the harness that reads them: another harness's reading of the
    // same handler is not a twin.
    const harness = r.harness !== DEFAULT_HARNESS.id ? r.harness : undefined;
    const twin = out.find(
      (o) =>
        o.harness === harness &&
        o.file === r.file &&
        o.event === r.event &&
        o.matcher === r.matcher &&
        o.command === r.command,
    );
    const unset = unsetVariableOf(r);
    out.push({
      ...(twin !== undefined ? { duplicateOf: twin.id } : {}),
      kind: "hook",
      ...(harness !== undefined ? { harness } : {}),
      ...(unset !== undefined ? { unsetVariable: unset } : {}),
      id: ids[index] ?? `${r.file}:${r.at}`,
      file: r.file,
      event: r.event,
      groupIndex: r.groupIndex,
      handlerIndex: r.handlerIndex,
      matcher: r.matcher,
      command: r.command,
      timeout: r.timeout?.seconds,
      registered: {
        path: r.path,
        matcherPath: r.matcherPath,
        commandField: r.commandField,
        ...(r.timeout !== undefined ? { timeout: r.timeout } : {}),
      },
      sources,
      sourceText,
      ...(complete ? {} : { sourceIncomplete: true }),
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
  hooks.push(...hookItems(root, unreadable));
  for (const dir of claudePluginRoots(root)) {
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
  const ordered = ownScriptsFirst(hooks);
  return {
    items: [
      ...ordered,
      ...programs,
      ...codeHookItems(root),
      ...withReaders(skills, ordered),
      ...withReaders(agents, ordered),
    ],
    unreadable,
  };
}

/** The modules of hooks written as code (OpenCode's plugins), with the breakages their harness names. */
function codeHookItems(root: string): CodeHookItem[] {
  return HARNESSES.flatMap((harness) =>
    (harness.codeHooks?.list(root) ?? []).map((module) => ({
      kind: "code-hook" as const,
      harness: harness.id,
      id: `plugin ${module.file}`,
      file: module.file,
      breakages: harness.codeHooks?.breakages(module) ?? [],
    })),
  );
}

/**
 * Notes, on each skill or agent, the hooks whose command or source names its file by its last two
 * path parts (`hello/SKILL.md` in `cat "$ROOT/skills/hello/SKILL.md"`): running such a hook reads it.
 */
function withReaders(items: readonly MarkdownItem[], hooks: readonly HookItem[]): MarkdownItem[] {
  return items.map((item) => {
    const tail = item.file.split("/").slice(-2).join("/");
    const readBy = hooks.filter((h) => `${h.command}\n${h.sourceText ?? ""}`.includes(tail));
    return readBy.length > 0 ? { ...item, readBy } : item;
  });
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
    case "code-hook":
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
