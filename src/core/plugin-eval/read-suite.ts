/**
 * Reads a whole eval suite from its files, as Claude Code 2.1.328's `claude plugin eval` discovers
 * and loads it. Pure: the caller hands in the files (paths relative to the suite root, `/`
 * separators); the tier reads the disk.
 */
import { LineCounter, isMap, isScalar, parseDocument } from "yaml";
import { SuiteFormatError } from "./errors.js";
import {
  CASE_YAML_KEYS,
  MAX_CASE_DEPTH,
  MAX_CASE_FILE_BYTES,
  MAX_GRADER_FILES,
  SKIPPED_DIRS,
} from "./limits.js";
import { mergeCase, readProse } from "./prose.js";
import type { SuiteCaseDefinition } from "./schema.js";
import { validateCase } from "./validate.js";

/** The suite's files: relative path -> text. */
export type SuiteFiles = ReadonlyMap<string, string>;

/** Where a case came from, in the CLI's words. */
export type CaseSource = "prose" | "case_yaml" | "mixed";

/** A case.yaml key the CLI drops without a word, with its 1-based line. */
export interface DroppedKey {
  readonly file: string;
  /** Dotted: `timeout`, `execution.max_turn`. */
  readonly key: string;
  readonly line: number;
}

/** One case that loads. */
export interface SuiteCase {
  /** The case directory relative to the suite root ("" for the root itself). */
  readonly dir: string;
  readonly source: CaseSource;
  readonly definition: SuiteCaseDefinition;
  readonly droppedKeys: readonly DroppedKey[];
  readonly ignoredGraderFiles: readonly string[];
  /** The file that defines each grader, by name (graders/<name>.md or case.yaml). */
  readonly graderFiles: Readonly<Record<string, string>>;
}

/** Every case of a suite that loads, and a named error for every one that does not. */
export interface SuiteRead {
  readonly cases: readonly SuiteCase[];
  readonly errors: readonly SuiteFormatError[];
}

const CASE_FILES = ["case.yaml", "prompt.md"];

/**
 * The case directories of a suite: every directory that directly holds `case.yaml` or
 * `prompt.md`, outside the skipped directories, sorted.
 */
export function discoverCases(paths: Iterable<string>): string[] {
  const dirs = new Set<string>();
  for (const path of paths) {
    const slash = path.lastIndexOf("/");
    const dir = slash < 0 ? "" : path.slice(0, slash);
    if (!CASE_FILES.includes(path.slice(slash + 1))) continue;
    if (dir.split("/").some((segment) => SKIPPED_DIRS.has(segment))) continue;
    dirs.add(dir);
  }
  return [...dirs].sort();
}

/**
 * Reads every case under the suite. `rootName` names a case that sits in the suite root itself.
 *
 * @example
 * const suite = readSuite(new Map([["greet/prompt.md", "Say hi"], ["greet/graders/hi.md", "---\ntype: regex\n---\nhi"]]), "evals");
 * suite.cases[0]?.definition.graders[0]?.type; // "regex"
 */
export function readSuite(files: SuiteFiles, rootName = "evals"): SuiteRead {
  const cases: SuiteCase[] = [];
  const errors: SuiteFormatError[] = [];
  for (const dir of discoverCases(files.keys())) {
    try {
      cases.push(readCase(files, dir, rootName));
    } catch (error) {
      if (!(error instanceof SuiteFormatError)) throw error;
      errors.push(error);
    }
  }
  return { cases, errors };
}

