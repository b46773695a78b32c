/**
 * What a harness file's `test()` calls tell `vigiles test`: one JSON line per test, appended to the
 * file named by VIGILES_TEST_REPORT. Versioned so a newer runner can tell an older file's lines.
 */

export const TEST_REPORT_ENV = "VIGILES_TEST_REPORT";
/** The `-t/--grep` pattern, as a RegExp source, for `test()` to filter by name. */
export const TEST_GREP_ENV = "VIGILES_TEST_GREP";

/** Where in the harness file a failure was thrown (1-based). */
export interface SourceLocation {
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

/** A failure: the whole message (every check, expected and got), and where it was thrown. */
export interface TestFailure {
  /** The error's name and message, as node prints it: `AssertionFailedError: 1 of 3 checks failed: …`. */
  readonly message: string;
  readonly location?: SourceLocation;
  /** A few lines of the source around the location, the failing column marked. */
  readonly frame?: string;
}

export type TestCaseStatus = "passed" | "failed" | "skipped";

/** One `test(name, fn)` of a harness file. */
export interface TestCaseResult {
  readonly name: string;
  readonly status: TestCaseStatus;
  readonly durationMs: number;
  readonly failure?: TestFailure;
  /** Why it skipped (`skip(reason)` inside the test, `todo`, `test.skip`, or a filter). */
  readonly skipReason?: string;
  /** Left out by `-t` or `.only`: counted as skipped, not listed (as Vitest does). */
  readonly filtered?: boolean;
  /** What the test wrote to stdout and stderr while it ran (hooks around it included), cut at 64 KB. */
  readonly console?: string;
}

/**
 * One line of the report: a test's result, or the full names of the tests the file is about to run
 * (written first, so a test that never reports, because the file died, is still counted).
 */
export type TestReportLine =
  | { readonly version: 1; readonly test: TestCaseResult }
  | { readonly version: 1; readonly declared: readonly string[] };

/** The results in a report file, in order; a line that is not a v1 record is ignored (a partly written last line). */
export function parseTestReport(text: string): { tests: TestCaseResult[]; declared: string[] } {
  const tests: TestCaseResult[] = [];
  const declared: string[] = [];
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    try {
      const parsed = JSON.parse(line) as { version?: unknown; test?: TestCaseResult; declared?: string[] };
      if (parsed.version !== 1) continue;
      if (parsed.test !== undefined) tests.push(parsed.test);
      if (Array.isArray(parsed.declared)) declared.push(...parsed.declared);
    } catch {
      // A file killed mid-write leaves half a line; the file's own exit status still counts.
    }
  }
  return { tests, declared };
}

/**
 * The results with every declared test that never reported added as failed: the file ended (an
 * exit, a crash, a timeout) before it ran or finished them. None is lost from the list or JUnit.
 */
export function withUnreported(
  tests: readonly TestCaseResult[],
  declared: readonly string[],
  why: string,
): TestCaseResult[] {
  const reported = new Set(tests.map((t) => t.name));
  const missing = declared.filter((name) => !reported.has(name));
  return [
    ...tests,
    ...missing.map((name) => ({
      name,
      status: "failed" as const,
      durationMs: 0,
      failure: { message: `Error: the test never reported: ${why}` },
    })),
  ];
}
