/**
 * Reading source out of a minified JS bundle (a release's files as text): the balanced extent of a
 * bracket, the top-level parts of an object or array literal, and a spelling of an expression that is
 * the same in every release while the bundler renames its locals. A surface reader uses them where a
 * release spells a schema as code (Claude Code's bundled zod schemas), so a key, a default or a limit
 * that changes is read, and a rename is not a change.
 */

const CLOSE: Readonly<Record<string, string>> = { "(": ")", "[": "]", "{": "}" };
/** After these a `/` starts a regex literal, not a division. */
const REGEX_BEFORE = new Set(["(", ",", "=", ":", "[", "!", "&", "|", "?", "{", "}", ";", ""]);

/** The index just past the string, template or regex literal that starts at `at`. */
function skipLiteral(text: string, at: number): number {
  const quote = text[at]!;
  for (let i = at + 1; i < text.length; i++) {
    const c = text[i];
    if (c === "\\") i++;
    else if (quote === "`" && c === "$" && text[i + 1] === "{") i = closeOf(text, i + 1);
    else if (quote === "/" && c === "[") {
      while (i < text.length && text[i] !== "]") i += text[i] === "\\" ? 2 : 1;
    } else if (c === quote) return i + 1;
  }
  return text.length;
}

const lastSignificant = (text: string, from: number, at: number): string => {
  for (let i = at - 1; i >= from; i--) if (text[i] !== " " && text[i] !== "\n") return text[i]!;
  return "";
};

/** Whether a literal starts at `i` (a quote, or a `/` where a regex may start). */
function literalAt(text: string, from: number, i: number): boolean {
  const c = text[i];
  if (c === '"' || c === "'" || c === "`") return true;
  return c === "/" && REGEX_BEFORE.has(lastSignificant(text, from, i));
}

/**
 * The index of the bracket that closes the one at `open` (literals skipped); -1 when the text ends
 * first.
 */
export function closeOf(text: string, open: number, limit = text.length): number {
  const stack: string[] = [];
  for (let i = open; i < limit; i++) {
    const c = text[i]!;
    if (literalAt(text, open, i)) {
      i = skipLiteral(text, i) - 1;
    } else if (CLOSE[c] !== undefined) stack.push(CLOSE[c]);
    else if (c === ")" || c === "]" || c === "}") {
      if (stack.pop() !== c) return -1;
      if (stack.length === 0) return i;
    }
  }
  return -1;
}

/** The top-level parts of a bracketed source (`{a:1,b:f(2,3)}` → `a:1`, `b:f(2,3)`). */
export function topLevelParts(source: string): string[] {
  const parts: string[] = [];
  let start = 1;
  for (let i = 1; i < source.length - 1; i++) {
    const c = source[i]!;
    if (literalAt(source, 0, i)) i = skipLiteral(source, i) - 1;
    else if (CLOSE[c] !== undefined) i = closeOf(source, i);
    else if (c === ",") {
      parts.push(source.slice(start, i));
      start = i + 1;
    }
    if (i < 0) return parts;
  }
  if (source.length - 1 > start) parts.push(source.slice(start, source.length - 1));
  return parts;
}

/** `key:value` split at its first top-level colon (a quoted key unquoted). */
export function keyValue(part: string): { readonly key: string; readonly value: string } | undefined {
  const m = /^\s*(?:"([^"]+)"|([\w$]+))\s*:/.exec(part);
  if (m === null) return undefined;
  return { key: (m[1] ?? m[2])!, value: part.slice(m[0].length) };
}

const KEPT_WORDS = new Set(["void", "new", "null", "true", "false", "undefined", "typeof", "instanceof"]);
const IDENT = /[A-Za-z_$][\w$]*/y;

/**
 * The expression with every name the bundler picks written `z` (a call of a minified zod
 * constructor `ke()` is `z()`), functions written `…`, and zero-argument calls of `helpers` replaced
 * by their bodies: what is left (method names, keys, literals, numbers) is what a schema says.
 * Helpers are inlined at most `depth` deep.
 */
export function stableSpelling(
  source: string,
  helpers: ReadonlyMap<string, string> = new Map(),
  depth = 3,
): string {
  let out = "";
  for (let i = 0; i < source.length;) {
    const c = source[i]!;
    if (literalAt(source, 0, i)) {
      const end = skipLiteral(source, i);
      out += source.slice(i, end);
      i = end;
      continue;
    }
    const arrow = arrowEnd(source, i);
    if (arrow !== undefined) {
      out += "…";
      i = arrow;
      continue;
    }
    IDENT.lastIndex = i;
    const name = IDENT.exec(source)?.[0];
    if (name === undefined || /[\w$]/.test(source[i - 1] ?? "")) {
      out += c;
      i++;
      continue;
    }
    const after = i + name.length;
    const helper = helpers.get(name);
    if (source[i - 1] === "." || source[after] === ":" || KEPT_WORDS.has(name)) out += name;
    else if (helper !== undefined && depth > 0 && source.startsWith("()", after)) {
      out += stableSpelling(helper, helpers, depth - 1);
      i = after + 2;
      continue;
    } else out += "z";
    i = after;
  }
  return out;
}

/** Where the arrow function starting at `i` ends (`(a,b)=>{…}`, `e=>e.x`), or undefined. */
function arrowEnd(source: string, i: number): number | undefined {
  let head = i;
  if (source[i] === "(") {
    const close = closeOf(source, i);
    if (close < 0) return undefined;
    head = close + 1;
  } else {
    IDENT.lastIndex = i;
    const name = IDENT.exec(source)?.[0];
    if (name === undefined) return undefined;
    head = i + name.length;
  }
  if (!source.startsWith("=>", head)) return undefined;
  const body = head + 2;
  if (source[body] === "{" || source[body] === "(") {
    const close = closeOf(source, body);
    return close < 0 ? source.length : close + 1;
  }
  // An expression body runs to the next top-level `,` or closing bracket.
  for (let j = body; j < source.length; j++) {
    const c = source[j]!;
    if (literalAt(source, body, j)) j = skipLiteral(source, j) - 1;
    else if (CLOSE[c] !== undefined) j = closeOf(source, j);
    else if (c === "," || c === ")" || c === "]" || c === "}") return j;
    if (j < 0) return source.length;
  }
  return source.length;
}

/** The zero-argument functions `function f(){return <expr>}` in a text, by name (their `<expr>`). */
export function returnHelpers(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of text.matchAll(/function ([\w$]+)\(\)\{return /g)) {
    const open = m.index + m[0].length - "return ".length - 1;
    const close = closeOf(text, open);
    if (close < 0) continue;
    const body = text.slice(m.index + m[0].length, close).replace(/;$/, "");
    // The same name bound twice in one window (two modules' locals) is ambiguous: neither is used.
    out.set(m[1]!, out.has(m[1]!) && out.get(m[1]!) !== body ? "" : body);
  }
  for (const [name, body] of out) if (body === "") out.delete(name);
  return out;
}
