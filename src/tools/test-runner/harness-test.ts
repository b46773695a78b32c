/**
 * `test(name, fn)` for harness files: several tests in one `.harness.*` file, each reported on its
 * own by `vigiles test` (list, JUnit testcase, GitHub annotation). Tests run one after another, in
 * the order declared, after the file's top level has run. Under `vigiles test` each result is a
 * JSON line in the file VIGILES_TEST_REPORT names; run with plain node, each prints a ✓/✗ line.
 * The file exits 1 when a test failed, 77 when every test skipped, else 0.
 */
import { appendFileSync } from "node:fs";
import { resolve } from "node:path";
import { InvalidOptionError } from "../../core/errors.js";
import { HarnessSkipped, SKIP_EXIT_CODE } from "../../tiers/harness/availability.js";
import { locationIn } from "./failure-text.js";
import {
  TEST_GREP_ENV,
  TEST_REPORT_ENV,
  type TestCaseResult,
  type TestFailure,
  type TestReportLine,
} from "./test-report-line.js";

/** A test body: a function, or an async one; a throw (or rejection) fails the test. */
export type HarnessTestFn = () => unknown;

interface State {
  chain: Promise<void>;
  readonly results: TestCaseResult[];
  running: string | undefined;
  finished: boolean;
}

let state: State | undefined;

function harnessFile(): string | undefined {
  const file = process.env["VIGILES_TEST_FILE"] ?? process.argv[1];
  return file === undefined ? undefined : resolve(file);
}

function failureOf(error: unknown): TestFailure {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : `thrown: ${String(error)}`;
  const file = harnessFile();
  const stack = error instanceof Error ? (error.stack ?? "") : "";
  const location = file === undefined ? undefined : locationIn(stack, file);
  return { message, ...(location ? { location } : {}) };
}

function record(s: State, result: TestCaseResult): void {
  s.results.push(result);
  const reportFile = process.env[TEST_REPORT_ENV];
  if (reportFile !== undefined && reportFile !== "") {
    const line: TestReportLine = { version: 1, test: result };
    // One whole line per append: a file killed mid-run leaves the earlier tests readable.
    appendFileSync(reportFile, `${JSON.stringify(line)}\n`);
    return;
  }
  const time = `${Math.round(result.durationMs)} ms`;
  switch (result.status) {
    case "passed":
      process.stdout.write(`✓ ${result.name} (${time})\n`);
      return;
    case "skipped":
      process.stdout.write(`- ${result.name} skipped: ${result.skipReason ?? ""}\n`);
      return;
    case "failed":
      process.stdout.write(`✗ ${result.name} (${time})\n`);
      process.stderr.write(`${result.failure?.message ?? "failed"}\n`);
      return;
  }
}

async function runOne(s: State, name: string, fn: HarnessTestFn | undefined): Promise<void> {
  const grep = process.env[TEST_GREP_ENV];
  if (fn === undefined) return record(s, { name, status: "skipped", durationMs: 0, skipReason: "test.skip" });
  if (grep !== undefined && grep !== "" && !new RegExp(grep).test(name))
    return record(s, { name, status: "skipped", durationMs: 0, skipReason: `does not match -t ${grep}` });
  const exitCodeBefore = process.exitCode;
  const started = performance.now();
  s.running = name;
  try {
    await fn();
    record(s, { name, status: "passed", durationMs: performance.now() - started });
  } catch (error) {
    const durationMs = performance.now() - started;
    if (error instanceof HarnessSkipped) {
      // skip() set the file's exit code to 77; inside a test it skips only that test.
      process.exitCode = exitCodeBefore;
      record(s, { name, status: "skipped", durationMs, skipReason: error.reason });
    } else {
      record(s, { name, status: "failed", durationMs, failure: failureOf(error) });
    }
  } finally {
    s.running = undefined;
  }
}

/** Sets the file's exit code once the event loop is empty: every test has settled, or one never will. */
function finish(s: State): void {
  if (s.finished) return;
  s.finished = true;
  if (s.running !== undefined) {
    record(s, {
      name: s.running,
      status: "failed",
      durationMs: 0,
      failure: {
        message: "Error: the test never settled: its promise was still pending with nothing left to wait for",
      },
    });
  }
  const prior = process.exitCode;
  // A failure outside the tests (a throw at the top level) keeps its exit code.
  if (prior !== undefined && prior !== 0 && prior !== SKIP_EXIT_CODE) return;
  if (s.results.some((r) => r.status === "failed")) process.exitCode = 1;
  else if (prior === SKIP_EXIT_CODE || s.results.every((r) => r.status === "skipped"))
    process.exitCode = SKIP_EXIT_CODE;
  else process.exitCode = 0;
}

function stateOf(): State {
  if (state !== undefined) return state;
  const s: State = {
    // Start after the file's top level has run, so every test is declared before the first runs.
    chain: new Promise((done) => setImmediate(done)),
    results: [],
    running: undefined,
    finished: false,
  };
  process.on("beforeExit", () => finish(s));
  state = s;
  return s;
}

function declare(name: string, fn: HarnessTestFn | undefined, skipped: boolean): void {
  if (typeof name !== "string" || name.trim() === "")
    throw new InvalidOptionError(
      "test(name, fn): name must be a non-empty string naming what the test checks.",
    );
  if (!skipped && typeof fn !== "function")
    throw new InvalidOptionError(`test("${name}", fn): fn must be a function, got ${typeof fn}.`);
  const s = stateOf();
  s.chain = s.chain.then(() => runOne(s, name, skipped ? undefined : fn));
}

/**
 * Declares one test of a harness file; `vigiles test` reports each on its own (`-t` filters them by
 * name). A file without `test()` still works: it passes on exit 0.
 *
 * @example
 * import { runHook, test } from "vigiles";
 * test("blocks a force push", () => {
 *   const r = runHook(["node", "guard.mjs"], { tool_name: "Bash", tool_input: { command: "git push -f" } });
 *   if (!r.blocked) throw new Error(`expected a block, got ${r.decision}`);
 * });
 */
export const test: ((name: string, fn: HarnessTestFn) => void) & {
  /** Declares a test that is reported as skipped and not run. */
  skip(name: string, fn?: HarnessTestFn): void;
} = Object.assign((name: string, fn: HarnessTestFn) => declare(name, fn, false), {
  skip: (name: string) => declare(name, undefined, true),
});
