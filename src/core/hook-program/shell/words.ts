/**
 * A shell word reduced to the text the shell would pass as an argument, as far as it can be known
 * before running anything: quotes removed, escapes applied. Parameter expansions and command
 * substitutions cannot be known; they leave a placeholder (`$HOME`, `$(…)`) and mark the word dynamic.
 */
import type { ShellSyntax, ShNode, ShWord } from "./syntax.js";

export interface ResolvedWord {
  /** The argument text; placeholders stand in for the parts only a run could know. */
  readonly text: string;
  /** Some part comes from an expansion or a substitution. */
  readonly dynamic: boolean;
  /** The word is a process substitution such as `<(curl …)`. */
  readonly procSubst: boolean;
}

const ANSI_C: Readonly<Record<string, string>> = {
  n: "\n",
  t: "\t",
  r: "\r",
  a: "\x07",
  b: "\b",
  e: "\x1b",
  E: "\x1b",
  f: "\f",
  v: "\v",
  "\\": "\\",
  "'": "'",
  '"': '"',
  "?": "?",
};

export function resolveWord(sh: ShellSyntax, word: ShWord): ResolvedWord {
  let text = "";
  let dynamic = false;
  let procSubst = false;
  for (const part of word.Parts) {
    const r = resolvePart(sh, part, false);
    text += r.text;
    dynamic ||= r.dynamic;
    procSubst ||= r.procSubst;
  }
  return { text, dynamic, procSubst };
}

function resolvePart(sh: ShellSyntax, part: ShNode, inDoubleQuotes: boolean): ResolvedWord {
  const type = sh.nodeType(part);
  switch (type) {
    case "Lit":
      return plain(
        inDoubleQuotes ? unescapeDouble(String(part["Value"])) : unescapeBare(String(part["Value"])),
      );
    case "SglQuoted":
      return plain(part["Dollar"] ? unescapeAnsiC(String(part["Value"])) : String(part["Value"]));
    case "DblQuoted": {
      let text = "";
      let dynamic = false;
      for (const inner of part["Parts"] as readonly ShNode[]) {
        const r = resolvePart(sh, inner, true);
        text += r.text;
        dynamic ||= r.dynamic;
      }
      return { text, dynamic, procSubst: false };
    }
    case "ParamExp": {
      const param = part["Param"] as ShNode | null;
      const name = param ? String(param["Value"]) : "?";
      return { text: `$${name}`, dynamic: true, procSubst: false };
    }
    case "CmdSubst":
      return { text: "$(…)", dynamic: true, procSubst: false };
    case "ArithmExp":
      return { text: "$((…))", dynamic: true, procSubst: false };
    case "ProcSubst":
      return { text: "<(…)", dynamic: true, procSubst: true };
    default:
      return { text: `<${type}>`, dynamic: true, procSubst: false };
  }
}

function plain(text: string): ResolvedWord {
  return { text, dynamic: false, procSubst: false };
}

/** Outside quotes a backslash makes the next character literal; backslash-newline disappears. */
function unescapeBare(raw: string): string {
  return raw.replace(/\\(\n|.)/gs, (_m, c: string) => (c === "\n" ? "" : c));
}

/** Inside double quotes a backslash escapes only $ ` " \ and newline. */
function unescapeDouble(raw: string): string {
  return raw.replace(/\\([$`"\\\n])/g, (_m, c: string) => (c === "\n" ? "" : c));
}

function unescapeAnsiC(raw: string): string {
  return raw.replace(/\\(x[0-9a-fA-F]{1,2}|[0-7]{1,3}|.)/gs, (_m, c: string) => {
    if (c.startsWith("x")) return String.fromCharCode(parseInt(c.slice(1), 16));
    if (/^[0-7]+$/.test(c)) return String.fromCharCode(parseInt(c, 8));
    return ANSI_C[c] ?? `\\${c}`;
  });
}
