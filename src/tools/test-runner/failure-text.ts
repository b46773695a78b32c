/**
 * The whole failure of a harness file, read from what node printed for an uncaught error: the
 * message from the `Name: …` line down to the first stack frame (every check, expected and got,
 * as vitest shows it), and the file:line of the frame in the harness file itself.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { SourceLocation, TestFailure } from "./test-report-line.js";

const ERROR_HEAD = /^(?:[A-Z]\w*)?(?:Error|Exception)(?: \[\w+\])?: /;
const FRAME = /^\s+at /;

/** The location of the first stack frame inside `file` (an absolute path), if any. */
export function locationIn(stack: string, file: string): SourceLocation | undefined {
  for (const match of stack.matchAll(/(file:\/\/[^\s):]+|\/[^\s():]+):(\d+):(\d+)/g)) {
    const [, where, line, column] = match;
    if (where === undefined) continue;
    const path = where.startsWith("file://") ? fileURLToPath(where) : where;
    if (path === file) return { file, line: Number(line), column: Number(column) };
  }
  return undefined;
}

/**
 * Up to two lines before the location and one after, numbered, with a caret under the column (as
 * Vitest's code frame); undefined when the file cannot be read.
 */
export function codeFrame(at: SourceLocation): string | undefined {
  let source: string;
  try {
    source = readFileSync(at.file, "utf8");
  } catch {
    return undefined;
  }
  const lines = source.replace(/\n$/, "").split("\n");
  if (at.line < 1 || at.line > lines.length) return undefined;
  const from = Math.max(1, at.line - 2);
  const to = Math.min(lines.length, at.line + 1);
  const width = String(to).length;
  const out: string[] = [];
  for (let n = from; n <= to; n++) {
    out.push(
      `${n === at.line ? ">" : " "} ${String(n).padStart(width)} | ${(lines[n - 1] ?? "").slice(0, 160)}`,
    );
    if (n === at.line) out.push(`  ${" ".repeat(width)} | ${" ".repeat(Math.max(0, at.column - 1))}^`);
  }
  return out.join("\n");
}

/**
 * Node's header for a SyntaxError in an imported file: `file:///…:LINE`, the source line, and carets
 * under the token. The error's own stack names no location, so this is where it is.
 */
function syntaxErrorLocation(lines: readonly string[], file: string): SourceLocation | undefined {
  for (let i = 0; i + 2 < lines.length; i++) {
    const head = /^(file:\/\/\S+|\/\S+):(\d+)$/.exec(lines[i] ?? "");
    if (head === null || head[1] === undefined) continue;
    const path = head[1].startsWith("file://") ? fileURLToPath(head[1]) : head[1];
    if (path !== file) continue;
    const caret = (lines[i + 2] ?? "").indexOf("^");
    return { file, line: Number(head[2]), column: caret < 0 ? 1 : caret + 1 };
  }
  return undefined;
}

/** The failure node printed on stderr for `file`, or undefined when stderr holds no error. */
export function failureFromStderr(stderr: string, file: string): TestFailure | undefined {
  const lines = stderr.split("\n");
  const start = lines.findIndex((l) => ERROR_HEAD.test(l));
  if (start < 0) return undefined;
  const end = lines.findIndex((l, i) => i > start && FRAME.test(l));
  const message = lines
    .slice(start, end < 0 ? undefined : end)
    .join("\n")
    .trimEnd();
  const location = /^SyntaxError\b/.test(message)
    ? (syntaxErrorLocation(lines, file) ?? locationIn(stderr, file))
    : locationIn(stderr, file);
  const frame = location === undefined ? undefined : codeFrame(location);
  return { message, ...(location ? { location } : {}), ...(frame ? { frame } : {}) };
}
