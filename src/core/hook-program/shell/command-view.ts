/**
 * `e.command`: the questions a Bash gate asks, answered from the parsed command line.
 *
 * When the text is not valid shell (an unclosed quote, say) the harness still hands it to bash,
 * which may run part of it. The view then answers from a plain scan of the words, leaning towards
 * "yes": `runs`, `touches` and `writesTo` are true when the words appear in order anywhere in the
 * text, so a gate that denies on them denies the unparseable command too. `parsed` is false and
 * `parseError` says why. The same scan covers a script inside `sh -c '…'` that does not parse.
 */
import { analyzeCommand, type CommandAnalysis, type SimpleCommand } from "./analyze.js";
import { argumentNames, normalizePath } from "./paths.js";
import { commandName, GLOBAL_VALUED, SHELLS, SUBCOMMAND_PROGRAMS } from "./wrappers.js";

export type { SimpleCommand } from "./analyze.js";

/** Options of {@link ShellCommandView.runs}. */
export interface RunsOptions {
  /**
   * true: only a forced invocation matches (`-f`, `--force`, `--force-with-lease`, a short-flag
   * cluster holding `f`, and for `git push` a `+refspec`). false: only an unforced one.
   */
  readonly force?: boolean;
  /** Flags that must all be present, short ones also inside clusters (`-r` matches `-rf`); `-r`/`-R`/`--recursive` and `-f`/`--force` are equivalent. */
  readonly flags?: readonly string[];
}

/** The Bash command of a tool event, parsed as shell, with questions a guard asks of it. */
export interface ShellCommandView {
  /** The command text as the tool received it ("" when the event has none). */
  readonly text: string;
  /** The event carries a command (a Bash tool call). */
  readonly present: boolean;
  /** The text parsed as shell. When false, the answers come from the conservative word scan. */
  readonly parsed: boolean;
  readonly parseError?: string;
  /** Every simple command the line runs, unwrapped. */
  readonly commands: readonly SimpleCommand[];
  /** Every file the line writes, as far as the text shows: redirects, tee, cp/mv targets, dd of=, sed -i, rm, touch … */
  readonly writeTargets: readonly string[];
  /**
   * Some command is `command` (its name, then its subcommand and arguments in order).
   * @example e.command.runs("git push", { force: true }) // sudo /usr/bin/git push -f, sh -c 'git push origin +main' …
   */
  runs(command: string, options?: RunsOptions): boolean;
  /**
   * Some argument or redirect names one of these paths or something inside it (globs included).
   * Relative arguments resolve against the event's cwd, so every path is inside `/`: to ask about
   * `rm -rf /` itself, use `runs("rm -r /")`, which compares the argument.
   */
  touches(paths: string | readonly string[]): boolean;
  /** The line writes one of these paths or something inside it. */
  writesTo(paths: string | readonly string[]): boolean;
  /** A shell gets its script from a pipe (`curl … | sh`), a process substitution (`bash <(curl …)`) or a substituted command (`sh -c "$(curl …)"`). */
  pipesToShell(): boolean;
}

const cache = new Map<string, CommandAnalysis>();
const CACHE_LIMIT = 4096;

/** Parses once per distinct text (hooks are pure, so the analysis of a text never changes). */
function analysisOf(text: string): CommandAnalysis {
  const hit = cache.get(text);
  if (hit) return hit;
  const result = analyzeCommand(text);
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(text, result);
  return result;
}

const EMPTY: CommandAnalysis = {
  commands: [],
  redirectTargets: [],
  redirectSources: [],
  pipesToShell: false,
  unparsedScripts: [],
};

/** The view of a command line; `cwd` resolves relative paths in `touches` / `writesTo`. */
export function createCommandView(text: string | undefined, cwd?: string): ShellCommandView {
  return new CommandView(text, cwd);
}

const writesOf = new WeakMap<CommandAnalysis, readonly string[]>();

/** A class, so the lazy getters sit on the prototype: a view is built for every decision. */
class CommandView implements ShellCommandView {
  readonly text: string;
  readonly present: boolean;
  #analysis: CommandAnalysis | undefined;

  constructor(
    text: string | undefined,
    private readonly cwd: string | undefined,
  ) {
    this.present = typeof text === "string" && text.trim() !== "";
    this.text = this.present ? (text as string) : "";
  }

  #get(): CommandAnalysis {
    return (this.#analysis ??= this.present ? analysisOf(this.text) : EMPTY);
  }

  get parsed(): boolean {
    return this.present && this.#get().parseError === undefined;
  }

