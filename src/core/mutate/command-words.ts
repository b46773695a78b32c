/**
 * The words of a hook command that may name a file, read the way the shell reads the command:
 * quotes removed, `$CLAUDE_PROJECT_DIR` / `${CLAUDE_PLUGIN_ROOT}` (and any other variable given)
 * expanded, an interpreter in front kept as its own word, and a `cd <dir> &&` before the script
 * remembered as the directory the later relative words are resolved against. Pure: whether a word
 * is a file is for the caller to check.
 */
import { analyzeCommand } from "../hook-program/shell/analyze.js";
import { SHELLS } from "../hook-program/shell/wrappers.js";

export interface CommandPathWord {
  /** The word with the known variables expanded. */
  readonly word: string;
  /** The directory a `cd` before it moved to (expanded, maybe relative), when there was one. */
  readonly base: string | undefined;
  /** The program word of its command (the shell looks a bare one up on PATH, not in the cwd). */
  readonly program: boolean;
}

const expand = (text: string, vars: Readonly<Record<string, string>>): string =>
  text.replace(/\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/g, (m, name: string) => vars[name] ?? m);

function fromShell(src: string, vars: Readonly<Record<string, string>>): CommandPathWord[] {
  const out: CommandPathWord[] = [];
  let base: string | undefined;
  for (const c of analyzeCommand(src).commands) {
    const argv = c.argv.map((w) => expand(w, vars));
    if (c.name === "cd" && argv[1] !== undefined) {
      base = argv[1];
      continue;
    }
    argv.forEach((word, i) => {
      if (word !== "" && !word.startsWith("-")) out.push({ word, base, program: i === 0 });
    });
  }
  return out;
}

/**
 * Every word of `command` that could be a path. A string is a `sh -c` command; an argv is an exec
 * form, whose `sh -c '<script>'` (any shell) is read as a command in its turn.
 *
 * @example
 * commandPathWords('bash "$CLAUDE_PROJECT_DIR"/hooks/guard.sh', { CLAUDE_PROJECT_DIR: "/repo" })
 * // [{ word: "bash", base: undefined, program: true }, { word: "/repo/hooks/guard.sh", base: undefined, program: false }]
 */
export function commandPathWords(
  command: string | readonly string[],
  vars: Readonly<Record<string, string>>,
): CommandPathWord[] {
  if (typeof command === "string") return fromShell(command, vars);
  const [file, flag, script] = command;
  const name = file?.split("/").at(-1) ?? "";
  if (SHELLS.has(name) && flag === "-c" && script !== undefined) return fromShell(script, vars);
  return command
    .map((w, i) => ({ word: expand(w, vars), base: undefined, program: i === 0 }))
    .filter((w) => w.word !== "" && !w.word.startsWith("-"));
}
