/**
 * The prose half of a case: `prompt.md` (frontmatter = case keys, body = the prompt) and
 * `graders/*.md` (frontmatter = grader keys, body = criteria or pattern), merged over `case.yaml`
 * the way Claude Code 2.1.328 merges them (prompt.md wins per key; prose graders are appended).
 */
import { parse } from "yaml";
import { SuiteFormatError } from "./errors.js";
import { PROSE_EXECUTION_KEYS, PROSE_SCHEMA_VERSION, PROSE_TOP_KEYS } from "./limits.js";

// The CLI's own frontmatter pattern: the block closes at the first `---` after the opening line,
// wherever it sits on its line.
const BLOCK = /^---\s*\n([\s\S]*?)---\s*\n?/;
const OPENING = /^---\s*\n/;

/** A markdown file split as the CLI splits it. */
export interface ProseFile {
  readonly frontmatter: Readonly<Record<string, unknown>>;
  readonly body: string;
  /** False when the file has no frontmatter block (a grader file without one is skipped). */
  readonly hadFrontmatter: boolean;
}

/** Splits `text` (the file `file`, for messages) into frontmatter and body, or throws. */
export function splitProse(text: string, file: string): ProseFile {
  const normalized = text.replace(/^\uFEFF/, "").replaceAll("\r\n", "\n");
  const match = BLOCK.exec(normalized);
  if (!match) {
    if (OPENING.test(normalized))
      throw new SuiteFormatError(
        "unterminated-frontmatter",
        file,
        'unterminated frontmatter (opening "---" with no closing "---"); close the block',
      );
    return { frontmatter: {}, body: normalized, hadFrontmatter: false };
  }
  let data: unknown;
  try {
    data = parse(match[1] ?? "");
  } catch (error) {
    const why = error instanceof Error ? error.message.split("\n")[0] : String(error);
    throw new SuiteFormatError("invalid-frontmatter-yaml", file, `invalid YAML frontmatter: ${why}`);
  }
  const body = normalized.slice(match[0].length);
  if (data === null || data === undefined) return { frontmatter: {}, body, hadFrontmatter: true };
  if (typeof data !== "object" || Array.isArray(data))
    throw new SuiteFormatError("frontmatter-not-object", file, "frontmatter must be a YAML object");
  return { frontmatter: data as Record<string, unknown>, body, hadFrontmatter: true };
}

/** What the prose files of one case contribute. */
export interface ProsePart {
  readonly top: Readonly<Record<string, unknown>>;
  readonly execution: Readonly<Record<string, unknown>>;
  readonly prompt?: string;
  readonly graders: readonly Record<string, unknown>[];
  /** Grader files skipped because they have no frontmatter (the CLI says nothing about them). */
  readonly ignoredGraderFiles: readonly string[];
  /** The file each prose grader came from, by grader name. */
  readonly graderFiles: Readonly<Record<string, string>>;
}

const TOP = new Set<string>(PROSE_TOP_KEYS);
const EXECUTION = new Set<string>(PROSE_EXECUTION_KEYS);
// The body fills this key of each type when the frontmatter leaves it unset.
const BODY_KEY: Readonly<Record<string, string>> = {
  llm: "criteria",
  baseline: "criteria",
  regex: "pattern",
};

/**
 * Reads `prompt.md` (undefined when absent) and the grader files (path -> text, any order) of one
 * case; undefined when they contribute nothing, as the CLI treats an empty prose case.
 */
export function readProse(
  prompt: { readonly file: string; readonly text: string } | undefined,
  graderFiles: ReadonlyMap<string, string>,
): ProsePart | undefined {
  if (prompt === undefined && graderFiles.size === 0) return undefined;
  const top: Record<string, unknown> = {};
  const execution: Record<string, unknown> = {};
  let promptText: string | undefined;
  if (prompt !== undefined) {
    const { frontmatter, body } = splitProse(prompt.text, prompt.file);
    if (body.trim().length > 0) promptText = body.trim();
    for (const [key, value] of Object.entries(frontmatter)) {
      if (TOP.has(key)) top[key] = value;
      else if (EXECUTION.has(key)) execution[key] = value;
      else
        throw new SuiteFormatError(
          "unknown-prompt-key",
          prompt.file,
          `unknown frontmatter key "${key}" (expected one of: ${[...TOP, ...EXECUTION].join(", ")})`,
        );
    }
  }
  const graders: Record<string, unknown>[] = [];
  const ignoredGraderFiles: string[] = [];
  const sources: Record<string, string> = {};
  for (const file of [...graderFiles.keys()].sort()) {
    const { frontmatter, body, hadFrontmatter } = splitProse(graderFiles.get(file) ?? "", file);
    if (!hadFrontmatter) {
      ignoredGraderFiles.push(file);
      continue;
    }
    const grader = graderOf(file, frontmatter, body.trim());
    graders.push(grader);
    sources[String(grader["name"])] = file;
  }
  const empty =
    promptText === undefined &&
    graders.length === 0 &&
    Object.keys(top).length === 0 &&
    Object.keys(execution).length === 0;
  if (empty) return undefined;
  return {
    top,
    execution,
    ...(promptText !== undefined && { prompt: promptText }),
    graders,
    ignoredGraderFiles,
    graderFiles: sources,
  };
}

function graderOf(file: string, frontmatter: Readonly<Record<string, unknown>>, body: string) {
  const type = frontmatter["type"];
  if (typeof type !== "string")
    throw new SuiteFormatError(
      "grader-without-type",
      file,
      'frontmatter must include "type:" (regex | tool_order | tool_used | file_exists | llm | baseline)',
    );
  const grader: Record<string, unknown> = { name: baseName(file), ...frontmatter };
  const bodyKey = BODY_KEY[type];
  if (bodyKey !== undefined && grader[bodyKey] === undefined && body.length > 0) grader[bodyKey] = body;
  return grader;
}

/**
 * The raw case the CLI validates: case.yaml (or a prose-only stand-in named after the directory)
 * with prompt.md's keys over it and the prose graders appended.
 */
export function mergeCase(
  yaml: Readonly<Record<string, unknown>> | undefined,
  prose: ProsePart,
  dirName: string,
): Record<string, unknown> {
  const base = yaml ?? { schema_version: PROSE_SCHEMA_VERSION, name: dirName };
  const merged: Record<string, unknown> = { ...base, ...prose.top };
  const baseExecution = isObject(base["execution"]) ? base["execution"] : {};
  const before = baseExecution["disallowed_tools"];
  const added = prose.execution["disallowed_tools"];
  merged["execution"] = {
    ...baseExecution,
    ...prose.execution,
    ...((before !== undefined || added !== undefined) && {
      disallowed_tools: joinDisallowed(before, added),
    }),
    ...(prose.prompt !== undefined && { prompt: prose.prompt }),
  };
  if (prose.graders.length > 0)
    merged["graders"] = [...(Array.isArray(base["graders"]) ? base["graders"] : []), ...prose.graders];
  return merged;
}

// Both lists are kept (yaml's first); a non-list on either side is passed on for the schema to refuse.
function joinDisallowed(before: unknown, added: unknown): unknown {
  if (before === undefined) return added;
  if (added === undefined) return before;
  if (!Array.isArray(before)) return before;
  return Array.isArray(added) ? [...(before as unknown[]), ...(added as unknown[])] : added;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function baseName(file: string): string {
  const last = file.slice(file.lastIndexOf("/") + 1);
  return last.endsWith(".md") ? last.slice(0, -3) : last;
}
