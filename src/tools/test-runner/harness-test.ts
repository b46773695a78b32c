/**
 * `test`, `describe` and the lifecycle hooks for harness files, with Vitest's names and meaning
 * (`.skip`, `.only`, `.todo`, `.each`; `beforeAll`/`afterAll`/`beforeEach`/`afterEach`).
 *
 * Under Vitest with the `harnessFiles()` preset (`vigiles/vitest`), each declaration goes to Vitest
 * itself (./test-host.ts). Under `vigiles test` the file is imported by ./file-bootstrap.ts, which
 * runs the tests once the file's top level (awaits included) has finished; each result is a JSON
 * line in the file VIGILES_TEST_REPORT names. Run with plain node, the tests start once the top
 * level yields, and each prints a ✓/✗ line. The file exits 1 when a test failed, 77 when every test
 * skipped, else 0. An unhandled rejection fails the test that was running (or the file) and the
 * remaining tests still run.
 */
import { appendFileSync } from "node:fs";
import { resolve } from "node:path";
import { HarnessSkipped, SKIP_EXIT_CODE } from "../../tiers/harness/availability.js";
import { codeFrame, locationIn } from "./failure-text.js";
import { runTree } from "./run-tree.js";
import { testHost } from "./test-host.js";
import { eachCaseName, eachArgs } from "./each-name.js";
import { forwardDescribe, forwardHook, forwardTest } from "./host-forward.js";
import {
  checkFn,
  checkName,
  TestTree,
  type HarnessTestFn,
  type HookKind,
  type TestMode,
  type TestNode,
} from "./test-tree.js";
import {
  TEST_GREP_ENV,
  TEST_REPORT_ENV,
  type TestCaseResult,
  type TestFailure,
  type TestReportLine,
} from "./test-report-line.js";

export type { HarnessTestFn } from "./test-tree.js";

interface State {
  readonly tree: TestTree;
  readonly results: TestCaseResult[];
  running: TestNode | undefined;
  /** The running test's console output so far, then the last test's until it is recorded. */
  console: string | undefined;
  /** Rejects the running test's body with an unhandled rejection. */
  rejectRunning: ((reason: unknown) => void) | undefined;
  /** Runs in order: the tests declared before each start. */
  chain: Promise<void>;
  scheduled: boolean;
  fileFailed: boolean;
  finished: boolean;
}

const STATE_KEY = Symbol.for("vigiles.harness-tests");
/** Set by ./file-bootstrap.ts: it starts the run itself, once the file's top level has finished. */
export const DEFERRED_RUN_KEY = Symbol.for("vigiles.deferred-run");

type Global = { [STATE_KEY]?: State; [DEFERRED_RUN_KEY]?: boolean };

function harnessFile(): string | undefined {
  const file = process.env["VIGILES_TEST_FILE"] ?? process.argv[1];
  return file === undefined ? undefined : resolve(file);
}

function failureOf(error: unknown): TestFailure {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : `thrown: ${String(error)}`;
  const file = harnessFile();
  const stack = error instanceof Error ? (error.stack ?? "") : "";
  const location = file === undefined ? undefined : locationIn(stack, file);
  const frame = location === undefined ? undefined : codeFrame(location);
  return { message, ...(location ? { location } : {}), ...(frame ? { frame } : {}) };
}

function writeLine(line: TestReportLine): boolean {
  const reportFile = process.env[TEST_REPORT_ENV];
  if (reportFile === undefined || reportFile === "") return false;
  // One whole line per append: a file killed mid-run leaves the earlier tests readable.
  appendFileSync(reportFile, `${JSON.stringify(line)}\n`);
  return true;
}

function record(s: State, caseResult: TestCaseResult): void {
  const said = s.running === undefined ? s.console : undefined;
  s.console = undefined;
  const result = said ? { ...caseResult, console: said } : caseResult;
  s.results.push(result);
  if (writeLine({ version: 1, test: result })) return;
  const time = `${Math.round(result.durationMs)} ms`;
  switch (result.status) {
    case "passed":
      process.stdout.write(`✓ ${result.name} (${time})\n`);
      return;
    case "skipped":
      if (result.filtered !== true)
        process.stdout.write(`- ${result.name} skipped: ${result.skipReason ?? ""}\n`);
      return;
    case "failed":
      process.stdout.write(`✗ ${result.name} (${time})\n`);
      process.stderr.write(`${result.failure?.message ?? "failed"}\n`);
      return;
  }
}

const CONSOLE_LIMIT = 64 * 1024;

/**
 * Keeps a copy of what the running test writes, so the runner can show it under the test (always
 * for a failure, with --verbose for a pass, as Vitest does); the output still reaches the streams.
 */
