/**
 * The baseline run: the suite once in a temp copy, unmutated, recording what each test file (or
 * the project's command) exercised. It must pass: a suite that fails without a mutant kills every
 * mutant for nothing.
 */
import { realpathSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import pLimit from "p-limit";
import { COVERAGE_DIR_ENV, readCoverageRecords, type CoverageRecord } from "../../runtime/coverage-record.js";
import { runProcess } from "../../runtime/process.js";
import { discoverHarnessFiles } from "../test-runner/discover.js";
import { runTestFiles, type TestFileResult } from "../test-runner/run-files.js";
import { makeMutantCopy, removeCopy, type MutantCopy, type SharedModules } from "./copy.js";
import { MutateSetupError, type MutateOptions } from "./options.js";
import { ownTemp } from "./run-tests.js";

export interface Baseline {
  readonly tests: readonly string[];
  readonly durationMs: number;
  readonly slowestMs: number;
  /** Coverage per test file (relative), or under the custom command; empty when nothing recorded. */
  readonly records: ReadonlyMap<string, readonly CoverageRecord[]>;
  /** The real path of the copy the baseline ran in (the records' files are under it). */
  readonly realRoot: string;
  /** How long each test took in it, by test (as in `tests`). */
  readonly durations: ReadonlyMap<string, number>;
}

/**
 * The baseline while it runs, for mutants started before it is in (speculate.ts): what the test
 * files that already passed recorded, and how many of its slots stand idle (every file started,
 * fewer running than the concurrency). Listeners hear of each change.
 */
export class BaselineProgress {
  private readonly passed = new Map<
    string,
    { readonly records: readonly CoverageRecord[]; readonly ms: number }
  >();
  private readonly listeners: (() => void)[] = [];
  private realRoot: string | undefined;
  private waiting = 0;
  private active = 0;
  private concurrency = 1;
  /** sofar()'s answer until the next file ends (speculation asks once per queued mutant). */
  private memo: { readonly baseline: Baseline | undefined } | undefined;

  /** The baseline so far, shaped as a finished one; undefined until a file that recorded coverage passed. */
  sofar(): Baseline | undefined {
    this.memo ??= { baseline: this.build() };
    return this.memo.baseline;
  }

  private build(): Baseline | undefined {
    if (this.realRoot === undefined) return undefined;
    const records = new Map<string, readonly CoverageRecord[]>();
    for (const [file, p] of this.passed) if (p.records.length > 0) records.set(file, p.records);
    if (records.size === 0) return undefined;
    const durations = new Map([...this.passed].map(([file, p]) => [file, p.ms]));
    return {
      tests: [...this.passed.keys()],
      durationMs: 0,
      slowestMs: Math.max(...durations.values()),
      records,
      realRoot: this.realRoot,
      durations,
    };
  }

  idleSlots(): number {
    return this.waiting > 0 ? 0 : Math.max(0, this.concurrency - this.active);
  }

  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  /** @internal the baseline's own updates */
  started(realRoot: string, files: number, concurrency: number): void {
    this.realRoot = realRoot;
    this.waiting = files;
    this.concurrency = concurrency;
    this.memo = undefined;
  }

  /** @internal */
  fileStarted(): void {
    this.waiting--;
    this.active++;
  }

  /** @internal a file ended; `records` only when it passed */
  fileEnded(file: string, ms: number, records: readonly CoverageRecord[] | undefined): void {
    this.active--;
    if (records !== undefined) this.passed.set(file, { records, ms });
    this.memo = undefined;
    for (const listener of this.listeners) listener();
  }
}

function readRecords(dir: string): CoverageRecord[] {
  try {
    return readCoverageRecords(dir);
  } catch {
    return []; // nothing in this run used vigiles' runners
  }
}

async function commandBaseline(
  command: string,
  copy: MutantCopy,
  signal: AbortSignal | undefined,
): Promise<Baseline> {
  const started = performance.now();
  // Tests that use vigiles' runners record what they reach even under the project's own command.
  const dir = join(copy.dir, "coverage", "command");
  const r = await runProcess({
    argv: ["sh", "-c", command],
    cwd: copy.root,
    env: { ...process.env, ...ownTemp(copy), HOME: copy.home, [COVERAGE_DIR_ENV]: dir },
    ...(signal ? { signal } : {}),
  });
  if (r.aborted) throw new MutateSetupError("interrupted during the baseline run");
  if (r.exitCode !== 0)
    throw new MutateSetupError(
      `the test command fails before any mutant (exit ${r.exitCode}): \`${command}\`. Make the suite pass first.\n${r.stderr.slice(-2000)}`,
    );
  const ms = performance.now() - started;
  const records = readRecords(dir);
  return {
    tests: [command],
    durationMs: ms,
    slowestMs: ms,
    records: new Map(records.length > 0 ? [[command, records]] : []),
    realRoot: realpathSync(copy.root),
    durations: new Map([[command, ms]]),
  };
}

async function filesBaseline(
  root: string,
  copy: MutantCopy,
  options: MutateOptions,
  progress: BaselineProgress | undefined,
): Promise<Baseline> {
  const started = performance.now();
  const files = discoverHarnessFiles(options.testPaths ?? [], copy.root);
  if (files.length === 0)
    throw new MutateSetupError(
      `no harness files (*.harness.{mjs,js,mts,ts}) under ${(options.testPaths ?? ["."]).join(", ")} in ${root}: nothing could notice a mutant.`,
    );
  const concurrency = Math.max(1, options.concurrency ?? availableParallelism());
  const limit = pLimit(concurrency);
  progress?.started(realpathSync(copy.root), files.length, concurrency);
  const results = await Promise.all(
    files.map((file, i) =>
      limit(async () => {
        progress?.fileStarted();
        const dir = join(copy.dir, "coverage", String(i));
        const [r] = await runTestFiles([file], {
          cwd: copy.root,
          env: { HOME: copy.home, [COVERAGE_DIR_ENV]: dir },
          ...(options.signal ? { signal: options.signal } : {}),
        });
        const result = r as TestFileResult;
        const records = readRecords(dir);
        progress?.fileEnded(result.file, result.durationMs, result.status === "passed" ? records : undefined);
        return { result, records };
      }),
    ),
  );
  if (options.signal?.aborted) throw new MutateSetupError("interrupted during the baseline run");
  const failed = results.filter((r) => r.result.status === "failed");
  if (failed.length > 0)
    throw new MutateSetupError(
      `the suite fails before any mutant: ${failed.map((f) => `${f.result.file} (${f.result.reason ?? "failed"})`).join("; ")}. Make it pass first.`,
    );
  const ran = results.filter((r) => r.result.status === "passed");
  if (ran.length === 0)
    throw new MutateSetupError(
      "every harness file skipped in the baseline run: nothing could notice a mutant.",
    );
  const records = new Map<string, readonly CoverageRecord[]>();
  for (const r of ran) if (r.records.length > 0) records.set(r.result.file, r.records);
  return {
    tests: ran.map((r) => r.result.file),
    durationMs: performance.now() - started,
    slowestMs: Math.max(...ran.map((r) => r.result.durationMs)),
    records,
    realRoot: realpathSync(copy.root),
    durations: new Map(ran.map((r) => [r.result.file, r.result.durationMs])),
  };
}

/**
 * Runs the unmutated suite once in a copy of `root`; throws {@link MutateSetupError} when it cannot
 * pass. `progress` hears of each harness file as it ends (a `--command` run is one whole).
 */
export async function runBaseline(
  root: string,
  options: MutateOptions,
  shared: SharedModules | undefined,
  progress?: BaselineProgress,
): Promise<Baseline> {
  const copy = makeMutantCopy(root, shared);
  try {
    return options.command !== undefined
      ? await commandBaseline(options.command, copy, options.signal)
      : await filesBaseline(root, copy, options, progress);
  } finally {
    removeCopy(copy);
  }
}
