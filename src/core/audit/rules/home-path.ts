/**
 * `home-path-in-shared-hook`: a hook command in a committed, shared hooks file (project settings, a
 * plugin, a repository's hook folder) that names an absolute path in one user's home directory
 * (`/Users/<name>/…`, `/home/<name>/…`, `C:\Users\<name>\…`). On any other machine the path does not
 * exist and the hook cannot start. `~` and `$HOME` are left alone (they follow the user), and so are
 * the user's own files (local or user-level settings: `HookRegistration.personal`).
 */
import { finding, subRange } from "../finding.js";
import type { HookRegistration } from "../hooks-config.js";
import type { LintFinding, LintRuleMeta } from "../types.js";

export const homePathInSharedHookRule: LintRuleMeta = {
  id: "home-path-in-shared-hook",
  severity: "error",
  behaviour:
    "A committed hooks file is run on every machine that checks the project out; a command naming an absolute path " +
    "in one user's home directory (`/Users/<name>/…`, `/home/<name>/…`) finds nothing on any other machine: the hook " +
    "cannot start (a non-blocking error, or silence behind `|| true`), and whatever it guards or records is skipped.",
  fix:
    "Anchor the path to the project or the plugin root (the harness's project-dir variable or plugin-root placeholder), " +
    "or keep a personal hook in local or user-level settings.",
  autofix: false,
};

// A home directory by its owner's literal name: not `$USER`, `${…}`, `<you>`, a glob, nor the
// Homebrew-on-Linux prefix `/home/linuxbrew`, which is the same on every machine that has it.
const HOME_PATH =
  /(?<![\w.~/$-])(?:\/(?:Users|home)\/([A-Za-z0-9_][\w.@-]*)\/|[A-Za-z]:[\\/]Users[\\/]([A-Za-z0-9_][\w .@-]*?)[\\/])[^\s'";&|)]*/;
const NOT_A_USER = new Set(["linuxbrew", "Shared"]);

/** The first literal home-directory path in `text`, with its offsets and the user's name. */
export function homePathIn(
  text: string,
):
  { readonly path: string; readonly user: string; readonly start: number; readonly end: number } | undefined {
  const re = new RegExp(HOME_PATH.source, "g");
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    const user = m[1] ?? m[2] ?? "";
    if (NOT_A_USER.has(user)) continue;
    return { path: m[0], user, start: m.index, end: m.index + m[0].length };
  }
  return undefined;
}

/** The home path a shared registration's command names, if any (also read by `hook-script-missing`). */
export function sharedHomePath(reg: HookRegistration): ReturnType<typeof homePathIn> {
  if (reg.personal === true || reg.type !== "command") return undefined;
  const text = reg.command ?? reg.args?.join(" ");
  return text === undefined ? undefined : homePathIn(text);
}

/** The project-dir variable the harness sets for a hook (the key of its hook env holding the project). */
function projectDirVariable(reg: HookRegistration): string | undefined {
  const probe = "/vigiles-project-dir";
  const env = reg.dialect.hookEnv(probe);
  return Object.keys(env).find((k) => env[k] === probe);
}

export function checkHomePath(reg: HookRegistration): LintFinding[] {
  const home = sharedHomePath(reg);
  if (home === undefined) return [];
  const range =
    reg.command !== undefined && reg.commandRange !== undefined && !reg.command.includes("\n")
      ? subRange(reg.commandRange, home.start, home.end)
      : (reg.commandRange ?? reg.handlerRange);
  const placeholder = reg.dialect.pluginRootPlaceholders[0];
  const variable = projectDirVariable(reg);
  const anchor =
    reg.pluginRoot !== undefined && placeholder !== undefined
      ? `"${placeholder}/…"`
      : variable !== undefined
        ? `"$${variable}/…"`
        : 'a path found from the repository ("$(git rev-parse --show-toplevel)/…")';
  return [
    finding(
      homePathInSharedHookRule,
      reg.file,
      range,
      `${reg.event} hook names ${home.path}, in the home directory of the user "${home.user}": this file is shared, ` +
        "and on any other machine that path does not exist, so the hook cannot start there.",
      {
        fix: `Write ${anchor} instead, or move this hook to local or user-level settings if it is yours alone.`,
      },
    ),
  ];
}
