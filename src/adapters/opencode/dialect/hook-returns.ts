/**
 * The hook functions of an OpenCode plugin file that answer by `return` instead of by changing their
 * `output` argument or throwing. OpenCode 1.18.33's Plugin.trigger awaits each hook as
 * `hook(input, output)` and hands back the output object, never the hook's value (read in the pinned
 * binary; pinned by test/opencode/opencode-hook-return.test.ts), so a returned `{ block: true }` or
 * `{ args: … }` does nothing. Read from the text (a plugin may be TypeScript, which acorn cannot
 * parse) with a small scanner that skips strings, comments and nested functions; conservative: a hook
 * that throws anywhere, or hands its output to anything but a property read, is not reported.
 */
import { OPENCODE_EVENT_RULES, OPENCODE_PLUGIN_LOAD } from "./rules.js";

/**
 * The events OpenCode calls through Plugin.trigger with an output argument: every event of the
 * dialect but `event` (called with one argument, as a notification), the load pseudo-event, and
 * `permission.ask` (no trigger in the 1.18.33 binary).
 */
export const TRIGGERED_EVENTS: readonly string[] = Object.keys(OPENCODE_EVENT_RULES).filter(
  (e) => e !== "event" && e !== OPENCODE_PLUGIN_LOAD && e !== "permission.ask",
);

/** One hook that answers by returning a value. */
export interface ReturnedAnswer {
  readonly event: string;
  /** The returned value, as written (first 80 characters). */
  readonly value: string;
  /** 1-based line of the return. */
  readonly line: number;
}

const CONTROL = new Set([
  "if",
  "for",
  "while",
  "switch",
  "catch",
  "with",
  "return",
  "typeof",
  "await",
  "yield",
]);

/** The index just past a string, template literal or comment starting at `i`, or `i` when none starts there. */
function skipLiteral(text: string, i: number): number {
  const c = text[i];
  if (c === "/" && text[i + 1] === "/") {
    const end = text.indexOf("\n", i);
    return end === -1 ? text.length : end;
  }
  if (c === "/" && text[i + 1] === "*") {
    const end = text.indexOf("*/", i + 2);
    return end === -1 ? text.length : end + 2;
  }
  if (c === '"' || c === "'") {
    let j = i + 1;
    while (j < text.length && text[j] !== c && text[j] !== "\n") j += text[j] === "\\" ? 2 : 1;
    return j + 1;
  }
  if (c === "`") {
    let j = i + 1;
    while (j < text.length && text[j] !== "`") {
      if (text[j] === "\\") j += 2;
      else if (text[j] === "$" && text[j + 1] === "{") j = matchClose(text, j + 1) + 1;
      else j++;
    }
    return j + 1;
  }
  return i;
}

/** The index of the bracket closing the one at `open` (`(`, `[` or `{`), or the text's end. */
function matchClose(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length;) {
    const skipped = skipLiteral(text, i);
    if (skipped !== i) {
      i = skipped;
      continue;
    }
    const c = text[i];
    if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") {
      depth--;
      if (depth === 0) return i;
    }
    i++;
  }
  return text.length;
}

function skipSpace(text: string, i: number): number {
  let j = i;
  for (;;) {
    while (j < text.length && /\s/.test(text[j] ?? "")) j++;
    const skipped =
      text[j] === "/" && (text[j + 1] === "/" || text[j + 1] === "*") ? skipLiteral(text, j) : j;
    if (skipped === j) return j;
    j = skipped;
  }
}

/** A parameter's name; undefined for a pattern (`{ args }`), which the scanner cannot follow. */
function paramName(param: string): string | undefined {
  return /^\s*([A-Za-z_$][\w$]*)/.exec(param)?.[1];
}

/** The parameters of a list, split at the commas outside brackets. */
function splitParams(list: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (let i = 0; i < list.length;) {
    const c = list[i];
    if (c === "(" || c === "[" || c === "{" || c === "<") {
      i = c === "<" ? list.indexOf(">", i) + 1 || list.length : matchClose(list, i) + 1;
      continue;
    }
    if (c === ",") {
      out.push(list.slice(start, i));
      start = i + 1;
    }
    i++;
  }
  out.push(list.slice(start));
  return out.map((p) => p.trim()).filter((p) => p !== "");
}

/** A hook's function: its parameters, and its block body or expression body (start, end). */
interface HookFunction {
  readonly params: readonly string[];
  readonly body: { readonly start: number; readonly end: number; readonly block: boolean };
}

/** Reads the function at `i` (after the key's `:` or at its `(` for a method), or undefined. */
function readFunction(text: string, at: number, method: boolean): HookFunction | undefined {
  let i = skipSpace(text, at);
  if (!method) {
    if (text.startsWith("async", i) && !/[\w$]/.test(text[i + 5] ?? "")) i = skipSpace(text, i + 5);
    if (text.startsWith("function", i)) {
      i = skipSpace(text, i + 8);
      if (text[i] === "*") i = skipSpace(text, i + 1);
      while (/[\w$]/.test(text[i] ?? "")) i++;
      i = skipSpace(text, i);
      method = true;
    }
  }
  let params: string[];
  if (text[i] === "(") {
    const close = matchClose(text, i);
    params = splitParams(text.slice(i + 1, close));
    i = skipSpace(text, close + 1);
  } else {
    const name = /^[A-Za-z_$][\w$]*/.exec(text.slice(i))?.[0];
    if (name === undefined || method) return undefined;
    params = [name];
    i = skipSpace(text, i + name.length);
  }
  // A TypeScript return type: skip to the arrow, or to the body of a method.
  if (text[i] === ":") {
    const next = method ? text.indexOf("{", i) : text.indexOf("=>", i);
    if (next === -1) return undefined;
    i = next;
  }
  if (!method) {
    if (!text.startsWith("=>", i)) return undefined;
    i = skipSpace(text, i + 2);
  }
  if (text[i] === "{") return { params, body: { start: i + 1, end: matchClose(text, i), block: true } };
  if (method) return undefined;
  // An expression body runs to the comma or bracket that ends the property.
  let j = i;
  while (j < text.length && text[j] !== "," && text[j] !== "}" && text[j] !== ")" && text[j] !== "]") {
    const skipped = skipLiteral(text, j);
    j =
      skipped !== j
        ? skipped
        : text[j] === "(" || text[j] === "[" || text[j] === "{"
          ? matchClose(text, j) + 1
          : j + 1;
  }
  return { params, body: { start: i, end: j, block: false } };
}

