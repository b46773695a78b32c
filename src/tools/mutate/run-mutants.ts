/**
 * `vigiles mutate` as a library call: a baseline run of the suite in a temp copy (recording what
 * each test file exercised), then each mutant in its own temp copy and HOME, concurrently with a
 * bound, running only the test files that touched the mutated item. The user's tree is only read.
 * The parts: baseline.ts (the unmutated run), plan-tests.ts (which tests per mutant), run-mutant.ts
 * (one mutant in its copy), run-tests.ts (one test run), since.ts (`--since`).
 */
import { dialectOf } from "../../adapters/registry.js";
import { statSync } from "node:fs";
import { availableParallelism } from "node:os";
import { relative, resolve } from "node:path";
import pLimit, { type LimitFunction } from "p-limit";
import { mutantCatalogue } from "../../core/mutate/catalogue.js";
import { overallScore, scoreHarnesses, scoreItems } from "../../core/mutate/score.js";
import type { HookItem, Mutant, MutantResult, MutateReport } from "../../core/mutate/types.js";
import { BaselineProgress, runBaseline, type Baseline } from "./baseline.js";
import { makeSharedModules, removeSharedModules } from "./copy.js";
import { inventory } from "./inventory.js";
import { MutateSetupError, type MutateOptions } from "./options.js";
import { planTests } from "./plan-tests.js";
import { probeRegistrations, type RegistrationProbe } from "./probe.js";
import { runLimitMs, runMutant } from "./run-mutant.js";
import { changedFiles, touchedSince } from "./since.js";
import { progressSource, soleSource, soleTest, speculate, type Speculation } from "./speculate.js";

export { MutateSetupError, type MutateOptions } from "./options.js";

const ignore = (): undefined => undefined;

function probeNote(probe: RegistrationProbe | undefined): string {
  if (probe === undefined) return "";
  return probe.usable
    ? `; a probe run with every registered command marked found ${probe.ran.size === 0 ? "no handler" : `${probe.ran.size} handler${probe.ran.size === 1 ? "" : "s"}`} run through the registration, so a survivor acting there on any other handler is not exercised`
    : `; the registration probe tells nothing (${probe.reason}), so registration mutants may survive on handlers no test runs through their registration`;
}

function selectionNoteFor(
  selection: MutateReport["selection"],
  linked: boolean,
  command: string | undefined,
  probe: RegistrationProbe | undefined,
): string {
  return selectionText(selection, linked, command) + probeNote(probe);
}

function selectionText(selection: MutateReport["selection"], linked: boolean, command?: string): string {
  switch (selection) {
    case "command":
      return linked
        ? `the project's command \`${command}\`, for every mutant whose item its coverage records reach the way the mutant acts (the rest are not exercised, without a run)`
        : `the project's command \`${command}\` (all of it, for every mutant: it recorded no coverage; a mutant at a script that no test ran as a process is not exercised)`;
    case "coverage":
      return "only the test files whose coverage records reach the mutated item the way the mutant acts: by its script or through its registration for a behaviour mutant, through its registration for a registration mutant (the rest are not exercised, without a run)";
    case "all":
      return "all test files for every mutant: no test file wrote coverage records (use runHook/runHookProgram/runHarnessTest from vigiles to get them)";
    default: {
      const never: never = selection;
      return never;
    }
  }
}

/** The slow ones first (a past-timeout mutant waits out a timeout), so the quick ones fill in around them. */
const slowness = (m: Mutant): number => (m.kind === "hook-past-timeout" ? 1 : 0);

/**
 * The order mutants take slots in after the baseline: the past-timeout ones, then the longest
 * expected run first (the sum of its planned tests' baseline durations), so no long run starts
 * last with the other cores idle (longest-processing-time-first scheduling).
 */
function runOrder(root: string, mutants: readonly Mutant[], baseline: Baseline, options: MutateOptions) {
  const expected = mutants.map((m) => {
    if (m.notApplicable !== undefined) return 0;
    const plan = planTests(root, m, baseline, options);
    return "tests" in plan ? plan.tests.reduce((ms, t) => ms + (baseline.durations.get(t) ?? 0), 0) : 0;
  });
  return mutants
    .map((m, i) => ({ m, i, ms: expected[i] ?? 0 }))
    .sort((a, b) => slowness(b.m) - slowness(a.m) || b.ms - a.ms);
}

/**
 * The limiter a mutant's run takes. A past-timeout run spends a second or more only waiting out
 * the timeout it was given (the harness cancels the hook, then goes on): at the default
 * concurrency (one run per core, each CPU-bound) those runs take one lane of their own beside the
 * cores, so a core is not left idle while one waits. A concurrency the user set is kept exactly:
 * a suite that cannot run more at once says so with it.
 */
function waitingLane(limit: LimitFunction, extraLane: boolean): (m: Mutant) => LimitFunction {
  if (!extraLane) return () => limit;
  const waiting = pLimit(1);
  return (m) => (m.kind === "hook-past-timeout" ? waiting : limit);
}

/**
 * For a run before the baseline is in: hooks, then programs, then skills and agents (the likeliest
 * exercised first). A past-timeout mutant goes after the other hooks' ones: it spends its run
 * waiting, and the slot it would take is an idle core; after the baseline it has a lane of its own.
 */
