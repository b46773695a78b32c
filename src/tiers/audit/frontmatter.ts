/**
 * Reads the YAML frontmatter of a markdown file (SKILL.md, agents/*.md, commands/*.md) with the
 * `yaml` parser, keeping the line and column of every top-level key.
 */
import { LineCounter, parseDocument, isMap, isScalar } from "yaml";
import type { SourceRange } from "../../core/lint/types.js";

export interface Frontmatter {
  /** Undefined when the block is missing or does not parse. */
  readonly data?: Record<string, unknown>;
  readonly error?: { readonly message: string; readonly range?: SourceRange };
  readonly keyRanges: Record<string, SourceRange>;
  /** The markdown after the closing `---`. */
  readonly body: string;
}

/** Splits and parses the frontmatter block at the top of `text`. */
export function readFrontmatter(text: string): Frontmatter {
  const normalized = text.replace(/^\uFEFF/, "");
  const open = /^---[ \t]*\r?\n/.exec(normalized);
  if (!open)
    return {
      error: { message: "no `---` frontmatter block at the top of the file" },
      keyRanges: {},
      body: normalized,
    };
  const rest = normalized.slice(open[0].length);
  const close = /^---[ \t]*$/m.exec(rest);
  if (!close) {
    return {
      error: { message: "the frontmatter block has no closing `---` line" },
      keyRanges: {},
      body: normalized,
    };
  }
  const yamlText = rest.slice(0, close.index);
  const body = rest.slice(close.index + close[0].length).replace(/^\r?\n/, "");
  const lineCounter = new LineCounter();
  const doc = parseDocument(yamlText, { lineCounter, prettyErrors: false });
  const firstLine = 2; // the YAML starts on the line after the opening `---`
  const first = doc.errors[0];
  if (first) {
    const pos = lineCounter.linePos(first.pos[0]);
    return {
      error: { message: first.message, range: { line: pos.line + firstLine - 1, column: pos.col } },
      keyRanges: {},
      body,
    };
  }
  const data: unknown = doc.toJS();
  const keyRanges: Record<string, SourceRange> = {};
  if (isMap(doc.contents)) {
    for (const item of doc.contents.items) {
      if (isScalar(item.key) && item.key.range) {
        const pos = lineCounter.linePos(item.key.range[0]);
        keyRanges[String(item.key.value)] = { line: pos.line + firstLine - 1, column: pos.col };
      }
    }
  }
  if (data === null || data === undefined) return { data: {}, keyRanges, body };
  if (typeof data !== "object" || Array.isArray(data)) {
    return { error: { message: "the frontmatter is not a mapping of keys to values" }, keyRanges, body };
  }
  return { data: data as Record<string, unknown>, keyRanges, body };
}