/** Methods that change the object they are called on. */
const MUTATORS =
  /^(?:push|pop|shift|unshift|splice|sort|reverse|fill|copyWithin|set|delete|add|clear|assign)$/;

/** A value that is plainly an answer (a literal), not a call whose result may be undefined. */
const LITERAL_VALUE = /^(?:\(?\s*\{|\[|["'`]|true\b|false\b|null\b|-?\d)/;

/** The `return <literal>` statements of a block body, nested functions skipped. */
function literalReturns(text: string, start: number, end: number): { at: number; value: string }[] {
  const out: { at: number; value: string }[] = [];
  for (let i = start; i < end;) {
    const skipped = skipLiteral(text, i);
    if (skipped !== i) {
      i = skipped;
      continue;
    }
    if (text.startsWith("=>", i)) {
      const j = skipSpace(text, i + 2);
      i = text[j] === "{" ? matchClose(text, j) + 1 : j;
      continue;
    }
    const word = /^[A-Za-z_$][\w$]*/.exec(text.slice(i, Math.min(end, i + 40)))?.[0];
    if (word === undefined || /[\w$.]/.test(text[i - 1] ?? "")) {
      i++;
      continue;
    }
    let j = skipSpace(text, i + word.length);
    if (word === "function" || (text[j] === "(" && !CONTROL.has(word))) {
      // A nested function or method: skip its body.
      if (word === "function") {
        while (j < end && text[j] !== "(") j++;
      }
      const close = matchClose(text, j);
      const next = skipSpace(text, close + 1);
      i = text[next] === "{" ? matchClose(text, next) + 1 : close + 1;
      continue;
    }
    if (word === "return") {
      // `return` then a line break returns undefined (automatic semicolon insertion).
      const lineEnd = text.indexOf("\n", i);
      const value = text.slice(i + 6, lineEnd === -1 ? end : Math.min(lineEnd, end)).trim();
      if (LITERAL_VALUE.test(value)) out.push({ at: i, value });
    }
    i += word.length;
  }
  return out;
}

/**
 * Whether the body hands its output anywhere but a property read: an assignment through it, a call
 * with it, `Object.assign(output, …)`. Conservative: any use but `output.x` read counts.
 */
function usesOutput(body: string, output: string | undefined): boolean {
  if (output === undefined) return false;
  const name = output.replace(/\$/g, "\\$");
  const any = new RegExp(`(?<![\\w$.])${name}(?![\\w$])`, "g");
  for (const m of body.matchAll(any)) {
    const before = body.slice(0, m.index);
    if (/\.\.\.\s*$/.test(before)) continue;
    const after = body.slice(m.index + m[0].length);
    const chain = /^(?:\s*\??\.\s*[\w$]+|\s*\[[^\]]*\])+/.exec(after);
    if (chain === null) return true;
    const rest = after.slice(chain[0].length);
    if (/^\s*\(/.test(rest)) {
      // A method called through the output: a read (`.includes(`) unless it changes what it holds.
      if (MUTATORS.test(/[\w$]+\s*$/.exec(chain[0])?.[0].trim() ?? "")) return true;
      continue;
    }
    if (/^\s*(?:[-+*/%&|^]|\*\*|<<|>>>?|\?\?|&&|\|\|)?=(?!=)|^\s*(?:\+\+|--)/.test(rest)) return true;
    if (/(?:\+\+|--|delete\s+)\s*$/.test(before)) return true;
  }
  return false;
}

function lineOf(text: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index; i++) if (text[i] === "\n") line++;
  return line;
}

/** The hooks of a plugin's text that answer by returning a literal and neither throw nor touch their output. */
export function returnedAnswers(text: string): ReturnedAnswer[] {
  const out: ReturnedAnswer[] = [];
  const events = TRIGGERED_EVENTS.map((e) => e.replace(/\./g, "\\.")).join("|");
  const key = new RegExp(`(["'])(${events})\\1\\s*([:(])`, "g");
  for (const m of text.matchAll(key)) {
    const event = m[2] ?? "";
    const sep = m.index + m[0].length - 1;
    const fn = readFunction(text, m[3] === ":" ? sep + 1 : sep, m[3] === "(");
    if (fn === undefined) continue;
    const body = text.slice(fn.body.start, fn.body.end);
    if (/\bthrow\b/.test(body)) continue;
    const output = fn.params[1] !== undefined ? paramName(fn.params[1]) : undefined;
    // A destructured output (`{ args }`) may be changed through its parts: not followed.
    if (fn.params[1] !== undefined && output === undefined) continue;
    if (usesOutput(body, output)) continue;
    const returns = fn.body.block
      ? literalReturns(text, fn.body.start, fn.body.end)
      : LITERAL_VALUE.test(body.trim())
        ? [{ at: fn.body.start, value: body.trim() }]
        : [];
    const first = returns[0];
    if (first === undefined) continue;
    out.push({ event, value: first.value.replace(/;$/, "").slice(0, 80), line: lineOf(text, first.at) });
  }
  return out;
}