const likelihood = (m: Mutant): number => {
  switch (m.item.kind) {
    case "hook":
      return 3 - slowness(m);
    case "program":
    case "code-hook":
      return 1;
    case "skill":
    case "agent":
      return 0;
    default: {
      const never: never = m.item;
      return never;
    }
  }
};

/**
 * Mutates the harness under `options.root` and reports what the tests noticed. Throws
 * {@link MutateSetupError} when the suite cannot be mutated at all (it fails unmutated, finds no
 * tests, or `--since` names no revision). On abort it stops launching, the running mutants are
 * killed, every copy is removed, and the partial report is marked `aborted`.
 */
export async function mutateHarness(options: MutateOptions = {}): Promise<MutateReport> {
  const started = performance.now();
  const root = resolve(options.root ?? process.cwd());
  // A missing root has nothing to mutate: "0 mutants" would read as a pass.
  const stat = statSync(root, { throwIfNoEntry: false });
  if (stat === undefined || !stat.isDirectory())
    throw new MutateSetupError(
      `the repository to mutate, "${root}", ${stat === undefined ? "does not exist" : "is not a folder"}: pass the repository's folder with --root.`,
    );
  let items = inventory(root).items;
  if (options.since !== undefined) {
    const changed = await changedFiles(root, options.since, options.signal);
    items = items.filter((i) => touchedSince(i, changed));
  }
  const mutants = mutantCatalogue(items, (harness) => dialectOf(harness));
  if (mutants.length === 0) {
    // Nothing to break (for example nothing changed since --since): no baseline run either.
    return {
      version: 3,
      root,
      selection: options.command !== undefined ? "command" : "all",
      selectionNote: `nothing to mutate${options.since !== undefined ? ` (no hook, program, skill or agent file changed since ${options.since})` : " (no hook, program, skill or agent found)"}`,
      baseline: { tests: [], durationMs: 0 },
      score: null,
      items: [],
      harnesses: [],
      mutants: [],
      aborted: false,
      durationMs: Math.round(performance.now() - started),
    };
  }
  const shared = makeSharedModules(root);
  const concurrency = Math.max(1, options.concurrency ?? availableParallelism());
  let speculation: Speculation | undefined;
  try {
    const speculating = options.speculate !== false && concurrency >= 2;
    const sole = speculating ? soleTest(root, options) : undefined;
    let baselineRunning = true;
    const running = () => baselineRunning;
    const progress = new BaselineProgress();
    const baselineRun = runBaseline(root, options, shared, progress);
    if (speculating) {
      const candidates = mutants
        .filter((m) => m.notApplicable === undefined)
        .sort((a, b) => likelihood(b) - likelihood(a));
      const source =
        sole !== undefined
          ? soleSource(sole, concurrency - 1, running)
          : progressSource(root, progress, options, running);
      speculation = speculate(root, candidates, source, options, shared);
    }
    const baseline = await baselineRun.finally(() => {
      baselineRunning = false;
    });
    speculation?.limitTo(runLimitMs(baseline, options));
    const linked = baseline.records.size > 0;
    // Without coverage records nothing says which tests go through a registration: the probe does.
    const hooks = items.filter((i): i is HookItem => i.kind === "hook");
    const probe =
      !linked && hooks.length > 0 && !options.signal?.aborted
        ? await probeRegistrations(root, hooks, baseline, options, shared)
        : undefined;
    const selection = options.command !== undefined ? "command" : linked ? "coverage" : "all";
    const limit = pLimit(concurrency);
    const laneFor = waitingLane(limit, options.concurrency === undefined);
    const early = speculation?.runs ?? new Map();
    // A run started during the baseline holds its slot until it ends.
    for (const run of early.values()) void limit(() => run.then(ignore, ignore));
    const order = runOrder(root, mutants, baseline, options);
    const byIndex: (MutantResult | undefined)[] = [];
    await Promise.all(
      order.map(({ m, i }) => {
        const settle = async () => {
          if (options.signal?.aborted && !early.has(m.id)) return;
          const started = early.get(m.id);
          // Inside a slot already unless started early: only an early one's rerun takes a slot.
          const r = await runMutant(root, m, baseline, options, shared, probe, started, started && limit);
          if (r !== undefined) options.onMutant?.(r);
          byIndex[i] = r;
        };
        // A mutant already running waits for its run without a slot; a rerun, if needed, takes one.
        return early.has(m.id) ? settle() : laneFor(m)(settle);
      }),
    );
    const results = byIndex.filter((r): r is MutantResult => r !== undefined);
    return {
      version: 3,
      root,
      selection,
      selectionNote: selectionNoteFor(selection, linked, options.command, probe),
      baseline: {
        tests: baseline.tests.map((t) => relative(root, resolve(root, t)) || t),
        durationMs: Math.round(baseline.durationMs),
      },
      score: overallScore(results),
      items: scoreItems(results),
      harnesses: scoreHarnesses(results),
      mutants: results,
      aborted: options.signal?.aborted ?? false,
      durationMs: Math.round(performance.now() - started),
    };
  } finally {
    // Every copy lives in the shared parent: the runs started early end before it is removed. After
    // a full run each has been used already; after a failed baseline none will be, so they stop.
    speculation?.stop();
    await speculation?.settled;
    removeSharedModules(shared);
  }
}
