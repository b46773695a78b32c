/** Checks on the run as a whole: turns taken and files written. */
import { InvalidOptionError } from "../errors.js";
import { describeValue, isHookRunResult, isTrace, traceFile } from "../predicates/subject.js";
import { fail, makeCheck, onTrace, pass } from "./define.js";
import type { Check, CheckResult, JsonValue } from "./types.js";

/** An inclusive range; at least one bound. */
export interface Bounds {
  readonly min?: number;
  readonly max?: number;
}

/** Validates a `{min, max}` range and renders it: "between 2 and 3", "at least 2", "at most 3". */
export function describeBounds(bounds: Bounds, what: string): string {
  const { min, max } = bounds ?? {};
  for (const [key, value] of [
    ["min", min],
    ["max", max],
  ] as const) {
    if (value !== undefined && (typeof value !== "number" || Number.isNaN(value) || value < 0)) {
      throw new InvalidOptionError(
        `${what}: ${key} must be a non-negative number, got ${JSON.stringify(value)}.`,
      );
    }
  }
  if (min === undefined && max === undefined) {
    throw new InvalidOptionError(`${what} needs a min or a max, for example { min: 1, max: 3 }.`);
  }
  if (min !== undefined && max !== undefined) {
    if (min > max) throw new InvalidOptionError(`${what}: min (${min}) is greater than max (${max}).`);
    return min === max ? `exactly ${min}` : `between ${min} and ${max}`;
  }
  return min !== undefined ? `at least ${min}` : `at most ${String(max)}`;
}

export function withinBounds(value: number, bounds: Bounds): boolean {
  return (
    (bounds.min === undefined || value >= bounds.min) && (bounds.max === undefined || value <= bounds.max)
  );
}

export function boundsToJSON(bounds: Bounds): { [key: string]: JsonValue } {
  return {
    ...(bounds.min === undefined ? {} : { min: bounds.min }),
    ...(bounds.max === undefined ? {} : { max: bounds.max }),
  };
}

/**
 * Holds when the agent took a number of turns within the range (a blocked Stop adds a turn).
 *
 * @example
 * ```ts
 * assertChecks(trace, [turns({ min: 2, max: 3 })]);
 * ```
 */
export function turns(bounds: Bounds): Check {
  const range = describeBounds(bounds, "turns({ min, max })");
  const json = boundsToJSON(bounds);
  const label = `turns(${JSON.stringify(json)})`;
  return makeCheck(
    "turns",
    label,
    json,
    onTrace(label, (trace) => {
      if (!Number.isFinite(trace.turns)) return fail(`${label}: turns were not recorded for this run`);
      return withinBounds(trace.turns, bounds)
        ? pass(`the agent took ${trace.turns} turn(s), ${range}`)
        : fail(`expected ${range} turns, but the agent took ${trace.turns}`);
    }),
  );
}

/** Anything that may carry the list of files a run wrote (a Trace, a runHook or runScript result). */
export interface WritesRecord {
  readonly filesWritten?: readonly string[];
}

function describeWrites(written: readonly string[]): string {
  return written.length === 0 ? "nothing" : `[${written.join(", ")}]`;
}

/** Normalises a path argument the way filesWritten spells paths (relative, no leading `./`). */
export function writtenPath(path: unknown, what: string): string {
  if (typeof path !== "string" || path.trim() === "") {
    throw new InvalidOptionError(
      `${what} takes a path relative to the work dir, got ${JSON.stringify(path)}.`,
    );
  }
  return path.replace(/^\.\//, "");
}

/** Verdict on recorded writes; `undefined` when nothing recorded them. */
export function wroteFile(record: WritesRecord, wanted: string): CheckResult | undefined {
  if (record.filesWritten === undefined) return undefined;
  return record.filesWritten.includes(wanted)
    ? pass(`the run wrote ${wanted}`)
    : fail(
        `expected the run to write ${JSON.stringify(wanted)}, but it wrote ${describeWrites(record.filesWritten)}`,
      );
}

/**
 * Holds when the run created or changed the file. Reads `filesWritten` when it was recorded (a
 * confined run); otherwise, on a Trace, whether the file exists after the run, and the message
 * says so. On a runScript or runHook result, its `filesWritten`; without one, the check fails.
 *
 * @example
 * ```ts
 * assertChecks(trace, [wrote("DONE")]);
 * ```
 */
export function wrote(path: string): Check {
  const wanted = writtenPath(path, "wrote(path)");
  const label = `wrote(${JSON.stringify(path)})`;
  return makeCheck("wrote", label, { path }, (subject) => {
    if (isTrace(subject)) {
      const recorded = wroteFile(subject, wanted);
      if (recorded) return recorded;
      const content = traceFile(subject, wanted);
      if (content === undefined) {
        return fail(
          `${label}: the Trace recorded no writes and has no file() (it was read back from JSON), so nothing can tell`,
        );
      }
      return content !== null
        ? pass(`${wanted} exists after the run (writes were not recorded, so it may have existed before)`)
        : fail(
            `expected the run to create ${JSON.stringify(wanted)}, but it does not exist after the run (writes were not recorded)`,
          );
    }
    const record = subject as WritesRecord | null;
    if (typeof record === "object" && record !== null && Array.isArray(record.filesWritten)) {
      return wroteFile(record, wanted) as CheckResult;
    }
    if (isHookRunResult(subject) || (typeof record === "object" && record !== null && "exitCode" in record)) {
      return fail(`${label}: the run did not record its writes (filesWritten is undefined; run it confined)`);
    }
    return fail(
      `${label} reads a Trace or a run result with filesWritten, but got ${describeValue(subject)}`,
    );
  });
}
