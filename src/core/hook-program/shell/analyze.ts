/**
 * Reads a command line the way the shell would run it: every simple command it contains (in
 * lists, pipelines, subshells, blocks, conditionals, functions, command substitutions), each
 * unwrapped from `sudo`, `env`, `nohup` … and, for `sh -c '…'`, `bash -c`, `eval` and `xargs`, the
 * commands inside. Redirect targets that write, and whether anything feeds a shell its script
 * through a pipe or a process substitution, are collected on the way.
 */
import { resolveWord, type ResolvedWord } from "./words.js";
import type { ShWord } from "./syntax.js";
import { commandName, SHELLS, SHELL_VALUED, WRAPPERS, XARGS_VALUED } from "./wrappers.js";
import {
  ShellParseError,
  type ShBinaryCmd,
  type ShCallExpr,
  type ShellSyntax,
  type ShNode,
  type ShStmt,
} from "./syntax.js";

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

export function analyzeCommand(sh: ShellSyntax, src: string): CommandAnalysis {
  const acc: Accumulator = {
    commands: [],
    redirectTargets: [],
    redirectSources: [],
    unparsedScripts: [],
    pipesToShell: false,
  };
  try {
    collect(sh, sh.parse(src), [], 0, acc);
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

function collect(
  sh: ShellSyntax,
  root: ShNode,
  via: readonly string[],
  depth: number,
  acc: Accumulator,
): void {
  // A hand-written walk: mvdan-sh's own Walk converts every node between Go and JavaScript and costs
  // about ten parses; reading the fields the view needs costs about one.
  const stmts = (list: unknown): void => {
    if (Array.isArray(list)) for (const s of list as ShStmt[]) stmt(s);
  };
  const stmt = (s: ShStmt | null): void => {
    if (!s) return;
    for (const r of s.Redirs ?? []) {
      if (!r.Word) continue;
      if (sh.ops.writeRedirects.has(r.Op)) acc.redirectTargets.push(resolveWord(sh, r.Word).text);
      else if (r.Op === sh.ops.readRedirect) acc.redirectSources.push(resolveWord(sh, r.Word).text);
      word(r.Word);
    }
    command(s.Cmd);
  };
  const word = (w: ShWord | null | undefined): void => {
    if (w) for (const part of w.Parts) wordPart(part);
  };
  const wordPart = (part: ShNode): void => {
    switch (sh.nodeType(part)) {
      case "DblQuoted":
        for (const inner of part["Parts"] as readonly ShNode[]) wordPart(inner);
        break;
      case "CmdSubst":
      case "ProcSubst":
        stmts(part["Stmts"]);
        break;
      default:
        break;
    }
  };
  const command = (cmd: ShNode | null): void => {
    if (!cmd) return;
    switch (sh.nodeType(cmd)) {
      case "CallExpr": {
        const call = cmd as ShCallExpr;
        for (const a of (cmd["Assigns"] as readonly ShNode[] | null) ?? []) word(a["Value"] as ShWord | null);
        for (const w of call.Args) word(w);
        const words = call.Args.map((w) => resolveWord(sh, w));
        if (words.length > 0) expand(sh, words, via, depth, acc);
        break;
      }
      case "BinaryCmd": {
        const b = cmd as ShBinaryCmd;
        if (b.Op === sh.ops.pipe || b.Op === sh.ops.pipeAll) {
          const right = firstCall(sh, b.Y);
          if (right && readsScriptFromStdin(sh, right)) acc.pipesToShell = true;
        }
        stmt(b.X);
        stmt(b.Y);
        break;
      }
      case "Subshell":
      case "Block":
        stmts(cmd["Stmts"]);
        break;
      case "IfClause":
        stmts(cmd["Cond"]);
        stmts(cmd["Then"]);
        command(cmd["Else"] as ShNode | null);
        break;
      case "WhileClause":
        stmts(cmd["Cond"]);
        stmts(cmd["Do"]);
        break;
      case "ForClause":
        stmts(cmd["Do"]);
        break;
      case "CaseClause":
        word(cmd["Word"] as ShWord | null);
        for (const item of (cmd["Items"] as readonly ShNode[] | null) ?? []) stmts(item["Stmts"]);
        break;
      case "FuncDecl":
        stmt(cmd["Body"] as ShStmt | null);
        break;
      case "DeclClause":
        for (const a of (cmd["Args"] as readonly ShNode[] | null) ?? []) word(a["Value"] as ShWord | null);
        break;
      case "TimeClause":
      case "CoprocClause":
        stmt(cmd["Stmt"] as ShStmt | null);
        break;
      default:
        break;
    }
  };
  stmts(root["Stmts"]);
}

/** The first simple command of a statement (the head of a pipeline, the first command of a subshell). */
function firstCall(sh: ShellSyntax, stmt: ShStmt | null): ShCallExpr | undefined {
  let cmd = stmt?.Cmd ?? null;
  for (let i = 0; cmd && i < 32; i++) {
    const type = sh.nodeType(cmd);
    if (type === "CallExpr") return cmd as ShCallExpr;
    if (type === "BinaryCmd") cmd = (cmd as ShBinaryCmd).X.Cmd;
    else if (type === "Subshell" || type === "Block")
      cmd = ((cmd["Stmts"] as readonly ShStmt[])[0]?.Cmd ?? null) as ShNode | null;
    else return undefined;
  }
  return undefined;
}

/** After unwrapping, is this a shell that reads its script from stdin (`sh`, `sudo bash -s`, `bash -`)? */
function readsScriptFromStdin(sh: ShellSyntax, call: ShCallExpr): boolean {
  const scratch: Accumulator = {
    commands: [],
    redirectTargets: [],
    redirectSources: [],
    unparsedScripts: [],
    pipesToShell: false,
  };
  const words = call.Args.map((w) => resolveWord(sh, w));
  if (words.length === 0) return false;
  expand(sh, words, [], MAX_DEPTH, scratch);
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
  sh: ShellSyntax,
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
          runScript(sh, split, [...layers, "env -S"], depth, acc);
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
        } else runScript(sh, script.word.text, [...layers, `${name} -c`], depth, acc);
      } else if (script.kind === "file" && script.word.procSubst) acc.pipesToShell = true;
    } else if (name === "eval") {
      const text = rest
        .slice(1)
        .map((w) => w.text)
        .join(" ");
      if (rest.slice(1).some((w) => w.dynamic && w.text.includes("$(…)"))) acc.pipesToShell = true;
      else runScript(sh, text, [...layers, "eval"], depth, acc);
    } else if (name === "source" || name === ".") {
      if (rest[1]?.procSubst) acc.pipesToShell = true;
    } else if (name === "xargs") {
      const at = skipOptions(rest, 1, XARGS_VALUED, false);
      if (rest[at]) expand(sh, rest.slice(at), [...layers, "xargs"], depth, acc);
    } else if (name === "find") {
      for (let k = 1; k < rest.length; k++) {
        if (/^-(exec|execdir|ok|okdir)$/.test((rest[k] as ResolvedWord).text)) {
          let end = k + 1;
          while (end < rest.length && !/^[;+]$/.test((rest[end] as ResolvedWord).text)) end++;
          if (end > k + 1) expand(sh, rest.slice(k + 1, end), [...layers, "find -exec"], depth, acc);
          k = end;
        }
      }
    }
    return;
  }
}

function runScript(
  sh: ShellSyntax,
  script: string,
  via: readonly string[],
  depth: number,
  acc: Accumulator,
): void {
  if (depth >= MAX_DEPTH) {
    acc.unparsedScripts.push(script);
    return;
  }
  try {
    collect(sh, sh.parse(script), via, depth + 1, acc);
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
