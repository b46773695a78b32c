/** Assertions on the final answer and on the files a run wrote. */
import picomatch from "picomatch";
import { AssertionFailedError, InvalidOptionError, VacuousAssertionError } from "../errors.js";
import { wrote, wroteFile, writtenPath, type WritesRecord } from "../checks/run-checks.js";
import { isHookRunResult, isTrace } from "../predicates/subject.js";
import { output } from "../checks/text-checks.js";
import type { TextPattern } from "../predicates/text-match.js";
import type { Trace } from "../trace.js";
import { assertCheck } from "./throw.js";

/**
 * Throws unless the final answer contains the text or matches the pattern.
 *
 * @example
 * ```ts
 * assertOutputContains(trace, /on it/);
 * ```
 */
export function assertOutputContains(trace: Trace, pattern: TextPattern): void {
  assertCheck(trace, output(pattern));
}

/**
 * Throws unless the run created (or changed) the file, relative to the work dir. Takes a Trace or
 * any result that records `filesWritten` (runScript, runHook); a result without that record throws
 * VacuousAssertionError.
 *
 * @example
 * ```ts
 * assertCreated(trace, "DONE");
 * ```
 */
export function assertCreated(subject: Trace | WritesRecord, path: string): void {
  if (isTrace(subject) || isHookRunResult(subject)) {
    assertCheck(subject, wrote(path));
    return;
  }
  const wanted = writtenPath(path, "assertCreated(result, path)");
  recordedWrites(subject, "assertCreated");
  const verdict = wroteFile(subject, wanted);
  if (verdict !== undefined && !verdict.pass) throw new AssertionFailedError(verdict.message);
}

function recordedWrites(subject: WritesRecord, what: string): readonly string[] {
  if (subject === null || typeof subject !== "object") {
    throw new InvalidOptionError(`${what} takes a run result, got ${JSON.stringify(subject)}.`);
  }
  if (subject.filesWritten === undefined) {
    throw new VacuousAssertionError(
      `${what}: this run did not record the files it wrote (filesWritten is undefined), so there is nothing to assert on. Use a confined run, which diffs the work dir.`,
    );
  }
  return subject.filesWritten;
}

/**
 * Throws unless the run wrote nothing. Takes a Trace or a runScript/runHook result; throws
 * VacuousAssertionError when writes were not recorded.
 *
 * @example
 * ```ts
 * assertNoWrite(result);
 * ```
 */
export function assertNoWrite(subject: WritesRecord): void {
  const written = recordedWrites(subject, "assertNoWrite");
  if (written.length > 0) {
    throw new AssertionFailedError(`expected the run to write nothing, but it wrote [${written.join(", ")}]`);
  }
}

/**
 * Throws unless every file the run wrote is one of `allowed` (paths or globs such as `out/**`).
 * Takes a Trace or a runScript/runHook result; throws VacuousAssertionError when writes were not recorded.
 *
 * @example
 * ```ts
 * assertWroteOnly(result, ["out/**", "REPORT.md"]);
 * ```
 */
export function assertWroteOnly(subject: WritesRecord, allowed: readonly string[]): void {
  if (!Array.isArray(allowed) || allowed.some((p) => typeof p !== "string" || p === "")) {
    throw new InvalidOptionError(
      `assertWroteOnly takes a list of paths or globs, got ${JSON.stringify(allowed)}.`,
    );
  }
  const written = recordedWrites(subject, "assertWroteOnly");
  const isAllowed = picomatch(
    allowed.map((p) => p.replace(/^\.\//, "")),
    { dot: true },
  );
  const outside = written.filter((path) => !isAllowed(path));
  if (outside.length > 0) {
    throw new AssertionFailedError(
      `expected the run to write only [${allowed.join(", ")}], but it also wrote [${outside.join(", ")}]`,
    );
  }
}
