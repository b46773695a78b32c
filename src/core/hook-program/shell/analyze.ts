/**
 * Reads a command line the way the shell would run it: every simple command it contains (in
 * lists, pipelines, subshells, blocks, conditionals, functions, command substitutions), each
 * unwrapped from `sudo`, `env`, `nohup` … and, for `sh -c '…'`, `bash -c`, `eval` and `xargs`, the
 * commands inside. Redirect targets that write, and whether anything feeds a shell its script
 * through a pipe or a process substitution, are collected on the way.
 */
import { forEachChild } from "unbash";
import {
  parseShell,
  ShellParseError,
  type Command,
  type CommandNode,
  type Script,
  type SyntaxNode,
} from "./syntax.js";
import { resolveAssignment, resolveWord, type ResolvedWord } from "./words.js";
import { commandName, SHELLS, SHELL_VALUED, WRAPPERS, XARGS_VALUED } from "./wrappers.js";

/** One command the line runs, after unwrapping. */
export interface SimpleCommand {
  /** The program's name: the basename of what was typed (`/usr/bin/git` → `git`). */
  readonly name: string;
  /** Every word from the program on, quotes removed (`argv[0]` as typed, path included). */
  readonly argv: readonly string[];
  /** The same words with their dynamic flags. */
  readonly words: readonly ResolvedWord[];
  /** The wrappers it was found inside, outermost first (`["sudo", "sh -c"]`). */
  readonly via: readonly string[];
  /** The program's name comes from an expansion (`$GIT push`): it cannot be known without running. */
  readonly dynamicName: boolean;
}

export interface CommandAnalysis {
  readonly commands: readonly SimpleCommand[];
  /** Files written by a redirect (`>`, `>>`, `&>`, `>|`, `<>`). */
  readonly redirectTargets: readonly string[];
  /** Files read by a `<` redirect. */
  readonly redirectSources: readonly string[];
  /** A shell gets its script from a pipe, a process substitution or a substituted download. */
  readonly pipesToShell: boolean;
  /** Set when the top-level text is not valid shell. */
  readonly parseError?: string;
  /** Scripts inside `sh -c` / `eval` that did not parse; the view scans them conservatively. */
  readonly unparsedScripts: readonly string[];
}

interface Accumulator {
  readonly commands: SimpleCommand[];
  readonly redirectTargets: string[];
  readonly redirectSources: string[];
  readonly unparsedScripts: string[];
  pipesToShell: boolean;
}

/** How deep `sh -c "bash -c '…'"` nesting is followed. */
const MAX_DEPTH = 6;

export function analyzeCommand(src: string): CommandAnalysis {
  const acc: Accumulator = {
    commands: [],
    redirectTargets: [],
    redirectSources: [],
    unparsedScripts: [],
    pipesToShell: false,
  };
  try {
    collect(parseShell(src), [], 0, acc);
  } catch (error) {
    if (!(error instanceof ShellParseError)) throw error;
    return {
      commands: [],
      redirectTargets: [],
      redirectSources: [],
      pipesToShell: false,
      parseError: error.message,
      unparsedScripts: [src],
    };
  }
  return acc;
}

/** Redirect operators that write to their target. `>&` does too when its target is a file, not a descriptor. */
const WRITE_REDIRECTS: ReadonlySet<string> = new Set([">", ">>", ">|", "&>", "&>>", "<>"]);

/**
 * Walks every node of a parsed script (lists, pipelines, groups, conditionals, loops, functions,
 * and the scripts of `$(…)`, `` `…` `` and `<(…)` wherever they sit in a word) and records each
 * simple command, redirect and pipe into a shell.
 */
