/**
 * The `vigiles/spec` builders for an instruction file (CLAUDE.md, AGENTS.md) written as a typed
 * `.spec.ts`. The spec is the source; the markdown is compiled from it with a content hash, and
 * every reference in it (file, directory, glob, command, symbol) is checked to exist.
 */
import { InvalidOptionError } from "../errors.js";

/** A file that must exist. */
export interface FileRef {
  readonly _ref: "file";
  readonly path: string;
}
/** A directory that must exist. */
export interface DirRef {
  readonly _ref: "dir";
  readonly path: string;
}
/** A glob that must match at least one path. */
export interface GlobRef {
  readonly _ref: "glob";
  readonly pattern: string;
}
/** A command whose target must exist: an npm/pnpm/yarn script or a Makefile target. */
export interface CmdRef {
  readonly _ref: "cmd";
  readonly command: string;
}
/** A symbol that a file must declare. */
export interface SymbolRef {
  readonly _ref: "symbol";
  readonly file: string;
  readonly name: string;
}
/** Anything a spec can reference. */
export type SpecRef = FileRef | DirRef | GlobRef | CmdRef | SymbolRef;

/** Text with references inside it, built with {@link instructions}. */
export interface Prose {
  readonly _kind: "prose";
  readonly parts: readonly (string | SpecRef)[];
}
/** Prose as a plain string or with references. */
export type ProseInput = string | Prose;

/** A rule a tool enforces (a linter rule, a hook, a test): the markdown names the enforcer. */
export interface EnforceRule {
  readonly _kind: "enforce";
  /** What enforces it, e.g. `eslint/no-console` or `vigiles audit`. */
  readonly by: string;
  readonly why: ProseInput;
}
/** A rule only the agent's judgement enforces. */
export interface GuidanceRule {
  readonly _kind: "guidance";
  readonly text: ProseInput;
}
/** A rule of an instruction file: enforced (naming what enforces it) or guidance. */
export type InstructionRule = EnforceRule | GuidanceRule;

/** The options of {@link instructionFile}. */
export interface InstructionFileOptions {
  /** The heading of the compiled file; defaults to the output file's name (e.g. `CLAUDE.md`). */
  readonly title?: string;
  /** Free sections, in order: the key becomes the heading (`"code-style"` → "Code Style"). */
  readonly sections?: Readonly<Record<string, ProseInput>>;
  /** Files worth knowing, each checked to exist: path → what it is. */
  readonly keyFiles?: Readonly<Record<string, ProseInput>>;
  /** Commands, each checked (npm scripts, Makefile targets): command → when to run it. */
  readonly commands?: Readonly<Record<string, ProseInput>>;
  /** Named rules, enforced or guidance. */
  readonly rules?: Readonly<Record<string, InstructionRule>>;
}

/** A whole instruction file: the default export of a `.spec.ts`. */
export interface InstructionFileSpec extends InstructionFileOptions {
  readonly _kind: "instruction-file";
}

function nonEmpty(what: string, value: string): void {
  if (typeof value !== "string" || value.trim() === "") {
    throw new InvalidOptionError(`${what} needs a non-empty string, got ${JSON.stringify(value)}.`);
  }
}

/**
 * Declares an instruction file.
 *
 * @example
 * export default instructionFile({
 *   sections: { overview: instructions`Run ${cmd("npm test")} before you push.` },
 *   keyFiles: { "src/index.ts": "The public entry." },
 *   rules: { "no-console": enforce("eslint/no-console", "Use the logger.") },
 * });
 */
export function instructionFile(options: InstructionFileOptions): InstructionFileSpec {
  return { _kind: "instruction-file", ...options };
}

/** A rule enforced by a tool; the markdown says which. */
export function enforce(by: string, why: ProseInput): EnforceRule {
  nonEmpty("enforce(by)", by);
  return { _kind: "enforce", by, why };
}

/** A rule that is guidance only. */
export function guidance(text: ProseInput): GuidanceRule {
  return { _kind: "guidance", text };
}

/** A file that must exist (relative to the spec's directory). */
export function file(path: string): FileRef {
  nonEmpty("file()", path);
  return { _ref: "file", path };
}

/** A directory that must exist. */
export function dir(path: string): DirRef {
  nonEmpty("dir()", path);
  return { _ref: "dir", path };
}

/** A glob that must match at least one path. */
export function glob(pattern: string): GlobRef {
  nonEmpty("glob()", pattern);
  return { _ref: "glob", pattern };
}

/** A command whose script or target must exist: `npm run build`, `npm test`, `make lint`. */
export function cmd(command: string): CmdRef {
  nonEmpty("cmd()", command);
  return { _ref: "cmd", command };
}

/** A symbol (function, class, constant, type) that `file` must declare. */
export function symbol(file: string, name: string): SymbolRef {
  nonEmpty("symbol(file)", file);
  nonEmpty("symbol(name)", name);
  return { _ref: "symbol", file, name };
}

/**
 * Prose with checked references inside it.
 *
 * @example
 * instructions`Tests live in ${dir("test")}; run them with ${cmd("npm test")}.`
 */
export function instructions(strings: TemplateStringsArray, ...refs: (SpecRef | string)[]): Prose {
  const parts: (string | SpecRef)[] = [];
  strings.forEach((s, i) => {
    if (s !== "") parts.push(s);
    const ref = refs[i];
    if (ref !== undefined) parts.push(ref);
  });
  return { _kind: "prose", parts };
}

/** True when `value` is a spec built by {@link instructionFile}. */
export function isInstructionFileSpec(value: unknown): value is InstructionFileSpec {
  return (
    typeof value === "object" && value !== null && (value as { _kind?: unknown })._kind === "instruction-file"
  );
}
