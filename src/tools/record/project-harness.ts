/**
 * A project's harness as it is now, in the shape a harness test takes: its `.claude/settings.json`,
 * the files under `.claude/` (hook scripts, skills, agents), the files its hook commands name, and
 * the plugins found in it. A recorded test reads it at run time, so a change to the harness (a hook
 * removed) shows up in the replay.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { readInputJson } from "../../runtime/read-input.js";
import { dirname, join, resolve } from "node:path";
import { globSync } from "tinyglobby";

/**
 * A project's harness as `readProjectHarness` reads it: the project directory, its settings, files
 * (with their modes) and plugin directories. Pass `project` and `plugins` on to a harness spec:
 * `files` is text only, and a hook written from it loses its run bit.
 */
export interface ProjectHarness {
  /**
   * The project directory, absolute: a harness spec's `project`, which copies it into the work dir
   * as it is (modes, symlinks, binaries), so an executable hook registered without an interpreter
   * runs as it does in the project.
   */
  readonly project: string;
  readonly settings?: Readonly<Record<string, unknown>>;
  /**
   * Relative path -> content, for reading (and for a spec that rewrites one of them: put the new
   * text in the spec's `files`, which are written over the copied `project`). Text only: passed as
   * a spec's `files` alone, an executable hook arrives without its run bit and exits 126.
   */
  readonly files: Readonly<Record<string, string>>;
  /** Relative path -> permission bits (`0o755` for an executable hook) of each file in `files`. */
  readonly modes: Readonly<Record<string, number>>;
  /** Absolute plugin directories. */
  readonly plugins: readonly string[];
}

const MAX_FILE = 1024 * 1024;

function hookCommands(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(hookCommands);
  if (typeof value === "object" && value !== null) {
    return Object.entries(value).flatMap(([k, v]) =>
      k === "command" && typeof v === "string" ? [v] : hookCommands(v),
    );
  }
  return [];
}

/** Paths a command names inside the project: `$CLAUDE_PROJECT_DIR/x`, `"${CLAUDE_PROJECT_DIR}/x"`, or `./x`, `x/y.sh`. */
function namedFiles(command: string, project: string): string[] {
  return command
    .replace(/["']/g, " ")
    .replace(/\$\{?CLAUDE_PROJECT_DIR\}?\//g, "")
    .split(/\s+/)
    .filter((word) => word.includes("/") || /\.\w+$/.test(word))
    .map((word) => word.replace(/^\.\//, ""))
    .filter(
      (rel) =>
        !rel.startsWith("/") &&
        !rel.startsWith("..") &&
        existsSync(join(project, rel)) &&
        statSync(join(project, rel)).isFile(),
    );
}

/**
 * Reads the harness of the project at `dir`. Hand it to a harness test through `project` (copied
 * whole, file modes kept) and `plugins`, not through `files` (text without modes).
 *
 * @example
 * const h = readProjectHarness(".");
 * const r = await runHarnessTest({ prompt, model, project: h.project, plugins: h.plugins });
 */
export function readProjectHarness(dir: string): ProjectHarness {
  const project = resolve(dir);
  const files: Record<string, string> = {};
  const modes: Record<string, number> = {};
  const add = (rel: string) => {
    const path = join(project, rel);
    const st = statSync(path);
    if (st.size > MAX_FILE) return;
    files[rel] = readFileSync(path, "utf8");
    modes[rel] = st.mode & 0o7777;
  };
  const settingsPath = join(project, ".claude", "settings.json");
  const settings = existsSync(settingsPath)
    ? (readInputJson(settingsPath, "the project settings") as Record<string, unknown>)
    : undefined;
  for (const rel of globSync(".claude/**/*", { cwd: project, dot: true, ignore: [".claude/settings*.json"] }))
    add(rel);
  for (const command of hookCommands(settings?.["hooks"]))
    for (const rel of namedFiles(command, project)) add(rel);
  const plugins = globSync("**/.claude-plugin/plugin.json", {
    cwd: project,
    dot: true,
    deep: 4,
    ignore: ["**/node_modules/**", "**/.git/**", "**/.vigiles/**"],
  }).map((m) => join(project, dirname(dirname(m))));
  return { project, ...(settings ? { settings } : {}), files, modes, plugins };
}