  get parseError(): string | undefined {
    return this.#get().parseError;
  }

  get commands(): readonly SimpleCommand[] {
    return this.#get().commands;
  }

  get writeTargets(): readonly string[] {
    const a = this.#get();
    let w = writesOf.get(a);
    if (!w) writesOf.set(a, (w = collectWrites(a)));
    return w;
  }

  runs(command: string, options: RunsOptions = {}): boolean {
    const pattern = command.trim().split(/\s+/).filter(Boolean);
    if (pattern.length === 0) throw new TypeError('runs() needs a command such as "git push"');
    const a = this.#get();
    return (
      a.commands.some((c) => matchesCommand(c, pattern, options)) ||
      a.unparsedScripts.some((s) => scanRuns(s, pattern, options))
    );
  }

  touches(paths: string | readonly string[]): boolean {
    const targets = typeof paths === "string" ? [paths] : paths;
    const a = this.#get();
    const args = [...a.commands.flatMap(pathArguments), ...a.redirectTargets, ...a.redirectSources];
    return (
      targets.some((t) => args.some((arg) => argumentNames(arg, t, this.cwd))) ||
      a.unparsedScripts.some((s) =>
        scanWords(s).some((w) => targets.some((t) => argumentNames(w, t, this.cwd))),
      )
    );
  }

  writesTo(paths: string | readonly string[]): boolean {
    const targets = typeof paths === "string" ? [paths] : paths;
    const a = this.#get();
    const writes = this.writeTargets;
    return (
      targets.some((t) => writes.some((w) => argumentNames(w, t, this.cwd))) ||
      a.unparsedScripts.some((s) =>
        scanWords(s).some((w) => targets.some((t) => argumentNames(w, t, this.cwd))),
      )
    );
  }

  pipesToShell(): boolean {
    const a = this.#get();
    return (
      a.pipesToShell ||
      a.unparsedScripts.some((s) => /\|\s*(sudo\s+)?(\S*\/)?(ba|z|da|k)?sh\b|<\(\s*(curl|wget)/.test(s))
    );
  }
}

function matchesCommand(c: SimpleCommand, pattern: readonly string[], options: RunsOptions): boolean {
  const [program, ...rest] = pattern as [string, ...string[]];
  if (c.dynamicName || c.name !== commandName(program)) return false;
  const args = c.argv.slice(1);
  const wantedPositionals = rest.filter((t) => !t.startsWith("-"));
  const wantedFlags = [...rest.filter((t) => t.startsWith("-")), ...(options.flags ?? [])];
  const positionals = positionalArguments(c.name, args);
  if (!matchesPositionals(c.name, positionals, wantedPositionals)) return false;
  if (!wantedFlags.every((f) => hasFlag(args, f))) return false;
  if (options.force !== undefined && isForced(c.name, wantedPositionals, args, positionals) !== options.force)
    return false;
  return true;
}

function matchesPositionals(program: string, have: readonly string[], want: readonly string[]): boolean {
  if (want.length === 0) return true;
  if (SUBCOMMAND_PROGRAMS.has(program) && have[0] !== want[0]) return false;
  let at = 0;
  for (const p of have) if (sameArgument(p, want[at] as string) && ++at === want.length) return true;
  return false;
}

/** Equal words, or equal paths once normalized (`$HOME/` is `~`, `/usr/` is `/usr`, `./x` is `x`). */
function sameArgument(have: string, want: string): boolean {
  if (have === want) return true;
  return /^[/~.$]/.test(want) && /^[/~.$]/.test(have) && normalizePath(have) === normalizePath(want);
}

/** Arguments that are not options, skipping the values of a subcommand program's global options. */
function positionalArguments(program: string, args: readonly string[]): string[] {
  const valued = GLOBAL_VALUED[program];
  const out: string[] = [];
  let sawSubcommand = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    if (a === "--") {
      out.push(...args.slice(i + 1));
      break;
    }
    if (a.startsWith("-") && a !== "-") {
      if (!sawSubcommand && valued?.has(a)) i++;
      continue;
    }
    out.push(a);
    sawSubcommand = true;
  }
  return out;
}

const FLAG_ALIASES: Readonly<Record<string, readonly string[]>> = {
  "-f": ["-f", "--force"],
  "--force": ["-f", "--force"],
  "-r": ["-r", "-R", "--recursive"],
  "-R": ["-r", "-R", "--recursive"],
  "--recursive": ["-r", "-R", "--recursive"],
};

