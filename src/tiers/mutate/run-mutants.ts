/**
 * `vigiles mutate` as a library call: a baseline run of the suite in a temp copy (recording what
 * each test file exercised), then each mutant in its own temp copy and HOME, concurrently with a
 * bound, running only the test files that touched the mutated item. The user's tree is only read.
 */
import { existsSync, mkdirSync, realpathSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join, relative, resolve } from "node:path";
import pLimit from "p-limit";
import { mutantCatalogue, mutantReach } from "../../core/mutate/catalogue.js";
import { overallScore, scoreItems } from "../../core/mutate/score.js";
import { reachFor, suggestionFor } from "../../core/mutate/suggest.js";
import type { Mutant, MutantResult, MutateReport, MutatedItem } from "../../core/mutate/types.js";
import { VigilesError } from "../../core/errors.js";
import { COVERAGE_DIR_ENV, readCoverageRecords, type CoverageRecord } from "../../runtime/coverage-record.js";
import { runProcess } from "../../runtime/process.js";
import { discoverHarnessFiles } from "../test-runner/discover.js";
import { runTestFiles, type TestFileResult } from "../test-runner/run-files.js";
import { applyMutant, behaviourSite, type AppliedMutant } from "./apply.js";
import {
  makeMutantCopy,
  makeSharedModules,
  removeCopy,
  removeSharedModules,
  type MutantCopy,
  type SharedModules,
} from "./copy.js";
import { inventory, itemFiles } from "./inventory.js";
import { selectTests, testLinks } from "./select-tests.js";

export interface MutateOptions {
  /** The repository to mutate (copied per mutant). Default: the current directory. */
  readonly root?: string;
  /** Where the harness files are, relative to the root (as `vigiles test [paths]`). Default: the root. */
  readonly testPaths?: readonly string[];
  /** The project's own test command (run with `sh -c` in the copy) instead of `vigiles test`. */
  readonly command?: string;
  /** Mutants running at once. Default: the machine's cores. */
  readonly concurrency?: number;
  /** Mutate only items whose files changed since this git revision. */
  readonly since?: string;
  /** Per test-run limit. Default: five times the slowest baseline run, at least 60 s. */
  readonly timeoutMs?: number;
  readonly signal?: AbortSignal;
  /** Called as each mutant finishes. */
  readonly onMutant?: (result: MutantResult) => void;
}

/** What the mutants of one run share: the parent holding the linked node_modules. */
interface RunShared {
  readonly modules: SharedModules | undefined;
}

/** The suite could not be mutated: it fails or finds nothing without any mutant, or --since failed. */
export class MutateSetupError extends VigilesError {
  constructor(message: string, options?: { cause?: unknown }) {
    super("VIGILES_MUTATE_SETUP", message, options);
  }
}

interface Baseline {
  readonly tests: readonly string[];
  readonly durationMs: number;
  readonly slowestMs: number;
  /** Coverage per test file (relative), or under the custom command; empty when nothing recorded. */
  readonly records: ReadonlyMap<string, readonly CoverageRecord[]>;
  /** The real path of the copy the baseline ran in (the records' files are under it). */
  readonly realRoot: string;
}

async function changedFiles(
  root: string,
  rev: string,
  signal: AbortSignal | undefined,
): Promise<Set<string>> {
  const r = await runProcess({
    argv: ["git", "diff", "--name-only", "--relative", rev],
    cwd: root,
    env: process.env,
    ...(signal ? { signal } : {}),
  });
  if (r.exitCode !== 0)
    throw new MutateSetupError(
      `--since ${JSON.stringify(rev)}: git diff failed (${r.stderr.trim() || r.spawnError?.message || `exit ${r.exitCode}`}); pass a revision of this repository.`,
    );
  return new Set(r.stdout.split("\n").filter(Boolean));
}

function touchedSince(item: MutatedItem, changed: ReadonlySet<string>): boolean {
  return itemFiles(item).some((f) =>
    f.endsWith("/") ? [...changed].some((c) => c.startsWith(f)) : changed.has(f),
  );
}

