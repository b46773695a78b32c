/**
 * `e.path`: the file a file tool (Read, Write, Edit, MultiEdit, NotebookEdit, Glob, Grep) works on.
 */
import picomatch from "picomatch";
import { isUnder, normalizePath } from "./shell/paths.js";

/** The file a file tool works on, raw and normalized, with `under` and `matches`. */
export interface PathView {
  /** The path as the tool received it; undefined when the tool input names none. */
  readonly value: string | undefined;
  /** The path normalized (`..` resolved, relative paths joined to the event's cwd). */
  readonly normalized: string | undefined;
  /**
   * The path is `dir` or inside it, compared after normalization, so `src/../.env` is not under `src`.
   * @example e.path.under(".github/workflows")
   */
  under(dir: string): boolean;
  /** The path matches a glob (picomatch, dotfiles included). */
  matches(glob: string): boolean;
}

/** Tool input fields that hold the path, in the order the tools use them. */
const PATH_FIELDS = ["file_path", "notebook_path", "path"] as const;

export function pathOfToolInput(input: Readonly<Record<string, unknown>> | undefined): string | undefined {
  if (!input) return undefined;
  for (const field of PATH_FIELDS) {
    const v = input[field];
    if (typeof v === "string" && v !== "") return v;
  }
  return undefined;
}

export function createPathView(value: string | undefined, cwd?: string): PathView {
  const normalized = value === undefined ? undefined : normalizePath(value, cwd);
  return {
    value,
    normalized,
    under: (dir) => value !== undefined && isUnder(value, dir, cwd),
    matches: (glob) =>
      normalized !== undefined &&
      (picomatch.isMatch(normalized, glob, { dot: true }) ||
        (value !== undefined && picomatch.isMatch(normalizePath(value), glob, { dot: true }))),
  };
}