function teeConsole(s: State): void {
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream) as (...args: unknown[]) => boolean;
    stream.write = ((chunk: unknown, ...rest: unknown[]) => {
      if (s.console !== undefined && s.console.length < CONSOLE_LIMIT)
        s.console = (
          s.console + (typeof chunk === "string" ? chunk : Buffer.from(chunk as Uint8Array).toString())
        ).slice(0, CONSOLE_LIMIT);
      return write(chunk, ...rest);
    }) as typeof stream.write;
  }
}

/** Runs a body, failing it with any unhandled rejection that arrives while it runs. */
function runBody(s: State, fn: HarnessTestFn): Promise<void> {
  return new Promise<void>((done, fail) => {
    s.rejectRunning = fail;
    Promise.resolve()
      .then(fn)
      .then(() => done(), fail);
  }).finally(() => {
    s.rejectRunning = undefined;
  });
}

function skipReasonOf(error: unknown): string | undefined {
  // skip() set the file's exit code to 77; inside a test it skips only that test.
  return error instanceof HarnessSkipped ? error.reason : undefined;
}

async function runDeclared(s: State): Promise<void> {
  const pending = s.tree.tests().filter((t) => !t.started);
  if (pending.length === 0) return;
  writeLine({ version: 1, declared: pending.map((t) => t.fullName) });
  const grep = process.env[TEST_GREP_ENV];
  const exitCodeBefore = process.exitCode;
  await runTree(s.tree, {
    grep: grep !== undefined && grep !== "" ? new RegExp(grep) : undefined,
    record: (r) => record(s, r),
    failureOf,
    runBody: (fn) => runBody(s, fn),
    skipReasonOf,
    onStart: (t) => {
      s.running = t;
      if (t !== undefined) s.console = "";
    },
  });
  if (process.exitCode === SKIP_EXIT_CODE) process.exitCode = exitCodeBefore;
}

