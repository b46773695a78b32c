/**
 * The text a hook's shell scripts run, for mutate's "never does X" reasons: the scripts themselves
 * and every file they `source` (or `.`), followed transitively. A launcher that answers through a
 * sourced adapter (`source "$DIR/adapters/claude-code.sh"`, whose `emit_output` ends in `return 2`)
 * exits 2 though its own text never says `exit 2`; reading only the launcher called "exit 2 → 0"
 * not applicable on a hook that blocks with exit 2 (1Password's agent-hooks layout).
 *
 * When a script sources or execs a file whose name is only known at run time
 * (`source "$ADAPTERS/${client}.sh"`, `exec "$HOOK"`), the text is incomplete: no "never" can be
 * claimed from it, and the mutant runs instead.
 */
import { readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { globSync } from "tinyglobby";

/** What a hook's scripts run, as far as it can be read without running them. */
export interface SourcedText {
  /** The scripts' text and the text of every file they source; undefined when none could be read. */
  readonly text: string | undefined;
  /** False when a script sources or execs a file named only at run time. */
  readonly complete: boolean;
}

const IGNORE = ["**/node_modules/**", "**/.git/**", "**/.vigiles/**"];
// `source x`, `. x` at the start of a command (after `;`, `&&`, `||`, `then`, `do` or a line start).
const SOURCE = /(?:^|[;&|]\s*|\b(?:then|do|else)\s+)(?:source|\.)\s+("[^"]*"|'[^']*'|[^\s;&|]+)/gm;
// A program named by a variable whose exit status is the script's: `exec "$X"`, or `bash "$X"` as a whole line.
const DYNAMIC_EXEC = /^\s*(?:exec\s+["']?\$|(?:exec\s+)?(?:bash|sh|zsh)\s+["']?\$)/m;

const unquote = (word: string) => word.replace(/^["']|["']$/g, "");

/** The files under `root` by their last path part, listed once for all the names a script sources. */
function fileIndex(root: string): Map<string, string[]> {
  const index = new Map<string, string[]>();
  for (const file of globSync("**/*", { cwd: root, dot: true, ignore: IGNORE })) {
    const name = basename(file);
    const list = index.get(name);
    if (list) list.push(file);
    else index.set(name, [file]);
  }
  return index;
}

/** Files under `root` a sourced word may name: its last path part, found anywhere (over-reading is safe). */
function candidates(index: () => Map<string, string[]>, word: string): readonly string[] | "dynamic" {
  const name = basename(unquote(word));
  if (name === "" || name.includes("$") || name.includes("`")) return "dynamic";
  return index().get(name) ?? [];
}

/** The text of `sources` (paths relative to `root`) and of what they source, depth first, each file once. */
export function sourcedText(root: string, sources: readonly string[]): SourcedText {
  const seen = new Set<string>();
  const texts: string[] = [];
  let complete = true;
  let listed: Map<string, string[]> | undefined;
  const index = () => (listed ??= fileIndex(root));
  const visit = (file: string, depth: number) => {
    if (seen.has(file) || depth > 8) return;
    seen.add(file);
    let text: string;
    try {
      text = readFileSync(join(root, file), "utf8");
    } catch {
      complete = false;
      return;
    }
    texts.push(text);
    if (DYNAMIC_EXEC.test(text)) complete = false;
    for (const match of text.matchAll(SOURCE)) {
      const found = candidates(index, match[1] ?? "");
      if (found === "dynamic") complete = false;
      else for (const f of found) visit(f, depth + 1);
    }
  };
  for (const s of sources) visit(s, 0);
  return { text: texts.length > 0 ? texts.join("\n") : undefined, complete };
}
