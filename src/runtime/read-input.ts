/**
 * Reading a file the user gave vigiles (a settings file, an event, a transcript): every way it can be
 * unreadable is an InputFileError naming the file, what it is for, and what to do, so a command
 * prints one line instead of node's EISDIR text (which does not even name the path).
 */
import { readFileSync, statSync } from "node:fs";
import { VigilesError } from "../core/errors.js";

/** A file vigiles was asked to read is missing, a folder, a loop, unreadable or not valid JSON. */
export class InputFileError extends VigilesError {
  readonly path: string;

  constructor(path: string, message: string, options?: { cause?: unknown }) {
    super("VIGILES_INPUT_FILE", message, options);
    this.path = path;
  }
}

function reasonFor(code: string | undefined): string {
  switch (code) {
    case "ENOENT":
      return "does not exist: check the path";
    case "ELOOP":
      return "is a symlink loop: point the link at a real file";
    case "ENOTDIR":
      return "has a part that is not a folder: check the path";
    case "EACCES":
    case "EPERM":
      return "cannot be read with this user's permissions: fix its mode or owner";
    default:
      return `cannot be read (${code ?? "unknown error"})`;
  }
}

/**
 * The text of `path`, described as `what` in an error ("the project settings", "the transcript").
 *
 * @example
 * const text = readInputText(".claude/settings.json", "the project settings");
 */
export function readInputText(path: string, what: string): string {
  try {
    if (statSync(path).isDirectory())
      throw new InputFileError(path, `${what} "${path}" is a folder, not a file: pass the file itself.`);
    return readFileSync(path, "utf8");
  } catch (error) {
    if (error instanceof InputFileError) throw error;
    const code = (error as { code?: string }).code;
    throw new InputFileError(path, `${what} "${path}" ${reasonFor(code)}.`, { cause: error });
  }
}

/** The JSON value of `path`; invalid JSON is an InputFileError with the parser's position. */
export function readInputJson(path: string, what: string): unknown {
  return parseInputJson(readInputText(path, what), path, what);
}

/** `text`, read from `path`, as JSON; invalid JSON is an InputFileError naming the file. */
export function parseInputJson(text: string, path: string, what: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new InputFileError(path, `${what} "${path}" is not valid JSON (${detail}): fix the file.`, {
      cause: error,
    });
  }
}