/** Sets the file's exit code once the event loop is empty: every test has settled, or one never will. */
function finish(s: State): void {
  if (s.finished) return;
  s.finished = true;
  const running = s.running;
  if (running !== undefined) {
    s.running = undefined;
    record(s, {
      name: running.fullName,
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
  if (s.fileFailed || s.results.some((r) => r.status === "failed")) process.exitCode = 1;
  else if (prior === SKIP_EXIT_CODE || s.results.every((r) => r.status === "skipped"))
    process.exitCode = SKIP_EXIT_CODE;
  else process.exitCode = 0;
}

/** An unhandled rejection fails the running test; outside a test it fails the file. The run goes on. */
function onUnhandledRejection(s: State, reason: unknown): void {
  if (s.rejectRunning !== undefined) return s.rejectRunning(reason);
  s.fileFailed = true;
  const text = reason instanceof Error ? (reason.stack ?? reason.message) : String(reason);
  process.stderr.write(`Unhandled rejection outside a test:\n${text}\n`);
}

function stateOf(): State {
  const g = globalThis as Global;
  const existing = g[STATE_KEY];
  if (existing !== undefined) return existing;
  const s: State = {
    tree: new TestTree(),
    results: [],
    running: undefined,
    console: undefined,
    rejectRunning: undefined,
    chain: Promise.resolve(),
    scheduled: false,
    fileFailed: false,
    finished: false,
  };
  process.on("beforeExit", () => finish(s));
  if (process.env[TEST_REPORT_ENV]) teeConsole(s);
  process.on("unhandledRejection", (reason) => onUnhandledRejection(s, reason));
  g[STATE_KEY] = s;
  return s;
}

/** Called by ./file-bootstrap.ts once the file's top level has finished: runs what it declared. */
export function runDeclaredTests(): Promise<void> {
  const s = (globalThis as Global)[STATE_KEY];
  return s === undefined ? Promise.resolve() : (s.chain = s.chain.then(() => runDeclared(s)));
}

/** Without the bootstrap (plain node), run once the top level yields, as before. */
function schedule(s: State): void {
  if ((globalThis as Global)[DEFERRED_RUN_KEY] === true || s.scheduled) return;
  s.scheduled = true;
  setImmediate(() => {
    s.scheduled = false;
    s.chain = s.chain.then(() => runDeclared(s));
  });
}

function declareTest(name: string, fn: HarnessTestFn | undefined, mode: TestMode): void {
  checkName("test", name);
  if (mode === "run" || mode === "only") checkFn(`test("${name}", fn)`, fn);
  const host = testHost();
  if (host !== undefined) return forwardTest(host, name, fn, mode);
  const s = stateOf();
  s.tree.addTest(name, fn, mode);
  schedule(s);
}

function declareSuite(name: string, fn: () => unknown, mode: "run" | "skip" | "only"): void {
  checkName("describe", name);
  checkFn(`describe("${name}", fn)`, fn);
  const host = testHost();
  if (host !== undefined) return forwardDescribe(host, name, fn, mode);
  stateOf().tree.addSuite(name, fn, mode);
}

function declareHook(kind: HookKind, fn: HarnessTestFn): void {
  checkFn(`${kind}(fn)`, fn);
  const host = testHost();
  if (host !== undefined) return forwardHook(host, kind, fn);
  stateOf().tree.addHook(kind, fn);
}

/** Declares one test per case of a table; the name may use `%s`, `%d`, `%j`, `%#` and `$field`, as Vitest's `test.each`. */
function each<T>(cases: readonly T[]) {
  return (name: string, fn: (...args: never[]) => unknown): void => {
    cases.forEach((item, index) => {
      const args = eachArgs(item);
      declareTest(
        eachCaseName(name, item, index),
        () => (fn as (...a: unknown[]) => unknown)(...args),
        "run",
      );
    });
  };
}

/** `test` of a harness file: Vitest's shape, run by `vigiles test` or by Vitest with `vigiles/vitest`. */
export interface HarnessTest {
  (name: string, fn: HarnessTestFn): void;
  /** Declares a test that is reported as skipped and not run. */
  skip(name: string, fn?: HarnessTestFn): void;
  /** Runs only the `.only` tests (and suites) of the file. */
  only(name: string, fn: HarnessTestFn): void;
  /** A test still to write: reported as skipped with the reason "todo". */
  todo(name: string): void;
  /** One test per case: `test.each([[1, 2], [3, 4]])("adds %s and %s", (a, b) => …)`. */
  each<T>(
    cases: readonly T[],
  ): (name: string, fn: (...args: T extends readonly unknown[] ? T : [T]) => unknown) => void;
}

/**
 * Declares one test of a harness file; `vigiles test` reports each on its own (`-t` filters them by
 * name). A file without `test()` still works: it passes on exit 0. Two tests with one name are refused.
 *
 * @example
 * import { runHook, test } from "vigiles";
 * test("blocks a force push", () => {
 *   const r = runHook(["node", "guard.mjs"], { tool_name: "Bash", tool_input: { command: "git push -f" } });
 *   if (!r.blocked) throw new Error(`expected a block, got ${r.decision}`);
 * });
 */
export const test: HarnessTest = Object.assign(
  (name: string, fn: HarnessTestFn) => declareTest(name, fn, "run"),
  {
    skip: (name: string, fn?: HarnessTestFn) => declareTest(name, fn, "skip"),
    only: (name: string, fn: HarnessTestFn) => declareTest(name, fn, "only"),
    todo: (name: string) => declareTest(name, undefined, "todo"),
    each: each as HarnessTest["each"],
  },
);

/** `describe` of a harness file: groups tests under a name (joined with " > ") and scopes hooks. */
export interface HarnessDescribe {
  (name: string, fn: () => void): void;
  skip(name: string, fn: () => void): void;
  only(name: string, fn: () => void): void;
}

/**
 * Groups tests under a name; hooks declared inside apply to its tests only. The callback declares
 * tests synchronously, as in Vitest.
 *
 * @example
 * import { describe, test } from "vigiles";
 * describe("the guard", () => {
 *   test("blocks a force push", () => {});
 * });
 */
export const describe: HarnessDescribe = Object.assign(
  (name: string, fn: () => void) => declareSuite(name, fn, "run"),
  {
    skip: (name: string, fn: () => void) => declareSuite(name, fn, "skip"),
    only: (name: string, fn: () => void) => declareSuite(name, fn, "only"),
  },
);

/**
 * Runs `fn` once before the tests of the file (or of the enclosing `describe`).
 *
 * @example
 * import { beforeAll } from "vigiles";
 * beforeAll(() => {});
 */
export const beforeAll = (fn: HarnessTestFn): void => declareHook("beforeAll", fn);
/**
 * Runs `fn` once after the tests of the file (or of the enclosing `describe`).
 *
 * @example
 * import { afterAll } from "vigiles";
 * afterAll(() => {});
 */
export const afterAll = (fn: HarnessTestFn): void => declareHook("afterAll", fn);
/**
 * Runs `fn` before each test of the file (or of the enclosing `describe`).
 *
 * @example
 * import { beforeEach } from "vigiles";
 * beforeEach(() => {});
 */
export const beforeEach = (fn: HarnessTestFn): void => declareHook("beforeEach", fn);
/**
 * Runs `fn` after each test of the file (or of the enclosing `describe`), even when it failed.
 *
 * @example
 * import { afterEach } from "vigiles";
 * afterEach(() => {});
 */
export const afterEach = (fn: HarnessTestFn): void => declareHook("afterEach", fn);
