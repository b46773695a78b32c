/**
 * A small reader of one hook command string, as `sh -c` will split it: words with their offsets
 * and the quoting around every character. It reads one string value, never a whole file.
 */

export type QuoteState = "none" | "single" | "double";

/** One shell word (or an operator such as `&&`, `|`, `;`). */
export interface CommandWord {
  /** The characters as written, quotes included. */
  readonly raw: string;
  /** The word after quote removal (variables left as written). */
  readonly value: string;
  readonly start: number;
  readonly end: number;
  readonly operator: boolean;
  /** Some part of the word is quoted. */
  readonly quoted: boolean;
}

export interface ScannedCommand {
  readonly words: readonly CommandWord[];
  /** Quote state of each character of the command. */
  readonly quoteAt: readonly QuoteState[];
}

const OPERATOR_CHARS = new Set([";", "&", "|", "(", ")", "<", ">"]);

/** Splits a command into words, tracking quotes and backslash escapes. */
export function scanCommand(command: string): ScannedCommand {
  const words: CommandWord[] = [];
  const quoteAt: QuoteState[] = new Array<QuoteState>(command.length).fill("none");
  let i = 0;
  while (i < command.length) {
    const c = command[i] as string;
    if (c === " " || c === "\t" || c === "\n") {
      i++;
      continue;
    }
    if (OPERATOR_CHARS.has(c)) {
      let j = i + 1;
      while (j < command.length && OPERATOR_CHARS.has(command[j] as string) && j - i < 2) j++;
      words.push({
        raw: command.slice(i, j),
        value: command.slice(i, j),
        start: i,
        end: j,
        operator: true,
        quoted: false,
      });
      i = j;
      continue;
    }
    const start = i;
    let value = "";
    let quoted = false;
    while (i < command.length) {
      const ch = command[i] as string;
      if (ch === " " || ch === "\t" || ch === "\n" || OPERATOR_CHARS.has(ch)) break;
      if (ch === "\\" && i + 1 < command.length) {
        value += command[i + 1];
        i += 2;
        continue;
      }
      if (ch === "'" || ch === '"') {
        quoted = true;
        const state: QuoteState = ch === "'" ? "single" : "double";
        quoteAt[i] = state;
        i++;
        while (i < command.length && command[i] !== ch) {
          if (state === "double" && command[i] === "\\" && i + 1 < command.length) {
            quoteAt[i] = state;
            quoteAt[i + 1] = state;
            value += command[i + 1];
            i += 2;
            continue;
          }
          quoteAt[i] = state;
          value += command[i];
          i++;
        }
        if (i < command.length) quoteAt[i] = state;
        i++;
        continue;
      }
      value += ch;
      i++;
    }
    words.push({ raw: command.slice(start, i), value, start, end: i, operator: false, quoted });
  }
  return { words, quoteAt };
}

/** Programs that take a script path as their first non-option argument. */
const INTERPRETERS = new Set([
  "sh",
  "bash",
  "zsh",
  "dash",
  "python",
  "python3",
  "node",
  "bun",
  "deno",
  "ruby",
  "perl",
  "tsx",
  "uv",
]);
/** Words that run the next word as the command. */
const PREFIXES = new Set(["env", "exec", "command", "nice", "nohup"]);
/** Subcommands an interpreter takes before the script (`uv run x.py`, `bun run x.ts`, `npx tsx x.ts`). */
const SUBCOMMANDS = new Set(["run", "tsx"]);
const SCRIPT_EXTENSION = /\.(?:sh|bash|zsh|py|js|mjs|cjs|ts|mts|cts|rb|pl)$/;

/** The word of a hook command that names its script, and whether an interpreter runs it. */
export interface ScriptWord {
  readonly word: CommandWord;
  /** True when the script is the program itself, so it needs a run bit. */
  readonly direct: boolean;
  /** The interpreter that runs it, when there is one. */
  readonly interpreter?: string;
}

function baseName(p: string): string {
  const i = p.lastIndexOf("/");
  return i === -1 ? p : p.slice(i + 1);
}

/** Whether a word names a path rather than a program found on PATH. */
export function looksLikePath(value: string): boolean {
  return value.includes("/") || SCRIPT_EXTENSION.test(value);
}

/**
 * Finds the script the first simple command of `command` runs: the program itself when it is a
 * path, or the first non-option argument of a known interpreter. Undefined when the command runs
 * a program from PATH (`jq …`, `npx vigiles …`) or an interpreter with inline code (`node -e`).
 */
export function findScriptWord(command: string): ScriptWord | undefined {
  const { words } = scanCommand(command);
  let i = 0;
  while (i < words.length) {
    const w = words[i] as CommandWord;
    if (w.operator) return undefined;
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(w.raw) || PREFIXES.has(w.value)) {
      i++;
      continue;
    }
    break;
  }
  const program = words[i];
  if (program === undefined || program.operator) return undefined;
  const name = baseName(program.value);
  if (INTERPRETERS.has(name) || name === "npx") {
    for (let j = i + 1; j < words.length; j++) {
      const w = words[j] as CommandWord;
      if (w.operator) return undefined;
      if (w.value === "-e" || w.value === "-c" || w.value === "-m" || w.value === "--eval") return undefined;
      if (w.value.startsWith("-") || SUBCOMMANDS.has(w.value)) continue;
      return looksLikePath(w.value) ? { word: w, direct: false, interpreter: name } : undefined;
    }
    return undefined;
  }
  return looksLikePath(program.value) ? { word: program, direct: true } : undefined;
}

/** The expansions a hook command can rely on, and what they hold. */
export interface PathContext {
  readonly pluginRoot?: string;
  readonly projectDir?: string;
}

/** `${NAME}`, `${NAME:-fallback}` (or `-fallback`) and `$NAME`, as a shell expands them. */
const VAR_PATTERN = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::?-([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g;

/**
 * `text` with each variable replaced by `valueOf(name, fallback)`; a variable it answers undefined
 * for stays as written.
 */
export function expandVariables(
  text: string,
  valueOf: (name: string, fallback: string | undefined) => string | undefined,
): string {
  return text.replace(
    VAR_PATTERN,
    (m: string, braced: string | undefined, fallback: string | undefined, bare: string | undefined) =>
      valueOf((braced ?? bare)!, fallback) ?? m,
  );
}

/**
 * Resolves a script word to an absolute path by expanding `${CLAUDE_PLUGIN_ROOT}` and
 * `$CLAUDE_PROJECT_DIR`. Undefined when it holds another variable, a `~`, or is relative.
 */
export function resolveScriptPath(value: string, context: PathContext): string | undefined {
  let unresolved = false;
  const expanded = expandVariables(value, (name) => {
    if (name !== "CLAUDE_PLUGIN_ROOT" && name !== "CLAUDE_PROJECT_DIR") return undefined;
    const v = name === "CLAUDE_PLUGIN_ROOT" ? context.pluginRoot : context.projectDir;
    if (v === undefined) unresolved = true;
    return v ?? "";
  });
  if (unresolved || expanded.includes("$") || expanded.startsWith("~") || !expanded.startsWith("/"))
    return undefined;
  return expanded;
}

/** A relative path: neither absolute nor anchored on a variable or `~`. */
export function isRelativePath(value: string): boolean {
  return !value.startsWith("/") && !value.startsWith("$") && !value.startsWith("~");
}
