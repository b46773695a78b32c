/**
 * One test run against one mutant in its copy: the project's command, or the selected harness
 * files one after another (the first failing file kills the mutant, the rest are not started).
 */
import { mkdirSync } from "node:fs";
import { join, relative } from "node:path";
import type { MutantResult } from "../../core/mutate/types.js";
import { runProcess } from "../../runtime/process.js";
import { runTestFiles, type TestFileResult } from "../test-runner/run-files.js";
import type { MutantCopy } from "./copy.js";
import type { MutateOptions } from "./options.js";

/** What a run made of a mutant. */
export type Outcome = Pick<MutantResult, "status" | "reason" | "tests">;

/** A run's outcome, and whether a test timed out. */
export interface TestRun {
  readonly outcome: Outcome;
  readonly timedOut: boolean;
  /** The harness file that failed and ended the run (files run in order; the ones after it did not run). */
  readonly killedBy?: string;
}

/**
 * A temp dir of the copy's own for the project's command: a suite that keeps state under $TMPDIR
 * (`/tmp/claude-hook-test-state-…`, seen in the field) would otherwise share it between mutants
 * running at once, and one mutant's run would fail another's tests: a kill nothing earned.
 */
export function ownTemp(copy: MutantCopy): Record<string, string> {
  const dir = join(copy.dir, "tmp");
  mkdirSync(dir, { recursive: true });
  return { TMPDIR: dir, TMP: dir, TEMP: dir };
}

/** Runs the files one after another and stops at the first that fails: one failure kills the mutant. */
async function runUntilFailure(
  files: readonly string[],
  options: Parameters<typeof runTestFiles>[1],
  signal: AbortSignal | undefined,
): Promise<TestFileResult[]> {
  const out: TestFileResult[] = [];
  for (const file of files) {
    if (signal?.aborted) break;
    const [r] = await runTestFiles([file], options);
    if (r === undefined) break;
    out.push(r);
    if (r.status === "failed") break;
  }
  return out;
}

async function runCommand(
  copy: MutantCopy,
  command: string,
  env: Record<string, string>,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<TestRun | undefined> {
  const r = await runProcess({
    argv: ["sh", "-c", command],
    cwd: copy.root,
    env: { ...process.env, ...ownTemp(copy), HOME: copy.home, ...env },
    timeoutMs,
    ...(signal ? { signal } : {}),
  });
  if (r.aborted) return undefined;
  const tests = [command];
  const timedOut = r.timedOut;
  if (r.spawnError || r.exitCode === 126 || r.exitCode === 127)
    return {
      outcome: {
        status: "error",
        tests,
        reason: `the test command could not run: ${r.spawnError?.message ?? `exit ${r.exitCode}`}`,
      },
      timedOut,
    };
  if (r.exitCode === 0) return { outcome: { status: "survived", tests }, timedOut };
  const last = `${r.stderr}\n${r.stdout}`
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean)
    .at(-1);
  return {
    outcome: {
      status: "killed",
      tests,
      reason: r.timedOut ? "the test command timed out" : `exit ${r.exitCode}${last ? `: ${last}` : ""}`,
    },
    timedOut,
  };
}

/** Runs `tests` (harness files relative to the copy, or the project's command) with the mutant's env. */
export async function runTests(
  copy: MutantCopy,
  tests: readonly string[],
  env: Record<string, string>,
  timeoutMs: number,
  options: MutateOptions,
): Promise<TestRun | undefined> {
  if (options.command !== undefined) return runCommand(copy, options.command, env, timeoutMs, options.signal);
  const signal = options.signal ? { signal: options.signal } : {};
  const results = await runUntilFailure(
    tests.map((t) => join(copy.root, t)),
    { cwd: copy.root, concurrency: 1, timeoutMs, env: { HOME: copy.home, ...env }, ...signal },
    options.signal,
  );
  if (options.signal?.aborted) return undefined;
  const failed = results.filter((r) => r.status === "failed");
  const timedOut = results.some((r) => r.timedOut);
  const broken = failed.filter((r) => r.exitCode === null && !r.timedOut);
  if (broken.length > 0 && broken.length === failed.length)
    return {
      outcome: {
        status: "error",
        tests,
        reason: `the tests could not run: ${broken.map((b) => `${b.file}: ${b.reason ?? "no exit code"}`).join("; ")}`,
      },
      timedOut,
    };
  const first = failed[0];
  if (first)
    return {
      outcome: {
        status: "killed",
        tests,
        reason: `${first.file}: ${first.reason ?? `exit ${first.exitCode}`}`,
      },
      timedOut,
      killedBy: relative(copy.root, first.path) || first.file,
    };
  if (results.every((r) => r.status === "skipped"))
    return {
      outcome: {
        status: "error",
        tests,
        reason: "every selected test skipped: nothing ran against the mutant",
      },
      timedOut,
    };
  return { outcome: { status: "survived", tests }, timedOut };
}
