/**
 * The text `vigiles init` reads to guess what a hook is for: each handler's command, plus every file
 * the command names that exists (`$CLAUDE_PROJECT_DIR/.claude/hooks/guard.sh`,
 * `${CLAUDE_PLUGIN_ROOT}/scripts/check.py`, `node hooks/x.mjs`). Only read, never run.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import type { HookHandlerGroup } from "../../core/hook-config/types.js";

/** Bigger files are not read: a hook script is small, a binary or a bundle tells nothing here. */
const MAX_BYTES = 256 * 1024;

function expand(command: string, root: string, pluginRoot: string | undefined): string {
  return command
    .replace(/\$\{?CLAUDE_PROJECT_DIR\}?/g, root)
    .replace(/\$\{?CLAUDE_PLUGIN_ROOT\}?/g, pluginRoot ?? root);
}

/** The words of a command that could be files: quotes dropped, split on spaces and shell operators. */
function words(command: string): string[] {
  return command
    .replace(/["']/g, "")
    .split(/[\s;&|<>()]+/)
    .filter((w) => w !== "" && !w.startsWith("-"));
}

function readSmall(path: string): string | undefined {
  try {
    const stat = statSync(path);
    if (!stat.isFile() || stat.size > MAX_BYTES) return undefined;
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}

/** A shell script: by its extension or its `#!` line (other languages call programs their own way). */
function isShell(path: string, text: string): boolean {
  return /\.(sh|bash)$/.test(path) || /^#!.*\b(sh|bash|dash|zsh)\b/.test(text);
}

/**
 * The commands and the scripts they name, joined (`text`); `shell` is the part written in shell
 * (the commands and the shell scripts), where a program called is a program run.
 */
export function readHookSource(
  group: HookHandlerGroup,
  root: string,
  pluginRoot?: string,
): { readonly text: string; readonly shell: string; readonly files: readonly string[] } {
  const parts: string[] = [];
  const shell: string[] = [];
  const files: string[] = [];
  for (const handler of group.hooks) {
    if (handler.type !== "command" || handler.command === undefined) continue;
    const written = [handler.command, ...(handler.args ?? [])].join(" ");
    const command = expand(written, root, pluginRoot);
    parts.push(written);
    shell.push(written);
    for (const word of words(command)) {
      const path = isAbsolute(word) ? word : join(pluginRoot ?? root, word);
      if (files.includes(path) || !existsSync(path)) continue;
      const text = readSmall(path);
      if (text === undefined) continue;
      files.push(path);
      parts.push(text);
      if (isShell(path, text)) shell.push(text);
    }
  }
  return { text: parts.join("\n"), shell: shell.join("\n"), files };
}

/**
 * Programs the hook needs that a machine may lack (a notifier on Linux, jq on a slim image): the
 * first word of each command when it is a bare name, and the usual tools its scripts call. The
 * starter checks them on PATH when it runs, and skips (saying which) rather than fail for them.
 */
export function programsNeeded(group: HookHandlerGroup, shell: string): string[] {
  const needed = new Set<string>();
  for (const handler of group.hooks) {
    if (handler.type !== "command" || handler.command === undefined) continue;
    const first = handler.command
      .trim()
      .split(/\s+/)
      .find((w) => !/^[A-Z_][A-Z0-9_]*=/.test(w));
    if (first !== undefined && /^[a-z][a-z0-9._+-]*$/i.test(first) && !SHELL_BUILTINS.has(first))
      needed.add(first);
  }
  // In command position only (a line's start, after a pipe, `;`, `&&`, `$(` or a backtick): a guard
  // whose message says "use rg" does not need rg.
  for (const tool of USUAL_TOOLS)
    if (new RegExp(`(^|[|;&(\`]|\\$\\()[ \\t]*${tool}\\b`, "m").test(shell)) needed.add(tool);
  return [...needed].sort();
}

const SHELL_BUILTINS = new Set([
  "cd",
  "echo",
  "exit",
  "true",
  "false",
  "test",
  "[",
  "printf",
  "exec",
  "eval",
  "export",
  ":",
]);
const USUAL_TOOLS = [
  "jq",
  "python3",
  "uv",
  "bun",
  "deno",
  "osascript",
  "afplay",
  "notify-send",
  "terminal-notifier",
  "rg",
];
