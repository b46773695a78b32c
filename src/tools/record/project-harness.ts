/**
 * A project's harness as it is now, in the shape a harness test takes: its `.claude/settings.json`,
 * the files under `.claude/` (hook scripts, skills, agents), the files its hook commands name, and
 * the plugins found in it. A recorded test reads it at run time, so a change to the harness (a hook
 * removed) shows up in the replay.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { readInputJson } from "../../runtime/read-input.js";
import { dirname, join } from "node:path";
import { globSync } from "tinyglobby";

/** A project's harness as `readProjectHarness` reads it: settings, files and plugin directories, ready for a harness spec. */
export interface ProjectHarness {
  readonly settings?: Readonly<Record<string, unknown>>;
  /** Relative path -> content, ready for a spec's `files`. */
  readonly files: Readonly<Record<string, string>>;
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
 * Reads the harness of the project at `dir`.
 *
 * @example
 * const { settings, files, plugins } = readProjectHarness(".");
 */
export function readProjectHarness(dir: string): ProjectHarness {
  const files: Record<string, string> = {};
  const add = (rel: string) => {
    const path = join(dir, rel);
    if (statSync(path).size <= MAX_FILE) files[rel] = readFileSync(path, "utf8");
  };
  const settingsPath = join(dir, ".claude", "settings.json");
  const settings = existsSync(settingsPath)
    ? (readInputJson(settingsPath, "the project settings") as Record<string, unknown>)
    : undefined;
  for (const rel of globSync(".claude/**/*", { cwd: dir, dot: true, ignore: [".claude/settings*.json"] }))
    add(rel);
  for (const command of hookCommands(settings?.["hooks"]))
    for (const rel of namedFiles(command, dir)) add(rel);
  const plugins = globSync("**/.claude-plugin/plugin.json", {
    cwd: dir,
    dot: true,
    deep: 4,
    ignore: ["**/node_modules/**", "**/.git/**", "**/.vigiles/**"],
  }).map((m) => join(dir, dirname(dirname(m))));
  return { ...(settings ? { settings } : {}), files, plugins };
}
