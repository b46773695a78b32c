/**
 * Event mutators for `propertyHook`: rewrites that keep what an event means and change how it is
 * spelled, the way an agent (or an attacker) might. Each takes a choice number and picks one spelling
 * from it, so fast-check generates and shrinks the choices and a counterexample replays exactly.
 * The shell mutators cover the spellings of the disasters corpus: wrappers (sudo, env, sh -c, bash
 * -c), lists and groups (`;`, `&&`, `||`, subshells, braces, substitutions), quoting, absolute paths,
 * and the force spellings of `git push` and `rm`.
 */
import type { RawHookEvent } from "./run.js";
import { parseShell, ShellParseError } from "./shell/syntax.js";
import { shellQuote } from "../shell-quote.js";

/** A named respelling of an event (for `propertyHook`): the same intent in different words. */
export interface HookMutator {
  readonly name: string;
  /** The rewritten event, or undefined when this mutator does not apply to the event. */
  apply(event: RawHookEvent, choice: number): RawHookEvent | undefined;
}

const pick = <T>(items: readonly T[], choice: number): T => items[Math.abs(choice) % items.length] as T;

function commandOf(event: RawHookEvent): string | undefined {
  const input = event["tool_input"];
  if (typeof input !== "object" || input === null) return undefined;
  const c = (input as Record<string, unknown>)["command"];
  return typeof c === "string" && c.trim() !== "" ? c : undefined;
}

function withCommand(event: RawHookEvent, command: string): RawHookEvent {
  return { ...event, tool_input: { ...(event["tool_input"] as Record<string, unknown>), command } };
}

/** A mutator that rewrites the whole command text. */
function commandMutator(
  name: string,
  rewrite: (command: string, choice: number) => string | undefined,
): HookMutator {
  return {
    name,
    apply(event, choice) {
      const c = commandOf(event);
      if (c === undefined) return undefined;
      const next = rewrite(c, choice);
      return next === undefined ? undefined : withCommand(event, next);
    },
  };
}

const PLAIN = /^[A-Za-z0-9_./+=:@%,~^-]+$/;
const OPERATORS = new Set(["|", "&&", "||", ";"]);

/** Splits a command made only of plain words and list/pipe operators; undefined for anything richer. */
function tokens(command: string): string[] | undefined {
  const t = command.trim().split(/\s+/);
  return t.every((w) => PLAIN.test(w) || OPERATORS.has(w)) ? t : undefined;
}

/** Rewrites the plain-token form of a command. */
function tokenMutator(
  name: string,
  rewrite: (t: string[], choice: number) => string[] | undefined,
): HookMutator {
  return commandMutator(name, (c, choice) => {
    const t = tokens(c);
    if (!t) return undefined;
    const next = rewrite(t, choice);
    return next?.join(" ");
  });
}

const commandPositions = (t: readonly string[]): number[] =>
  t.flatMap((w, i) => (!OPERATORS.has(w) && (i === 0 || OPERATORS.has(t[i - 1] as string)) ? [i] : []));

const FORCE_FLAGS = ["-f", "--force", "--force-with-lease", "--force-with-lease=main"];

/**
 * A prefix such as `sudo` keeps its meaning only before a simple command: `sudo (x)` and
 * `env if …` are syntax errors, and `sudo x=1` runs nothing.
 */
const startsCache = new Map<string, boolean>();

function startsWithCommand(command: string): boolean {
  let known = startsCache.get(command);
  if (known === undefined) {
    if (startsCache.size >= 4096) startsCache.clear();
    startsCache.set(command, (known = parsesAsCommand(command)));
  }
  return known;
}

function parsesAsCommand(command: string): boolean {
  try {
    const first = parseShell(command).commands[0]?.command;
    return first?.type === "Command" && first.name !== undefined;
  } catch (error) {
    if (error instanceof ShellParseError) return false;
    throw error;
  }
}

/** A mutator that puts a wrapper in front of the command. */
function prefixMutator(name: string, prefixes: readonly string[]): HookMutator {
  return commandMutator(name, (c, n) => (startsWithCommand(c) ? `${pick(prefixes, n)} ${c}` : undefined));
}

/** `sudo …`, `sudo -u root …`, `sudo -E …`, `sudo -n -- …` before a simple command. */
export const sudoWrapper = prefixMutator("sudo", ["sudo", "sudo -u root", "sudo -E", "sudo -n --"]);
/** `env …`, `env FOO=1 …`, `env -i PATH=… …`, `env -u NAME …` before a simple command. */
export const envWrapper = prefixMutator("env", [
  "env",
  "env FOO=1",
  "env -i PATH=/usr/bin:/bin",
  "env -u OLDPWD",
]);
/** The whole command as the script of `sh -c`, `bash -c`, `bash -lc`, `zsh -c`, `/bin/sh -c`. */
export const shellWrapper = commandMutator(
  "sh -c",
  (c, n) => `${pick(["sh -c", "bash -c", "bash -lc", "zsh -c", "/bin/sh -c"], n)} ${shellQuote(c)}`,
);
/** The command in a list: `true && …`, `echo ok; …`, `false || …`, `… ; echo done`. */
export const listWrapper = commandMutator("list", (c, n) =>
  pick([`true && ${c}`, `echo ok; ${c}`, `false || ${c}`, `cd . && ${c}`, `${c}; echo done`], n),
);
/** The command in a subshell, a brace group, an `if`, or a command substitution. */
export const groupWrapper = commandMutator("group", (c, n) =>
  pick([`( ${c} )`, `{ ${c}; }`, `if true; then ${c}; fi`, `x=$( ${c} )`, `echo "$( ${c} )"`], n),
);
/** `nohup`, `timeout 60`, `nice -n 5`, `command`, `exec` before a simple command. */
export const nohupWrapper = prefixMutator("nohup/timeout", [
  "nohup",
  "timeout 60",
  "nice -n 5",
  "command",
  "exec",
]);