function readCase(files: SuiteFiles, dir: string, rootName: string): SuiteCase {
  const at = (name: string) => (dir === "" ? name : `${dir}/${name}`);
  if (dir !== "" && dir.split("/").length > MAX_CASE_DEPTH)
    throw new SuiteFormatError("too-deep", dir, `sits deeper than ${MAX_CASE_DEPTH} levels; move it up`);
  const yamlFile = at("case.yaml");
  const promptFile = at("prompt.md");
  const yamlText = sized(files, yamlFile);
  const promptText = sized(files, promptFile);
  const graderFiles = gradersOf(files, at("graders/"));
  const yaml = yamlText === undefined ? undefined : parseCaseYaml(yamlText, yamlFile);
  const prose = readProse(
    promptText === undefined ? undefined : { file: promptFile, text: promptText },
    graderFiles,
  );
  const raw = prose !== undefined ? mergeCase(yaml, prose, lastSegment(dir, rootName)) : yaml;
  if (raw === undefined)
    throw new SuiteFormatError(
      "no-case-definition",
      dir || ".",
      "no case definition: case.yaml and prompt.md are empty or missing (write the prompt in prompt.md)",
    );
  const source: CaseSource =
    prose !== undefined && yaml !== undefined ? "mixed" : prose ? "prose" : "case_yaml";
  const definition = validateCase(raw, yaml !== undefined ? yamlFile : dir || ".");
  return {
    dir,
    source,
    definition,
    droppedKeys: yamlText === undefined ? [] : droppedKeys(yamlText, yamlFile),
    ignoredGraderFiles: prose?.ignoredGraderFiles ?? [],
    graderFiles: Object.fromEntries(
      definition.graders.map((g) => [g.name, prose?.graderFiles[g.name] ?? yamlFile]),
    ),
  };
}

function sized(files: SuiteFiles, file: string): string | undefined {
  const text = files.get(file);
  if (text !== undefined && new TextEncoder().encode(text).length > MAX_CASE_FILE_BYTES)
    throw new SuiteFormatError(
      "file-too-large",
      file,
      `is over the ${MAX_CASE_FILE_BYTES}-byte cap; shorten it`,
    );
  return text;
}

// Only `.md` files directly inside `graders/` count.
function gradersOf(files: SuiteFiles, prefix: string): Map<string, string> {
  const graders = new Map<string, string>();
  for (const [path, text] of files)
    if (path.startsWith(prefix) && !path.slice(prefix.length).includes("/") && path.endsWith(".md"))
      graders.set(path, text);
  if (graders.size > MAX_GRADER_FILES)
    throw new SuiteFormatError(
      "too-many-grader-files",
      prefix,
      `has ${graders.size} .md entries (cap: ${MAX_GRADER_FILES}); split the case`,
    );
  for (const path of graders.keys()) sized(files, path);
  return graders;
}

/** case.yaml as a mapping; undefined when empty (the CLI treats an empty file as absent). */
function parseCaseYaml(text: string, file: string): Record<string, unknown> | undefined {
  const doc = parseDocument(text);
  const first = doc.errors[0];
  if (first)
    throw new SuiteFormatError(
      "invalid-case-yaml",
      file,
      `YAML parse failed: ${first.message.split("\n")[0]}`,
    );
  const data: unknown = doc.toJS();
  if (data === null || data === undefined) return undefined;
  if (typeof data !== "object" || Array.isArray(data))
    throw new SuiteFormatError("case-yaml-not-object", file, "case.yaml must be a YAML object");
  return data as Record<string, unknown>;
}

/** The keys of case.yaml outside the schema at the top, in `context` and in `execution`. */
export function droppedKeys(text: string, file: string): DroppedKey[] {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines });
  if (!isMap(doc.contents)) return [];
  const dropped: DroppedKey[] = [];
  const visit = (map: unknown, known: readonly string[], prefix: string) => {
    if (!isMap(map)) return;
    for (const item of map.items) {
      if (!isScalar(item.key)) continue;
      const key = String(item.key.value);
      if (known.includes(key)) continue;
      const line = item.key.range ? lines.linePos(item.key.range[0]).line : 1;
      dropped.push({ file, key: `${prefix}${key}`, line });
    }
  };
  visit(doc.contents, CASE_YAML_KEYS.top, "");
  visit(doc.contents.get("context", true), CASE_YAML_KEYS.context, "context.");
  visit(doc.contents.get("execution", true), CASE_YAML_KEYS.execution, "execution.");
  return dropped;
}

function lastSegment(dir: string, rootName: string): string {
  return dir === "" ? rootName : dir.slice(dir.lastIndexOf("/") + 1);
}
