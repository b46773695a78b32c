/**
 * The whole failure of a harness file, read from what node printed for an uncaught error: the
 * message from the `Name: …` line down to the first stack frame (every check, expected and got,
 * as vitest shows it), and the file:line of the frame in the harness file itself.
 */
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
  const location = locationIn(stderr, file);
  return { message, ...(location ? { location } : {}) };
}