async function runBaseline(root: string, options: MutateOptions, shared: RunShared): Promise<Baseline> {
  const copy = makeMutantCopy(root, shared.modules);
  try {
    const started = performance.now();
    if (options.command !== undefined) {
      // Tests that use vigiles' runners record what they reach even under the project's own command.
      const dir = join(copy.dir, "coverage", "command");
      const r = await runProcess({
        argv: ["sh", "-c", options.command],
        cwd: copy.root,
        env: { ...process.env, ...ownTemp(copy), HOME: copy.home, [COVERAGE_DIR_ENV]: dir },
        ...(options.signal ? { signal: options.signal } : {}),
      });
      if (r.aborted) throw new MutateSetupError("interrupted during the baseline run");
      if (r.exitCode !== 0)
        throw new MutateSetupError(
          `the test command fails before any mutant (exit ${r.exitCode}): \`${options.command}\`. Make the suite pass first.\n${r.stderr.slice(-2000)}`,
        );
      const ms = performance.now() - started;
      let records: CoverageRecord[] = [];
      try {
        records = readCoverageRecords(dir);
      } catch {
        records = []; // nothing in the suite used vigiles' runners
      }
      return {
        tests: [options.command],
        durationMs: ms,
        slowestMs: ms,
        records: new Map(records.length > 0 ? [[options.command, records]] : []),
        realRoot: realpathSync(copy.root),
      };
    }
    const files = discoverHarnessFiles(options.testPaths ?? [], copy.root);
    if (files.length === 0)
      throw new MutateSetupError(
        `no harness files (*.harness.{mjs,js,mts,ts}) under ${(options.testPaths ?? ["."]).join(", ")} in ${root}: nothing could notice a mutant.`,
      );
    const limit = pLimit(Math.max(1, options.concurrency ?? availableParallelism()));
    const results = await Promise.all(
      files.map((file, i) =>
        limit(async () => {
          const dir = join(copy.dir, "coverage", String(i));
          const [r] = await runTestFiles([file], {
            cwd: copy.root,
            env: { HOME: copy.home, [COVERAGE_DIR_ENV]: dir },
            ...(options.signal ? { signal: options.signal } : {}),
          });
          let records: CoverageRecord[] = [];
          try {
            records = readCoverageRecords(dir);
          } catch {
            records = []; // the file recorded nothing
          }
          return { result: r as TestFileResult, records };
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
    };
  } finally {
    removeCopy(copy);
  }
}

type Outcome = Pick<MutantResult, "status" | "reason" | "tests">;

/**
 * A temp dir of the copy's own for the project's command: a suite that keeps state under $TMPDIR
 * (`/tmp/claude-hook-test-state-…`, seen in the field) would otherwise share it between mutants
 * running at once, and one mutant's run would fail another's tests: a kill nothing earned.
 */
function ownTemp(copy: MutantCopy): Record<string, string> {
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

async function runTests(
  copy: MutantCopy,
  tests: readonly string[],
  env: Record<string, string>,
  timeoutMs: number,
  options: MutateOptions,
): Promise<Outcome | undefined> {
  const signal = options.signal ? { signal: options.signal } : {};
  if (options.command !== undefined) {
    const r = await runProcess({
      argv: ["sh", "-c", options.command],
      cwd: copy.root,
      env: { ...process.env, ...ownTemp(copy), HOME: copy.home, ...env },
      timeoutMs,
      ...signal,
    });
    if (r.aborted) return undefined;
    const tests = [options.command];
    if (r.spawnError || r.exitCode === 126 || r.exitCode === 127)
      return {
        status: "error",
        tests,
        reason: `the test command could not run: ${r.spawnError?.message ?? `exit ${r.exitCode}`}`,
      };
    if (r.exitCode === 0) return { status: "survived", tests };
    const last = `${r.stderr}\n${r.stdout}`
      .split("\n")
      .map((l) => l.trim())
      .filter(Boolean)
      .at(-1);
    return {
      status: "killed",
      tests,
      reason: r.timedOut ? "the test command timed out" : `exit ${r.exitCode}${last ? `: ${last}` : ""}`,
    };
  }
  const results = await runUntilFailure(
    tests.map((t) => join(copy.root, t)),
    { cwd: copy.root, concurrency: 1, timeoutMs, env: { HOME: copy.home, ...env }, ...signal },
    options.signal,
  );
  if (options.signal?.aborted) return undefined;
  const failed = results.filter((r) => r.status === "failed");
  const broken = failed.filter((r) => r.exitCode === null && !r.timedOut);
  if (broken.length > 0 && broken.length === failed.length)
    return {
      status: "error",
      tests,
      reason: `the tests could not run: ${broken.map((b) => `${b.file}: ${b.reason ?? "no exit code"}`).join("; ")}`,
    };
  const first = failed[0];
  if (first)
    return { status: "killed", tests, reason: `${first.file}: ${first.reason ?? `exit ${first.exitCode}`}` };
  if (results.every((r) => r.status === "skipped"))
    return { status: "error", tests, reason: "every selected test skipped: nothing ran against the mutant" };
  return { status: "survived", tests };
}

/** The tests a mutant runs against and why, or the status it gets without a run. */
function planTests(
  root: string,
  mutant: Mutant,
  baseline: Baseline,
  options: MutateOptions,
):
  | { tests: readonly string[]; why: string }
  | Pick<MutantResult, "status" | "reason" | "suggestion" | "testsWhy"> {
  const all = { tests: baseline.tests, why: "" };
  if (baseline.records.size === 0) {
    return options.command !== undefined
      ? { ...all, why: "the project's command, all of it (it recorded no coverage to pick by)" }
      : { ...all, why: "every test file (none recorded coverage to pick by)" };
  }
  const item = mutant.item;
  const links = testLinks(baseline.records, item, baseline.realRoot);
  if (mutant.other !== undefined)
    for (const [file, l] of testLinks(baseline.records, mutant.other, baseline.realRoot))
      links.set(file, new Set([...(links.get(file) ?? []), ...l]));
  const site = item.kind === "hook" ? behaviourSite(root, item) : "script";
  const picked = selectTests(mutant, links, site);
  if (picked.tests.length > 0) return { tests: picked.tests, why: picked.why };
  const reason =
    picked.byScriptOnly.length > 0
      ? mutantReach(mutant.kind) === "registration"
        ? `this mutant changes the registration; ${picked.byScriptOnly.join(", ")} run the hook only by its script, which never reads ${item.kind === "hook" ? item.file : "it"}`
        : `its command names no script a mutant can stand in for, so it is applied in the registration; ${picked.byScriptOnly.join(", ")} run the hook only another way`
      : "no test reached this item in the baseline run (no coverage record names it)";
  return {
    status: "not-exercised",
    reason,
    suggestion: reachFor(mutant, picked.byScriptOnly),
    testsWhy: "none: nothing reaches the item the way this mutant acts",
  };
}

async function runMutant(
  root: string,
  mutant: Mutant,
  baseline: Baseline,
  options: MutateOptions,
  shared: RunShared,
): Promise<MutantResult | undefined> {
  const base = {
    id: mutant.id,
    kind: mutant.kind,
    item: mutant.item.id,
    itemKind: mutant.item.kind,
    description: mutant.description,
  };
  const started = performance.now();
  const done = (o: Outcome & Partial<Pick<MutantResult, "suggestion">>, testsWhy: string): MutantResult => ({
    ...base,
    ...o,
    testsWhy,
    ...(o.status === "survived" ? { suggestion: suggestionFor(mutant) } : {}),
    durationMs: Math.round(performance.now() - started),
  });
  if (mutant.notApplicable !== undefined)
    return done({ status: "not-applicable", reason: mutant.notApplicable, tests: [] }, "none: not run");
  const plan = planTests(root, mutant, baseline, options);
  if (!("tests" in plan)) return done({ ...plan, tests: [] }, plan.testsWhy);
  if (options.signal?.aborted) return undefined;
  const copy = makeMutantCopy(root, shared.modules);
  try {
    let applied: AppliedMutant;
    try {
      applied = applyMutant(copy.root, mutant);
    } catch (error) {
      return done(
        {
          status: "error",
          tests: [],
          reason: `the mutant could not be applied: ${(error as Error).message}`,
        },
        plan.why,
      );
    }
    const timeoutMs = options.timeoutMs ?? Math.max(60_000, 5 * baseline.slowestMs);
    const outcome = await runTests(copy, plan.tests, applied.env, timeoutMs, options);
    if (outcome === undefined) return undefined;
    // A stub at the script that never ran: no test ran the hook as a process while it was there.
    if (
      outcome.status === "survived" &&
      applied.ranMarker !== undefined &&
      baseline.records.size === 0 &&
      !existsSync(applied.ranMarker)
    )
      return done(
        {
          status: "not-exercised",
          tests: outcome.tests,
          reason: `the tests ran, but none ran ${mutant.item.kind === "hook" ? (mutant.item.sources[0] ?? "the hook") : "it"} as a process while the mutant stood at its path (an in-process import, or no test of it)`,
          suggestion: reachFor(mutant, []),
        },
        plan.why,
      );
    return done(outcome, plan.why);
  } finally {
    removeCopy(copy);
  }
}

/**
 * Mutates the harness under `options.root` and reports what the tests noticed. Throws
 * {@link MutateSetupError} when the suite cannot be mutated at all (it fails unmutated, finds no
 * tests, or `--since` names no revision). On abort it stops launching, the running mutants are
 * killed, every copy is removed, and the partial report is marked `aborted`.
 */
export async function mutateHarness(options: MutateOptions = {}): Promise<MutateReport> {
  const started = performance.now();
  const root = resolve(options.root ?? process.cwd());
  let items = inventory(root).items;
  if (options.since !== undefined) {
    const changed = await changedFiles(root, options.since, options.signal);
    items = items.filter((i) => touchedSince(i, changed));
  }
  const mutants = mutantCatalogue(items);
  if (mutants.length === 0) {
    // Nothing to break (for example nothing changed since --since): no baseline run either.
    return {
      version: 2,
      root,
      selection: options.command !== undefined ? "command" : "all",
      selectionNote: `nothing to mutate${options.since !== undefined ? ` (no hook, program, skill or agent file changed since ${options.since})` : " (no hook, program, skill or agent found)"}`,
      baseline: { tests: [], durationMs: 0 },
      score: null,
      items: [],
      mutants: [],
      aborted: false,
      durationMs: Math.round(performance.now() - started),
    };
  }
  const shared: RunShared = { modules: makeSharedModules(root) };
  try {
    const baseline = await runBaseline(root, options, shared);
    const selection =
      options.command !== undefined ? "command" : baseline.records.size > 0 ? "coverage" : "all";
    const linked = baseline.records.size > 0;
    const selectionNote =
      selection === "command"
        ? linked
          ? `the project's command \`${options.command}\`, for every mutant whose item its coverage records reach the way the mutant acts (the rest are not exercised, without a run)`
          : `the project's command \`${options.command}\` (all of it, for every mutant: it recorded no coverage; a mutant at a script that no test ran as a process is not exercised)`
        : selection === "coverage"
          ? "only the test files whose coverage records reach the mutated item the way the mutant acts: by its script or through its registration for a behaviour mutant, through its registration for a registration mutant (the rest are not exercised, without a run)"
          : "all test files for every mutant: no test file wrote coverage records (use runHook/runHookProgram/runHarnessTest from vigiles to get them)";
    const limit = pLimit(Math.max(1, options.concurrency ?? availableParallelism()));
    // The slow ones first (a past-timeout mutant waits out a timeout), so the quick ones fill in around them.
    const order = mutants.map((m, i) => ({ m, i })).sort((a, b) => slowness(b.m) - slowness(a.m));
    const byIndex: (MutantResult | undefined)[] = [];
    await Promise.all(
      order.map(({ m, i }) =>
        limit(async () => {
          if (options.signal?.aborted) return;
          const r = await runMutant(root, m, baseline, options, shared);
          if (r !== undefined) options.onMutant?.(r);
          byIndex[i] = r;
        }),
      ),
    );
    const results = byIndex.filter((r): r is MutantResult => r !== undefined);
    return {
      version: 2,
      root,
      selection,
      selectionNote,
      baseline: {
        tests: baseline.tests.map((t) => relative(root, resolve(root, t)) || t),
        durationMs: Math.round(baseline.durationMs),
      },
      score: overallScore(results),
      items: scoreItems(results),
      mutants: results,
      aborted: options.signal?.aborted ?? false,
      durationMs: Math.round(performance.now() - started),
    };
  } finally {
    removeSharedModules(shared.modules);
  }
}

const slowness = (m: Mutant): number => (m.kind === "hook-past-timeout" ? 1 : 0);
