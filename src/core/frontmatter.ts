/**
 * The YAML frontmatter of a markdown file (SKILL.md, agents/*.md, commands/*.md): a block between a
 * `---` line at the very top of the file and the next line that is `---`, parsed with `yaml`.
 * Harness-agnostic and pure: it reads text, never the disk, and never throws.
 */
import { LineCounter, isMap, isScalar, parseDocument } from "yaml";
import type { SourceRange } from "./audit/types.js";

/**
 * Why the frontmatter gave no mapping: `missing` (the file does not open with `---`), `unclosed`
 * (no closing `---` line), `yaml` (the block does not parse) or `not-mapping` (it parses to a list
 * or a scalar).
 */
export type FrontmatterErrorKind = "missing" | "unclosed" | "yaml" | "not-mapping";

/** What went wrong, with the 1-based file position of a YAML error. */
export interface FrontmatterError {
  readonly kind: FrontmatterErrorKind;
  readonly message: string;
  /** Line and column in the file (not in the block); only for `yaml` errors. */
  readonly range?: SourceRange;
}

/** A markdown file split into its frontmatter and body. */
export interface Frontmatter {
  /** The file opens with a `---` block closed by a `---` line (whether or not the YAML parses). */
  readonly hasBlock: boolean;
  /** The parsed mapping; undefined when there is no block or it is not a YAML mapping. */
  readonly data?: Readonly<Record<string, unknown>>;
  readonly error?: FrontmatterError;
  /** The file line and column of every top-level key. */
  readonly keyRanges: Readonly<Record<string, SourceRange>>;
  /** The raw block, opening and closing `---` lines included ("" when there is no block). */
  readonly head: string;
  /** The markdown after the closing `---` line (the whole text when there is no block). */
  readonly body: string;
}

const OPEN = /^\uFEFF?---[ \t]*\r?\n/;
const CLOSE = /^---[ \t]*$/m;
// The YAML starts on the line after the opening `---`.
const FIRST_YAML_LINE = 2;

/**
 * Splits `text` into its frontmatter and body and parses the frontmatter.
 *
 * @example
 * const fm = readFrontmatter("---\nname: greet\n---\nSay hello.\n");
 * fm.data; // { name: "greet" }
 * fm.keyRanges["name"]; // { line: 2, column: 1 }
 */
export function readFrontmatter(text: string): Frontmatter {
  const open = OPEN.exec(text);
  if (!open) return noBlock(text, "missing", "no `---` frontmatter block at the top of the file");
  const rest = text.slice(open[0].length);
  const close = CLOSE.exec(rest);
  if (!close) return noBlock(text, "unclosed", "the frontmatter block has no closing `---` line");
  const afterClose = open[0].length + close.index + close[0].length;
  const newline = /^\r?\n/.exec(text.slice(afterClose))?.[0] ?? "";
  const head = text.slice(0, afterClose + newline.length);
  const body = text.slice(head.length);
  const block = { hasBlock: true, head, body };

  const lineCounter = new LineCounter();
  const doc = parseDocument(rest.slice(0, close.index), { lineCounter, prettyErrors: false });
  const first = doc.errors[0];
  if (first) {
    const pos = lineCounter.linePos(first.pos[0]);
    const range = { line: pos.line + FIRST_YAML_LINE - 1, column: pos.col };
    return { ...block, keyRanges: {}, error: { kind: "yaml", message: first.message, range } };
  }
  const keyRanges: Record<string, SourceRange> = {};
  if (isMap(doc.contents)) {
    for (const item of doc.contents.items) {
      if (isScalar(item.key) && item.key.range) {
        const pos = lineCounter.linePos(item.key.range[0]);
        keyRanges[String(item.key.value)] = { line: pos.line + FIRST_YAML_LINE - 1, column: pos.col };
      }
    }
  }
  let data: unknown;
  try {
    data = doc.toJS();
  } catch (error) {
    // An alias bomb past yaml's maxAliasCount, for one.
    const message = error instanceof Error ? error.message : String(error);
    return { ...block, keyRanges, error: { kind: "yaml", message } };
  }
  if (data === null || data === undefined) return { ...block, data: {}, keyRanges };
  if (typeof data !== "object" || Array.isArray(data)) {
    return {
      ...block,
      keyRanges,
      error: { kind: "not-mapping", message: "the frontmatter is not a mapping of keys to values" },
    };
  }
  return { ...block, data: data as Record<string, unknown>, keyRanges };
}

function noBlock(text: string, kind: FrontmatterErrorKind, message: string): Frontmatter {
  return { hasBlock: false, error: { kind, message }, keyRanges: {}, head: "", body: text };
}
