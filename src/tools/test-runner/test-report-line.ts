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
}

export type TestCaseStatus = "passed" | "failed" | "skipped";

/** One `test(name, fn)` of a harness file. */
export interface TestCaseResult {
  readonly name: string;
  readonly status: TestCaseStatus;
  readonly durationMs: number;
  readonly failure?: TestFailure;
  /** Why it skipped (`skip(reason)` inside the test). */
  readonly skipReason?: string;
}

export interface TestReportLine {
  readonly version: 1;
  readonly test: TestCaseResult;
}

/** The lines of a report file; a line that is not a v1 record is ignored (a partly written last line). */
export function parseTestReport(text: string): TestCaseResult[] {
  const out: TestCaseResult[] = [];
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    try {
      const parsed = JSON.parse(line) as Partial<TestReportLine>;
      if (parsed.version === 1 && parsed.test !== undefined) out.push(parsed.test);
    } catch {
      // A file killed mid-write leaves half a line; the file's own exit status still counts.
    }
  }
  return out;
}
