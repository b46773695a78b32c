/**
 * The one top-level handler of every `vigiles` command: whatever a command throws becomes one named
 * line on stderr and an exit code, never a stack trace. Bad input (a file that is missing, a folder,
 * a loop, not JSON; a flag value; any VigilesError, whose message says what to do) exits 2; an error
 * vigiles did not expect exits 1 and says so. VIGILES_DEBUG=1 adds the stack for a bug report.
 */
import { VigilesError } from "../core/errors.js";

export interface CommandFailure {
  /** 2 for bad input, 1 for an error vigiles did not expect. */
  readonly exitCode: 1 | 2;
  /** One line, without the `vigiles <command>: ` prefix. */
  readonly message: string;
}

/** What a node file-system error means for the path it names, and what to do. */
function fileSystemMeaning(code: string): string | undefined {
  switch (code) {
    case "ENOENT":
      return "does not exist: check the path";
    case "EISDIR":
      return "is a folder, not a file: pass the file itself";
    case "ENOTDIR":
      return "has a part that is not a folder: check the path";
    case "ELOOP":
      return "is a symlink loop: point the link at a real file";
    case "EACCES":
    case "EPERM":
      return "cannot be read with this user's permissions: fix its mode or owner";
    case "ENAMETOOLONG":
      return "is too long a path";
    default:
      return undefined;
  }
}

interface SystemError extends Error {
  code: string;
  path?: string;
}

function isSystemError(error: unknown): error is SystemError {
  return error instanceof Error && typeof (error as { code?: unknown }).code === "string";
}

/** The first line of a message: a command's failure is one line. */
function firstLine(text: string): string {
  return text.split("\n").find((l) => l.trim() !== "") ?? text;
}

/** Classifies what a command threw. */
export function describeFailure(error: unknown): CommandFailure {
  if (error instanceof VigilesError) return { exitCode: 2, message: firstLine(error.message) };
  if (isSystemError(error)) {
    const meaning = fileSystemMeaning(error.code);
    if (meaning !== undefined && error.path !== undefined)
      return { exitCode: 2, message: `"${error.path}" ${meaning} (${error.code}).` };
  }
  if (error instanceof SyntaxError)
    return { exitCode: 2, message: `invalid input: ${firstLine(error.message)}` };
  const text = error instanceof Error ? `${error.name}: ${firstLine(error.message)}` : String(error);
  return {
    exitCode: 1,
    message: `unexpected error (a bug in vigiles): ${text}. Rerun with VIGILES_DEBUG=1 for the stack and report it.`,
  };
}

/** The stack, for VIGILES_DEBUG=1 only. */
export function debugDetail(error: unknown): string | undefined {
  if (process.env["VIGILES_DEBUG"] !== "1") return undefined;
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
