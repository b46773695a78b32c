/**
 * Inline disables, as linters take them, in the files whose format has comments:
 * `# vigiles-disable-next-line <rule> [-- reason]` in shell, Python, YAML, TOML and a Markdown file's
 * YAML frontmatter; `<!-- vigiles-disable-next-line <rule> -->` in Markdown; `// …` in JavaScript and
 * TypeScript. `vigiles-disable-line` covers its own line and `vigiles-disable-file` the whole file.
 * JSON has no comments (a hooks file or settings.json): there the config's `rules` or a baseline
 * accept a finding. A disable names the rules it covers; one that names none covers nothing.
 */

/** Where in a file an inline disable applies. */
export type DisableScope = "next-line" | "line" | "file";

/** One inline disable found in a file. */
export interface InlineDisable {
  readonly scope: DisableScope;
  /** 1-based line of the comment. */
  readonly line: number;
  readonly rules: readonly string[];
}

/** How a file's format opens a comment, or undefined when it has none (JSON). */
type CommentSyntax = "hash" | "slash" | "markdown";

const HASH_EXTENSIONS = /\.(sh|bash|zsh|ksh|py|pyw|rb|pl|ya?ml|toml|ps1|fish|r)$/i;
const SLASH_EXTENSIONS = /\.(m?[jt]s|c[jt]s|[jt]sx)$/i;

function commentSyntaxOf(file: string, text: string): CommentSyntax | undefined {
  if (/\.(md|markdown|mdx)$/i.test(file)) return "markdown";
  if (SLASH_EXTENSIONS.test(file)) return "slash";
  if (HASH_EXTENSIONS.test(file)) return "hash";
  // An extensionless script: a shebang makes it a hash-comment language for every interpreter the
  // harnesses run hooks under (sh, bash, python, node reads `#!` too but uses `//`).
  if (/\.[^/.]+$/.test(file) || !text.startsWith("#!")) return undefined;
  return /^#![^\n]*\b(node|deno|bun|tsx)\b/.test(text) ? "slash" : "hash";
}

/** The line numbers (1-based) of a Markdown file's leading YAML frontmatter, fences excluded. */
function frontmatterLines(lines: readonly string[]): { first: number; last: number } | undefined {
  if (lines[0]?.trim() !== "---") return undefined;
  const end = lines.findIndex((l, i) => i > 0 && l.trim() === "---");
  return end < 0 ? undefined : { first: 2, last: end };
}

const MARKER = /vigiles-disable-(next-line|line|file)\b([^\n]*)/;

function openerBefore(prefix: string, syntax: CommentSyntax, inFrontmatter: boolean): boolean {
  switch (syntax) {
    case "hash":
      return /(^|\s)#/.test(prefix);
    case "slash":
      return /\/\/|\/\*/.test(prefix);
    case "markdown":
      return prefix.includes("<!--") || (inFrontmatter && /(^|\s)#/.test(prefix));
  }
}

/** The rule ids after a marker: words up to `--` (a reason) or the comment's close. */
function rulesOf(rest: string): string[] {
  const body = rest.split(/\s--(\s|$)|-->|\*\//)[0] ?? "";
  return body.split(/[\s,]+/).filter((w) => /^[a-z0-9][a-z0-9-]*$/.test(w));
}

/** Every inline disable in `text` (the file at `file`), in the comments its format allows. */
export function inlineDisables(file: string, text: string): InlineDisable[] {
  const syntax = commentSyntaxOf(file, text);
  if (syntax === undefined || !text.includes("vigiles-disable-")) return [];
  const lines = text.split(/\r?\n/);
  const frontmatter = syntax === "markdown" ? frontmatterLines(lines) : undefined;
  const out: InlineDisable[] = [];
  lines.forEach((lineText, i) => {
    const m = MARKER.exec(lineText);
    if (m === null) return;
    const line = i + 1;
    const inFrontmatter = frontmatter !== undefined && line >= frontmatter.first && line <= frontmatter.last;
    if (!openerBefore(lineText.slice(0, m.index), syntax, inFrontmatter)) return;
    const rules = rulesOf(m[2] ?? "");
    if (rules.length > 0) out.push({ scope: m[1] as DisableScope, line, rules });
  });
  return out;
}

/** Whether one of `disables` covers a finding of `ruleId` at `line` (undefined: the whole file). */
export function isDisabledInline(
  disables: readonly InlineDisable[],
  ruleId: string,
  line: number | undefined,
): boolean {
  return disables.some((d) => {
    if (!d.rules.includes(ruleId)) return false;
    switch (d.scope) {
      case "file":
        return true;
      case "line":
        return line === d.line;
      case "next-line":
        return line === d.line + 1;
    }
  });
}