/** One word quoted or escaped: `'w'`, `"w"`, `w''ord`, `\\w`, `w"ord"`. */
export const quoteWord = tokenMutator("quote", (t, n) => {
  const words = t.flatMap((w, i) => (OPERATORS.has(w) ? [] : [i]));
  if (words.length === 0) return undefined;
  const at = pick(words, n);
  const w = t[at] as string;
  const style = Math.floor(Math.abs(n) / words.length);
  const quoted = pick(
    [
      `'${w}'`,
      `"${w}"`,
      w.length > 1 ? `${w[0]}''${w.slice(1)}` : `'${w}'`,
      `\\${w}`,
      w.length > 1 ? `${w[0]}"${w.slice(1)}"` : `"${w}"`,
    ],
    style,
  );
  return t.map((x, i) => (i === at ? quoted : x));
});

/** A command name as an absolute path: `/usr/bin/git`, `/bin/rm`. */
export const absolutePath = tokenMutator("absolute path", (t, n) => {
  const positions = commandPositions(t).filter((i) => !(t[i] as string).includes("/"));
  if (positions.length === 0) return undefined;
  const at = pick(positions, n);
  const dir = pick(["/usr/bin", "/bin", "/usr/local/bin"], Math.floor(Math.abs(n) / positions.length));
  return t.map((x, i) => (i === at ? `${dir}/${x}` : x));
});

/** Respells a forced `git push` (-f, --force, --force-with-lease, +refspec, flag at the end). */
export const gitForceSpelling = tokenMutator("git push force spelling", (t, n) => {
  const push = t.findIndex((w, i) => w === "push" && t[i - 1] === "git");
  if (push < 0) return undefined;
  let end = t.length;
  for (let i = push + 1; i < t.length; i++)
    if (OPERATORS.has(t[i] as string)) {
      end = i;
      break;
    }
  const args = t.slice(push + 1, end);
  const forced = args.some(
    (a) =>
      FORCE_FLAGS.includes(a) || a.startsWith("--force") || /^-[a-z]*f[a-z]*$/.test(a) || a.startsWith("+"),
  );
  if (!forced) return undefined;
  const plain = args
    .filter((a) => !(FORCE_FLAGS.includes(a) || a.startsWith("--force") || /^-[a-z]*f[a-z]*$/.test(a)))
    .map((a) => a.replace(/^\+/, ""));
  const positionals = plain.filter((a) => !a.startsWith("-"));
  const variant = Math.abs(n) % 6;
  let next: string[];
  if (variant < 4) next = [pick(FORCE_FLAGS, variant), ...plain];
  else if (variant === 4) next = [...plain, "--force"];
  else if (positionals.length >= 2)
    next = plain.map((a) => (a === positionals[positionals.length - 1] ? `+${a}` : a));
  else next = [...plain.filter((a) => a.startsWith("-")), "origin", "+HEAD:main"];
  return [...t.slice(0, push + 1), ...next, ...t.slice(end)];
});

/** Respells `rm -rf` (-fr, -r -f, -Rf, --recursive --force). */
export const rmForceSpelling = tokenMutator("rm -rf spelling", (t, n) => {
  const rm = t.findIndex((w) => w === "rm" || w.endsWith("/rm"));
  if (rm < 0) return undefined;
  let end = t.length;
  for (let i = rm + 1; i < t.length; i++)
    if (OPERATORS.has(t[i] as string)) {
      end = i;
      break;
    }
  const args = t.slice(rm + 1, end);
  const flags = args.filter((a) => /^-[a-zA-Z]+$/.test(a));
  const letters = flags.join("").replace(/-/g, "");
  if (!/[rR]/.test(letters) || !letters.includes("f")) return undefined;
  const rest = args.filter((a) => !/^-[a-zA-Z]+$/.test(a));
  const spelled = pick(
    [["-rf"], ["-fr"], ["-r", "-f"], ["-Rf"], ["--recursive", "--force"], ["-f", "-R"]],
    n,
  );
  return [...t.slice(0, rm + 1), ...spelled, ...rest, ...t.slice(end)];
});

/** The built-in shell mutators, in the order propertyHook numbers them. */
export const shellMutators: readonly HookMutator[] = [
  sudoWrapper,
  envWrapper,
  shellWrapper,
  listWrapper,
  groupWrapper,
  nohupWrapper,
  quoteWord,
  absolutePath,
  gitForceSpelling,
  rmForceSpelling,
];

/** Respells a file tool's path: `./x`, `a/../a/x`, a doubled slash. */
export const pathSpelling: HookMutator = {
  name: "path spelling",
  apply(event, n) {
    const input = event["tool_input"] as Record<string, unknown> | undefined;
    const field =
      input && (["file_path", "notebook_path", "path"] as const).find((f) => typeof input[f] === "string");
    if (!input || !field) return undefined;
    const p = input[field] as string;
    const slash = p.lastIndexOf("/");
    const dir = slash >= 0 ? p.slice(0, slash) : "";
    const base = slash >= 0 ? p.slice(slash + 1) : p;
    const variants = [
      p.startsWith("/") ? p : `./${p}`,
      dir ? `${dir}//${base}` : `./${base}`,
      dir ? `${dir}/../${dir.split("/").pop() ?? ""}/${base}`.replace(/^\/\.\.\//, "/") : `./${base}`,
      dir ? `${dir}/./${base}` : `././${base}`,
    ];
    return { ...event, tool_input: { ...input, [field]: pick(variants, n) } };
  },
};