function collect(script: Script, via: readonly string[], depth: number, acc: Accumulator): void {
  const visit = (node: SyntaxNode): void => {
    switch (node.type) {
      case "Command": {
        // Substitutions in the words run before the command itself.
        forEachChild(node, visit);
        const words = commandWords(node);
        if (words.length > 0) expand(words, via, depth, acc);
        return;
      }
      case "Pipeline":
        for (let i = 1; i < node.commands.length; i++) {
          const head = firstCall(node.commands[i] as CommandNode);
          if (head && readsScriptFromStdin(head)) acc.pipesToShell = true;
        }
        forEachChild(node, visit);
        return;
      case "Redirect": {
        const target = node.target;
        if (target) {
          const text = resolveWord(target).text;
          if (WRITE_REDIRECTS.has(node.operator) || (node.operator === ">&" && !/^(\d+-?|-)$/.test(text)))
            acc.redirectTargets.push(text);
          else if (node.operator === "<") acc.redirectSources.push(text);
        }
        forEachChild(node, visit);
        return;
      }
      case "CommandExpansion":
      case "ProcessSubstitution":
      case "ArithmeticCommandExpansion": {
        // unbash parses a substitution's script on first access and keeps its errors there; bash
        // reads `$(…)` while parsing the line, so an error inside is an error of the whole line.
        const first = node.script?.errors?.[0];
        if (first) throw new ShellParseError(`${first.message} in ${node.text}`);
        forEachChild(node, visit);
        return;
      }
      default:
        forEachChild(node, visit);
    }
  };
  visit(script);
}

/** The words bash passes to the program: its name, then every argument (redirects left out). */
function commandWords(command: Command): ResolvedWord[] {
  if (!command.name) return [];
  const words = [resolveWord(command.name)];
  for (const arg of command.suffix) {
    if (arg.type === "Word") words.push(resolveWord(arg));
    else if (arg.type === "Assignment") words.push(resolveAssignment(arg));
  }
  return words;
}

/** The first simple command of a pipeline element (a command, or the first inside a group). */
function firstCall(node: CommandNode | SyntaxNode | undefined): Command | undefined {
  for (let i = 0; node && i < 32; i++) {
    switch (node.type) {
      case "Command":
        return node;
      case "Subshell":
      case "BraceGroup":
        node = node.body.commands[0]?.command;
        break;
      case "Redirected":
        node = node.command;
        break;
      case "AndOr":
      case "Pipeline":
        node = node.commands[0];
        break;
      default:
        return undefined;
    }
  }
  return undefined;
}

/** After unwrapping, is this a shell that reads its script from stdin (`sh`, `sudo bash -s`, `bash -`)? */
function readsScriptFromStdin(call: Command): boolean {
  const scratch: Accumulator = {
    commands: [],
    redirectTargets: [],
    redirectSources: [],
    unparsedScripts: [],
    pipesToShell: false,
  };
  const words = commandWords(call);
  if (words.length === 0) return false;
  expand(words, [], MAX_DEPTH, scratch);
  const head = scratch.commands[0];
  return head !== undefined && SHELLS.has(head.name) && shellScript(head.words).kind === "stdin";
}

type ShellScript =
  { kind: "inline"; word: ResolvedWord } | { kind: "file"; word: ResolvedWord } | { kind: "stdin" };

/** Where a shell invocation takes its script from. */
function shellScript(words: readonly ResolvedWord[]): ShellScript {
  let inline = false;
  for (let i = 1; i < words.length; i++) {
    const w = words[i] as ResolvedWord;
    const t = w.text;
    if (t === "--" || t === "-") {
      const next = words[i + 1];
      if (t === "-" || !next) return { kind: "stdin" };
      return inline ? { kind: "inline", word: next } : { kind: "file", word: next };
    }
    if (SHELL_VALUED.has(t)) {
      i++;
      continue;
    }
    if (/^[-+][A-Za-z]+$/.test(t)) {
      if (t.startsWith("-") && t.includes("c")) inline = true;
      if (t.startsWith("-") && t.includes("s") && !inline) return { kind: "stdin" };
      continue;
    }
    if (t.startsWith("--")) continue;
    return inline ? { kind: "inline", word: w } : { kind: "file", word: w };
  }
  return { kind: "stdin" };
}

