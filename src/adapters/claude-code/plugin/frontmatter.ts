/**
 * Markdown frontmatter as Claude Code reads it from SKILL.md, commands and agents: a YAML block
 * between `---` lines at the very top of the file, parsed with the `yaml` library.
 */
import { parse } from "yaml";

/** A markdown file split into its frontmatter and body. */
export interface ParsedMarkdown {
  /** The parsed frontmatter; `{}` when there is none or it failed to parse. */
  readonly frontmatter: Readonly<Record<string, unknown>>;
  /** The file had a frontmatter block. */
  readonly hasFrontmatter: boolean;
  /** Everything after the closing `---` (the whole file when there is no frontmatter). */
  readonly body: string;
  /** The raw frontmatter block, opening and closing lines included ("" when none). */
  readonly head: string;
  /** Why the frontmatter did not parse (bad YAML, or YAML that is not a mapping). */
  readonly error?: string;
}

const BLOCK = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n?---[ \t]*(?:\r?\n|$)/;

/** Splits `text` into frontmatter and body; never throws (a parse failure is reported in `error`). */
export function parseFrontmatter(text: string): ParsedMarkdown {
  const m = BLOCK.exec(text);
  if (!m) return { frontmatter: {}, hasFrontmatter: false, body: text, head: "" };
  const head = m[0];
  const body = text.slice(head.length);
  let data: unknown;
  try {
    data = parse(m[1] ?? "");
  } catch (error) {
    const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
    return { frontmatter: {}, hasFrontmatter: true, body, head, error: `invalid YAML: ${message}` };
  }
  if (data === null || data === undefined) return { frontmatter: {}, hasFrontmatter: true, body, head };
  if (typeof data !== "object" || Array.isArray(data)) {
    return {
      frontmatter: {},
      hasFrontmatter: true,
      body,
      head,
      error: "the frontmatter is not a YAML mapping",
    };
  }
  return { frontmatter: data as Record<string, unknown>, hasFrontmatter: true, body, head };
}
