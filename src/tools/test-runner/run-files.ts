/**
 * Runs harness files as plain ES modules, each in its own node process: exit 0 passes, 77 is a loud
 * skip (`skip(reason)`), anything else fails. Files run concurrently up to a bound. A
 * file that declares tests with `test(name, fn)` reports each through a JSON-lines file
 * (./test-report-line.ts); a failure keeps its whole message and the line it was thrown at.
 */
import { existsSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import pLimit from "p-limit";
import { runProcess } from "../../runtime/process.js";
import { makeTempDir, removeTempDir } from "../../runtime/temp-dir.js";
import { SKIP_EXIT_CODE } from "../../tiers/harness/availability.js";
import { CLI_STARTED_ENV } from "../../tiers/harness/harness-version.js";
import { failureFromStderr } from "./failure-text.js";
import { loadTsxLoader } from "./optional-loaders.js";
import {
  parseTestReport,
  TEST_GREP_ENV,
  TEST_REPORT_ENV,
  withUnreported,
  type TestCaseResult,
  type TestFailure,
} from "./test-report-line.js";

/** Imports the file, then runs the tests it declared (./file-bootstrap.ts), compiled beside this one. */
function bootstrapPath(): string {
  const here = fileURLToPath(import.meta.url);
  return join(here, "..", `file-bootstrap${here.endsWith(".ts") ? ".ts" : ".js"}`);
}

/** `unverified`: it passed on a release outside the range the file declares (never a plain pass). */
export type TestFileStatus = "passed" | "failed" | "skipped" | "unverified";

export interface TestFileResult {
  /** Path relative to the run's cwd. */
  readonly file: string;
  /** The absolute path, for annotations. */
  readonly path: string;
  readonly status: TestFileStatus;
  readonly exitCode: number | null;
  readonly durationMs: number;
  readonly timedOut: boolean;
  readonly stdout: string;
  readonly stderr: string;
  /** One line that says why: the skip reason, or the failure's first error line. */
  readonly reason?: string;
  /** The file's own failure (an uncaught error, a timeout, a crash), whole, with its location. */
  readonly failure?: TestFailure;
  /** The file's `test(name, fn)` results, in order; empty for a file that declares none. */
  readonly tests: readonly TestCaseResult[];
  /** Not run: `--bail` stopped the run first. */
  readonly notRun?: boolean;
  /** Whether the file started a harness CLI (a runHarnessTest run); false for runHook / runScript files. */
  readonly startedCli?: boolean;
  /** The CLI release the file ran against, when the run named one (`vigiles test --harness-version`). */
  readonly release?: { readonly harness: string; readonly version: string };
}

export interface RunTestFilesOptions {
  readonly cwd?: string;
  /** Files running at once; default: the machine's cores. */
  readonly concurrency?: number;
  /** Per-file limit; default 10 minutes. */
  readonly timeoutMs?: number;
  /** Extra environment for every file (for example the coverage directory). */
  readonly env?: Readonly<Record<string, string>>;
  /** Run only the tests whose name matches (a RegExp source, as vitest's `-t`). */
  readonly grep?: string;
  /** Start no new file after this many failed (`--bail`); the ones running finish. */
  readonly bail?: number;
  readonly onResult?: (result: TestFileResult) => void;
  readonly signal?: AbortSignal;
}

const DEFAULT_FILE_TIMEOUT_MS = 10 * 60_000;

export async function runTestFiles(
  files: readonly string[],
  options: RunTestFilesOptions = {},
): Promise<TestFileResult[]> {
  const cwd = options.cwd ?? process.cwd();
  const limit = pLimit(Math.max(1, options.concurrency ?? availableParallelism()));
  const reports = makeTempDir("vigiles-test-reports-");
  let failed = 0;
  try {
    return await Promise.all(
      files.map((file, index) =>
        limit(async () => {
          if (options.bail !== undefined && failed >= options.bail) {
            const skipped = notRun(file, cwd);
            options.onResult?.(skipped);
            return skipped;
          }
          const result = await runOne(file, cwd, join(reports, `${index}.jsonl`), options);
          if (result.status === "failed") failed++;
          options.onResult?.(result);
          return result;
        }),
      ),
    );
  } finally {
    removeTempDir(reports);
  }
}

function notRun(file: string, cwd: string): TestFileResult {
  return {
    file: relative(cwd, file) || file,
    path: file,
    status: "skipped",
    exitCode: null,
    durationMs: 0,
    timedOut: false,
    stdout: "",
    stderr: "",
    reason: "not run: --bail stopped the run after a failure",
    tests: [],
    notRun: true,
  };
}

async function runOne(
  file: string,
  cwd: string,
  reportFile: string,
  options: RunTestFilesOptions,
): Promise<TestFileResult> {
  // TypeScript harness files run through tsx's loader; JavaScript ones run as they are.
  const bootstrap = bootstrapPath();
  const needsTsx = /\.m?ts$/.test(file) || bootstrap.endsWith(".ts");
  const loader = needsTsx ? ["--import", await loadTsxLoader()] : [];
  const run = await runProcess({
    argv: [process.execPath, ...loader, bootstrap, file],
    cwd,
    env: {
      ...process.env,
      ...options.env,
      VIGILES_TEST_FILE: file,
      [TEST_REPORT_ENV]: reportFile,
      [CLI_STARTED_ENV]: `${reportFile}.cli`,
      ...(options.grep !== undefined ? { [TEST_GREP_ENV]: options.grep } : {}),
    },
    timeoutMs: options.timeoutMs ?? DEFAULT_FILE_TIMEOUT_MS,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const report = existsSync(reportFile)
    ? parseTestReport(readFileSync(reportFile, "utf8"))
    : { tests: [], declared: [] };
  const tests = withUnreported(
    report.tests,
    report.declared,
    run.timedOut ? "the file timed out first" : `the file exited first (exit code ${run.exitCode})`,
  );
  const exitStatus: TestFileStatus =
    run.exitCode === 0 ? "passed" : run.exitCode === SKIP_EXIT_CODE ? "skipped" : "failed";
  // A test that never reported fails the file, whatever its exit code.
  const status: TestFileStatus = tests.some((t) => t.status === "failed") ? "failed" : exitStatus;
  const failure = status === "failed" ? fileFailure(run, file, tests) : undefined;
  const reason = reasonOf(status, run.stdout, run.stderr, run.exitCode, failure ?? failedCase(tests));
  return {
    file: relative(cwd, file) || file,
    path: file,
    status,
    exitCode: run.exitCode,
    durationMs: run.durationMs,
    timedOut: run.timedOut,
    stdout: run.stdout,
    stderr: run.stderr,
    ...(reason ? { reason } : {}),
    ...(failure ? { failure } : {}),
    tests,
    startedCli: existsSync(`${reportFile}.cli`),
  };
}

/** Why the file itself failed, beyond its tests: a timeout, a spawn error, an uncaught error. */
function fileFailure(
  run: {
    timedOut: boolean;
    spawnError?: { readonly message: string } | undefined;
    stderr: string;
    exitCode: number | null;
  },
  file: string,
  tests: readonly TestCaseResult[],
): TestFailure | undefined {
  if (run.spawnError) return { message: run.spawnError.message };
  if (run.timedOut) return { message: "timed out (the file and everything it started were killed)" };
  const fromStderr = failureFromStderr(run.stderr, file);
  // A failed test already carries its message; the file's own is then only the exit code.
  if (tests.some((t) => t.status === "failed") && fromStderr === undefined) return undefined;
  if (fromStderr !== undefined && tests.some((t) => t.failure?.message === fromStderr.message))
    return undefined;
  if (fromStderr !== undefined) return fromStderr;
  // No uncaught error to show: the file's own last word on stderr says why (a guard test that prints
  // what it found and exits 1), else its exit code.
  const last = run.stderr
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean)
    .at(-1);
  return {
    message: last !== undefined ? `${last} (exit code ${run.exitCode})` : `exit code ${run.exitCode}`,
  };
}

/**
 * The first failed `test()` of a file, as the file's failure: its assertion's message says why,
 * where the last line of output is often a passing test's console line.
 */
function failedCase(tests: readonly TestCaseResult[]): TestFailure | undefined {
  const failed = tests.find((t) => t.status === "failed" && t.failure !== undefined);
  return failed?.failure === undefined
    ? undefined
    : { ...failed.failure, message: `${failed.name}: ${failed.failure.message}` };
}

function reasonOf(
  status: TestFileStatus,
  stdout: string,
  stderr: string,
  exitCode: number | null,
  failure: TestFailure | undefined,
): string | undefined {
  if (status === "passed") return undefined;
  const lines = `${stderr}\n${stdout}`
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
  if (status === "skipped") return lines.find((l) => /skip/i.test(l)) ?? lines.at(-1) ?? "skipped";
  if (failure) return failure.message.split("\n")[0];
  return lines.at(-1) ?? `exit code ${exitCode}`;
}