function expand(
  words: readonly ResolvedWord[],
  via: readonly string[],
  depth: number,
  acc: Accumulator,
): void {
  let i = 0;
  const layers = [...via];
  for (;;) {
    const head = words[i];
    if (!head) return;
    const name = commandName(head.text);
    const wrapper = head.dynamic ? undefined : WRAPPERS[name];
    if (wrapper) {
      if (name === "env") {
        const split = envSplitString(words, i + 1);
        if (split !== undefined) {
          runScript(split, [...layers, "env -S"], depth, acc);
          return;
        }
      }
      i = skipOptions(words, i + 1, wrapper.valued, wrapper.numericFlags === true);
      if (wrapper.assignments)
        while (words[i] && /^[A-Za-z_][A-Za-z0-9_]*=/.test((words[i] as ResolvedWord).text)) i++;
      for (let s = 0; s < (wrapper.skipPositionals ?? 0) && words[i]; s++) i++;
      layers.push(name);
      continue;
    }
    const rest = words.slice(i);
    acc.commands.push({
      name,
      argv: rest.map((w) => w.text),
      words: rest,
      via: layers,
      dynamicName: head.dynamic,
    });
    if (head.dynamic) return;
    if (SHELLS.has(name)) {
      const script = shellScript(rest);
      if (script.kind === "inline") {
        if (script.word.dynamic) {
          if (/\$\(…\)/.test(script.word.text)) acc.pipesToShell = true;
        } else runScript(script.word.text, [...layers, `${name} -c`], depth, acc);
      } else if (script.kind === "file" && script.word.procSubst) acc.pipesToShell = true;
    } else if (name === "eval") {
      const text = rest
        .slice(1)
        .map((w) => w.text)
        .join(" ");
      if (rest.slice(1).some((w) => w.dynamic && w.text.includes("$(…)"))) acc.pipesToShell = true;
      else runScript(text, [...layers, "eval"], depth, acc);
    } else if (name === "source" || name === ".") {
      if (rest[1]?.procSubst) acc.pipesToShell = true;
    } else if (name === "xargs") {
      const at = skipOptions(rest, 1, XARGS_VALUED, false);
      if (rest[at]) expand(rest.slice(at), [...layers, "xargs"], depth, acc);
    } else if (name === "find") {
      for (let k = 1; k < rest.length; k++) {
        if (/^-(exec|execdir|ok|okdir)$/.test((rest[k] as ResolvedWord).text)) {
          let end = k + 1;
          while (end < rest.length && !/^[;+]$/.test((rest[end] as ResolvedWord).text)) end++;
          if (end > k + 1) expand(rest.slice(k + 1, end), [...layers, "find -exec"], depth, acc);
          k = end;
        }
      }
    }
    return;
  }
}

function runScript(script: string, via: readonly string[], depth: number, acc: Accumulator): void {
  if (depth >= MAX_DEPTH) {
    acc.unparsedScripts.push(script);
    return;
  }
  try {
    collect(parseShell(script), via, depth + 1, acc);
  } catch (error) {
    if (!(error instanceof ShellParseError)) throw error;
    acc.unparsedScripts.push(script);
  }
}

/** Index of the first word after a wrapper's own options. */
function skipOptions(
  words: readonly ResolvedWord[],
  from: number,
  valued: ReadonlySet<string>,
  numeric: boolean,
): number {
  let i = from;
  while (i < words.length) {
    const t = (words[i] as ResolvedWord).text;
    if (t === "--") return i + 1;
    if (!t.startsWith("-") || t === "-") return i;
    if (valued.has(t)) i += 2;
    else if (numeric && /^-\d+$/.test(t)) i += 1;
    else i += 1;
  }
  return i;
}

/** `env -S "cmd args"` / `env --split-string=…`: the string is itself a command line. */
function envSplitString(words: readonly ResolvedWord[], from: number): string | undefined {
  for (let i = from; i < words.length; i++) {
    const t = (words[i] as ResolvedWord).text;
    if (t === "-S" || t === "--split-string") {
      const parts = words.slice(i + 1).map((w) => w.text);
      return parts.length > 0 ? parts.join(" ") : undefined;
    }
    if (t.startsWith("--split-string="))
      return [t.slice("--split-string=".length), ...words.slice(i + 1).map((w) => w.text)].join(" ");
    if (t.startsWith("-S") && t.length > 2)
      return [t.slice(2), ...words.slice(i + 1).map((w) => w.text)].join(" ");
    if (!t.startsWith("-")) return undefined;
  }
  return undefined;
}