function hasFlag(args: readonly string[], flag: string): boolean {
  const spellings =
    flag.startsWith("--") || flag.length === 2
      ? (FLAG_ALIASES[flag] ?? [flag])
      : [...flag.slice(1)].map((ch) => `-${ch}`);
  if (!flag.startsWith("--") && flag.length > 2) return spellings.every((s) => hasFlag(args, s));
  const end = args.indexOf("--");
  const opts = end >= 0 ? args.slice(0, end) : args;
  return spellings.some((s) =>
    s.startsWith("--")
      ? opts.some((a) => a === s || a.startsWith(`${s}=`))
      : opts.some((a) => /^-[A-Za-z0-9]+$/.test(a) && a.includes(s.slice(1))),
  );
}

function isForced(
  program: string,
  wanted: readonly string[],
  args: readonly string[],
  positionals: readonly string[],
): boolean {
  if (
    hasFlag(args, "-f") ||
    args.some((a) => a.startsWith("--force-with-lease") || a === "--force-if-includes")
  )
    return true;
  if (program === "git" && (wanted[0] ?? positionals[0]) === "push")
    return positionals.slice(1).some((p) => p.startsWith("+"));
  return false;
}

/** Arguments that may name paths: non-options, and the value of `--opt=value` / `key=value` words. */
function pathArguments(c: SimpleCommand): string[] {
  // `sh -c SCRIPT` and `eval …`: the words are a script, analyzed as commands of their own.
  if (c.name === "eval" || (SHELLS.has(c.name) && c.argv.some((a) => /^-[A-Za-z]*c[A-Za-z]*$/.test(a))))
    return [];
  return c.argv.slice(1).flatMap((a) => {
    if (a.startsWith("-")) {
      const eq = a.indexOf("=");
      return eq > 0 ? [a.slice(eq + 1)] : [];
    }
    const eq = a.indexOf("=");
    return eq > 0 && /^[A-Za-z_]+$/.test(a.slice(0, eq)) ? [a, a.slice(eq + 1)] : [a];
  });
}

/** Files each command writes, by what the program is known to do. */
function collectWrites(a: CommandAnalysis): readonly string[] {
  const out = [...a.redirectTargets];
  for (const c of a.commands) {
    const args = c.argv.slice(1);
    const positionals = positionalArguments(c.name, args);
    switch (c.name) {
      case "tee":
      case "rm":
      case "rmdir":
      case "unlink":
      case "touch":
      case "truncate":
      case "mkdir":
      case "shred":
        out.push(...positionals);
        break;
      case "cp":
      case "mv":
      case "install":
      case "ln":
      case "rsync":
      case "scp": {
        const t = args.find((x) => x.startsWith("--target-directory=")) ?? args[args.indexOf("-t") + 1];
        if (args.includes("-t") && t) out.push(t);
        else if (t?.startsWith("--target-directory=")) out.push(t.slice("--target-directory=".length));
        else if (positionals.length > 1) out.push(positionals[positionals.length - 1] as string);
        break;
      }
      case "chmod":
      case "chown":
      case "chgrp":
        out.push(...positionals.slice(1));
        break;
      case "dd":
        for (const x of args) if (x.startsWith("of=")) out.push(x.slice(3));
        break;
      case "sed":
      case "perl":
        if (args.some((x) => /^-[A-Za-z]*i/.test(x) || x.startsWith("--in-place"))) {
          const scripted = args.some((x) => x === "-e" || x === "-f" || x === "--expression");
          out.push(...(scripted ? positionals : positionals.slice(1)));
        }
        break;
      default:
        break;
    }
  }
  return out.map((p) => normalizePath(p));
}

/** The unparseable fallback: words with quotes and shell punctuation stripped. */
function scanWords(text: string): string[] {
  return text
    .replace(/["'\\]/g, "")
    .split(/[\s;&|()<>`]+/)
    .filter(Boolean);
}

function scanRuns(text: string, pattern: readonly string[], options: RunsOptions): boolean {
  const words = scanWords(text);
  const [program, ...rest] = pattern as [string, ...string[]];
  const start = words.findIndex((w) => commandName(w) === commandName(program));
  if (start < 0) return false;
  let at = 0;
  for (const w of words.slice(start + 1)) if (at < rest.length && w === rest[at]) at++;
  if (at < rest.length) return false;
  if (options.force === true) return words.some((w) => /^(-[A-Za-z]*f[A-Za-z]*|--force.*|\+\S+)$/.test(w));
  return true;
}
