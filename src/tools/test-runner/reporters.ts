/**
 * The text of each `vigiles test` reporter, from the results: `default` (a line per file and per
 * test, every failure whole), `github-actions` (a `::error file=…,line=…` workflow command per
 * failure, as vitest's reporter writes them), `json`. JUnit is in ./junit.ts.
 */
import type { TestFileResult } from "./run-files.js";
import type { TestFailure } from "./test-report-line.js";

export const REPORTERS = ["default", "list", "junit", "json", "github-actions"] as const;
export type ReporterName = (typeof REPORTERS)[number];

const indent = (text: string, by: string) =>
  text
    .split("\n")
    .map((l) => (l === "" ? l : `${by}${l}`))
    .join("\n");

/** `at path:line:col` (the path as the list shows the file) and the code frame, indented; empty without a location. */
function whereOf(r: TestFileResult, failure: TestFailure | undefined, by: string): string[] {
  const at = failure?.location;
  if (at === undefined) return [];
  const path = at.file === r.path ? r.file : at.file;
  return [`${by}at ${path}:${at.line}:${at.column}`, ...(failure?.frame ? [indent(failure.frame, by)] : [])];
}

/** A test's or file's console output under its line, marked so it does not read as the runner's. */
function consoleBlock(text: string | undefined, by: string): string[] {
  const trimmed = text?.replace(/\s+$/, "");
  return trimmed ? [`${by}console:`, indent(trimmed, `${by}  | `)] : [];
}

/** Options of the default reporter. */
export interface DefaultLinesOptions {
  /** Show the console output of passing tests too (a failure's is always shown), as `vitest --reporter verbose`. */
  readonly verbose?: boolean;
}

/** The default reporter's lines for one file, printed as it finishes. */
export function defaultLines(r: TestFileResult, options: DefaultLinesOptions = {}): string {
  const verbose = options.verbose === true;
  const time = `${(r.durationMs / 1000).toFixed(1)}s`;
  const out: string[] = [];
  switch (r.status) {
    case "passed": {
      out.push(`  ✓ ${r.file} (${time})`);
      // A plain harness file's last line of output says what it checked; show it under the pass
      // (all of its output with --verbose).
      if (r.tests.length === 0 && verbose) out.push(...consoleBlock(r.stdout + r.stderr, "      "));
      const said = r.tests.length === 0 ? r.stdout.trim().split("\n").at(-1)?.trim() : undefined;
      if (said && !verbose) out.push(`      ${said}`);
      break;
    }
    case "skipped":
      out.push(`  - ${r.file} skipped: ${r.reason ?? ""}`);
      break;
    case "unverified":
      out.push(`  ? ${r.file} (${time}) passed, ${r.reason ?? "unverified"}`);
      break;
    case "failed":
      // A one-line reason goes on the file's line; a whole multi-line message goes under it.
      out.push(
        `  ✗ ${r.file} (${time})${r.tests.length === 0 && !r.failure?.message.includes("\n") && !r.failure?.location ? ` ${r.reason ?? ""}` : ""}`,
      );
      break;
  }
  for (const t of r.tests) {
    const ms = `${Math.round(t.durationMs)} ms`;
    switch (t.status) {
      case "passed":
        out.push(`      ✓ ${t.name} (${ms})`, ...(verbose ? consoleBlock(t.console, "          ") : []));
        break;
      case "skipped":
        // Left out by -t or .only: counted, not listed (as Vitest does).
        if (t.filtered !== true)
          out.push(`      - ${t.name} skipped${t.skipReason ? `: ${t.skipReason}` : ""}`);
        break;
      case "failed":
        out.push(`      ✗ ${t.name} (${ms})`);
        if (t.failure)
          out.push(indent(t.failure.message, "          "), ...whereOf(r, t.failure, "          "));
        out.push(...consoleBlock(t.console, "          "));
        break;
    }
  }
  // The whole message of the file's own failure (every check, expected and got), under its line.
  if (r.failure && (r.failure.message.includes("\n") || r.tests.length > 0 || r.failure.location))
    out.push(indent(r.failure.message, "      "), ...whereOf(r, r.failure, "      "));
  // A failed plain file's console (its stderr holds the error shown above).
  if (r.status === "failed" && r.tests.length === 0) out.push(...consoleBlock(r.stdout, "      "));
  return `${out.join("\n")}\n`;
}

type Outcome = "failed" | "passed" | "skipped" | "unverified";

/** `1 failed | 2 passed | 1 skipped (4)`, the zero counts left out, as Vitest prints its summary. */
function countsLine(outcomes: readonly Outcome[]): string {
  const order: Outcome[] = ["failed", "passed", "unverified", "skipped"];
  const parts = order
    .map((o) => [o, outcomes.filter((x) => x === o).length] as const)
    .filter(([, n]) => n > 0)
    .map(([o, n]) => `${n} ${o}`);
  return `${parts.join(" | ") || "none"} (${outcomes.length})`;
}

/**
 * The run's closing lines, labelled as Vitest labels them: `Test Files` counts harness files,
 * `Tests` counts tests (each `test()`, and each plain file without one as a single test).
 */
export function summaryLines(results: readonly TestFileResult[], elapsedMs: number): string {
  const tests = results.flatMap((r): Outcome[] =>
    r.tests.length > 0
      ? r.tests.map((t) => (r.status === "unverified" && t.status === "passed" ? "unverified" : t.status))
      : [r.status],
  );
  return (
    `\n Test Files  ${countsLine(results.map((r) => r.status))}\n` +
    `      Tests  ${countsLine(tests)}\n` +
    `   Duration  ${(elapsedMs / 1000).toFixed(1)}s\n`
  );
}

/** GitHub's escaping of a workflow command's data and of its properties. */
const escapeData = (s: string) => s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, "%3A").replace(/,/g, "%2C");

function annotation(file: string, title: string, failure: TestFailure | undefined, fallback: string): string {
  const at = failure?.location;
  const props = [
    `file=${escapeProperty(file)}`,
    ...(at ? [`line=${at.line}`, `col=${at.column}`] : []),
    `title=${escapeProperty(title)}`,
  ];
  return `::error ${props.join(",")}::${escapeData(failure?.message ?? fallback)}\n`;
}

/** One `::error` workflow command per failed test, and per file that failed outside its tests. */
export function githubActionsLines(results: readonly TestFileResult[]): string {
  let out = "";
  for (const r of results) {
    for (const t of r.tests)
      if (t.status === "failed") out += annotation(r.file, `${r.file} > ${t.name}`, t.failure, "failed");
    if (r.status === "failed" && (r.failure !== undefined || !r.tests.some((t) => t.status === "failed")))
      out += annotation(r.file, r.file, r.failure, r.reason ?? "failed");
  }
  return out;
}

/** The JSON report: versioned, every file with its tests. */
export function jsonReport(results: readonly TestFileResult[]): string {
  return JSON.stringify({ version: 1, results }, null, 2);
}
