/**
 * The shell parser behind the command view: `unbash`, a typed GNU Bash parser written in
 * JavaScript with no dependencies. It parses synchronously (so `decide` stays synchronous), a
 * command line in tens of microseconds, and loads in a few milliseconds, so a compiled hook that
 * asks about its command pays little for it.
 *
 * unbash is tolerant: it always returns a tree and lists what it could not read in `errors`. The
 * view needs to know whether bash itself would accept the text, so any error counts as a syntax
 * error here ({@link ShellParseError}), and the view falls back to its conservative word scan.
 */
import { parse, type Script } from "unbash";

export type { Assignment, Command, CommandNode, Script, Statement, SyntaxNode, Word, WordPart } from "unbash";

/** The command text is not valid shell (bash dialect). */
export class ShellParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ShellParseError";
  }
}

/** Parses a whole command line; throws {@link ShellParseError} when bash would reject it. */
export function parseShell(src: string): Script {
  const parsed = parse(src);
  const first = parsed.errors?.[0];
  if (first) throw new ShellParseError(`${first.message} at offset ${first.pos}`);
  return parsed;
}
