/**
 * Markdown frontmatter as Claude Code reads it from SKILL.md, commands and agents: a YAML block
 * between `---` lines at the very top of the file. The parsing is core's `readFrontmatter`; this is
 * the plugin loader's view of it (`{}` when the block is missing or broken, the error as one line).
 */
import { readFrontmatter, type FrontmatterError } from "../../../core/frontmatter.js";

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

/** Splits `text` into frontmatter and body; never throws (a parse failure is reported in `error`). */
export function parseFrontmatter(text: string): ParsedMarkdown {
  const fm = readFrontmatter(text);
  const error = fm.error === undefined ? undefined : describe(fm.error);
  return {
    frontmatter: fm.data ?? {},
    hasFrontmatter: fm.hasBlock,
    body: fm.body,
    head: fm.head,
    ...(error !== undefined && { error }),
  };
}

/** A missing or unclosed block is no frontmatter, not an error: the harness reads the file as body. */
function describe(error: FrontmatterError): string | undefined {
  switch (error.kind) {
    case "missing":
    case "unclosed":
      return undefined;
    case "yaml":
      return `invalid YAML: ${error.message}${error.range ? ` at line ${error.range.line}, column ${error.range.column}` : ""}`;
    case "not-mapping":
      return "the frontmatter is not a YAML mapping";
  }
}
