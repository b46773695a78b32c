/**
 * Runs the declared tests of one harness file, as Vitest runs a file: one after another in
 * declaration order; `beforeAll`/`afterAll` once per suite around its tests, `beforeEach` (outer
 * first) and `afterEach` (inner first) around each; a failing `beforeAll` fails the suite's tests
 * without running them. `.only` anywhere runs only the `.only` tests and suites; `-t` runs only the
 * tests whose full name matches. Tests left out by `.only` or `-t` are reported as `filtered`, which
 * the list leaves out (as Vitest does) and the counts keep.
 */
import { suitePath, type HarnessTestFn, type SuiteNode, type TestNode, type TestTree } from "./test-tree.js";
import type { TestCaseResult, TestFailure } from "./test-report-line.js";

export interface RunTreeOptions {
  readonly grep: RegExp | undefined;
  readonly record: (result: TestCaseResult) => void;
  readonly failureOf: (error: unknown) => TestFailure;
  /** Runs one test body; the caller races it with the process's unhandled rejections. */
  readonly runBody: (fn: HarnessTestFn) => Promise<void>;
  /** A `skip(reason)` thrown inside a test: its reason, else undefined. */
  readonly skipReasonOf: (error: unknown) => string | undefined;
  readonly onStart: (test: TestNode | undefined) => void;
}

type Plan =
  { readonly run: true } | { readonly run: false; readonly reason: string; readonly filtered: boolean };

function planOf(test: TestNode, hasOnly: boolean, grep: RegExp | undefined): Plan {
  const path = suitePath(test.parent);
  // The filters first: a test they leave out is not listed, whatever its own mode.
  if (hasOnly && test.mode !== "only" && !path.some((s) => s.mode === "only"))
    return { run: false, reason: "not .only", filtered: true };
  if (grep !== undefined && !grep.test(test.fullName))
    return { run: false, reason: `does not match -t ${grep.source}`, filtered: true };
  if (test.mode === "todo") return { run: false, reason: "todo", filtered: false };
  if (test.mode === "skip" || path.some((s) => s.mode === "skip") || test.fn === undefined)
    return { run: false, reason: "test.skip", filtered: false };
  return { run: true };
}

/** Runs every test of `tree` not run yet; resolves when all have reported. */
export async function runTree(tree: TestTree, options: RunTreeOptions): Promise<void> {
  const all = tree.tests();
  const hasOnly =
    all.some((t) => t.mode === "only") || all.some((t) => suitePath(t.parent).some((s) => s.mode === "only"));
  const plans = new Map(all.map((t) => [t, planOf(t, hasOnly, options.grep)]));
  await runSuite(tree.root, plans, options, []);
}

function skipResult(test: TestNode, plan: Plan & { run: false }): TestCaseResult {
  return {
    name: test.fullName,
    status: "skipped",
    durationMs: 0,
    skipReason: plan.reason,
    ...(plan.filtered ? { filtered: true } : {}),
  };
}

async function runHooks(fns: readonly HarnessTestFn[], options: RunTreeOptions): Promise<unknown> {
  for (const fn of fns) {
    try {
      await options.runBody(fn);
    } catch (error) {
      return error ?? new Error("a hook threw undefined");
    }
  }
  return undefined;
}

async function runSuite(
  suite: SuiteNode,
  plans: ReadonlyMap<TestNode, Plan>,
  options: RunTreeOptions,
  outer: readonly SuiteNode[],
): Promise<void> {
  const path = [...outer, suite];
  const tests = collectTests(suite).filter((t) => !t.started);
  const toRun = tests.filter((t) => plans.get(t)?.run === true);
  if (toRun.length === 0) {
    for (const t of tests) report(t, plans, options);
    return;
  }
  const setupError = await runHooks(suite.hooks.beforeAll, options);
  if (setupError !== undefined) {
    // A skip(reason) in beforeAll skips the suite's tests; any other throw fails them.
    const skipReason = options.skipReasonOf(setupError);
    const failure = beforeAllFailure(options.failureOf(setupError));
    for (const t of tests) {
      t.started = true;
      const plan = plans.get(t);
      if (plan?.run === false) options.record(skipResult(t, plan));
      else if (skipReason !== undefined)
        options.record({ name: t.fullName, status: "skipped", durationMs: 0, skipReason });
      else options.record({ name: t.fullName, status: "failed", durationMs: 0, failure });
    }
  } else {
    for (const child of suite.children) {
      if (child.kind === "suite") await runSuite(child, plans, options, path);
      else if (!child.started) {
        const plan = plans.get(child);
        if (plan?.run === true) await runTest(child, path, options);
        else report(child, plans, options);
      }
    }
  }
  const teardownError = await runHooks(suite.hooks.afterAll, options);
  if (teardownError !== undefined)
    options.record({
      name: `${suite.fullName === "" ? "" : `${suite.fullName} > `}afterAll`,
      status: "failed",
      durationMs: 0,
      failure: options.failureOf(teardownError),
    });
}

const beforeAllFailure = (f: TestFailure): TestFailure => ({
  ...f,
  message: `beforeAll failed: ${f.message}`,
});

function collectTests(suite: SuiteNode): TestNode[] {
  return suite.children.flatMap((c) => (c.kind === "test" ? [c] : collectTests(c)));
}

function report(test: TestNode, plans: ReadonlyMap<TestNode, Plan>, options: RunTreeOptions): void {
  test.started = true;
  const plan = plans.get(test);
  if (plan !== undefined && !plan.run) options.record(skipResult(test, plan));
}

async function runTest(test: TestNode, path: readonly SuiteNode[], options: RunTreeOptions): Promise<void> {
  test.started = true;
  options.onStart(test);
  const started = performance.now();
  let error: unknown;
  let failed = false;
  const fail = (e: unknown) => {
    if (!failed) [failed, error] = [true, e];
  };
  const beforeError = await runHooks(
    path.flatMap((s) => s.hooks.beforeEach),
    options,
  );
  if (beforeError !== undefined) fail(beforeError);
  else if (test.fn !== undefined) await options.runBody(test.fn).catch(fail);
  const afterError = await runHooks(
    [...path].reverse().flatMap((s) => s.hooks.afterEach),
    options,
  );
  if (afterError !== undefined) fail(afterError);
  options.onStart(undefined);
  const durationMs = performance.now() - started;
  const skipReason = failed ? options.skipReasonOf(error) : undefined;
  if (!failed) options.record({ name: test.fullName, status: "passed", durationMs });
  else if (skipReason !== undefined)
    options.record({ name: test.fullName, status: "skipped", durationMs, skipReason });
  else
    options.record({ name: test.fullName, status: "failed", durationMs, failure: options.failureOf(error) });
}
