/** What `vigiles test` does once its arguments are parsed (./test.ts declares the command). */
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { CliUsageError, oneOf } from "../command.js";
import type { TestCommandArgs } from "./test-options.js";
import { shardOf } from "../../tools/test-runner/shard-files.js";
import { discoverHarnessFiles } from "../../tools/test-runner/discover.js";
import { runTestFiles, type TestFileResult } from "../../tools/test-runner/run-files.js";
import { testResultsToJUnit } from "../../tools/test-runner/junit.js";
import { detectHarness } from "../../tools/test-runner/detect-harness.js";
import {
  defaultLines,
  githubActionsLines,
  jsonReport,
  REPORTERS,
  summaryLines,
  type ReporterName,
} from "../../tools/test-runner/reporters.js";
import { findConfigFile, loadTestConfig, type VigilesTestConfig } from "../../tools/test-runner/config.js";
import { parseShard, type Shard } from "../../core/eval/shard.js";
import { writeFileAtomic } from "../../runtime/atomic-write.js";
import { SKIP_EXIT_CODE } from "../../tiers/harness/availability.js";
import { VigilesError } from "../../core/errors.js";
import { adapterById } from "../../tiers/harness/default-adapter.js";
import { harnessNamed } from "../harness-named.js";
import {
  HARNESS_VERSION_ENV,
  parseHarnessVersions,
  resolveHarnessVersion,
} from "../../tiers/harness/harness-version.js";
import {
  declaredRanges,
  describeChange,
  outcomeChanges,
  unsupportedReleaseWarning,
  unverifiedReason,
  type HarnessRelease,
} from "../../tools/test-runner/harness-versions.js";

/** What one `vigiles test` invocation runs with, read from its flags and config once. */
export interface TestRunPlan {
  readonly values: TestCommandArgs["values"];
  readonly searched: readonly string[];
  readonly configFile: string | undefined;
  readonly config: VigilesTestConfig;
  readonly reporters: ReporterName[];
  readonly outputFile: string | undefined;
  readonly onStdout: (r: ReporterName) => boolean;
  readonly grep: string | undefined;
  readonly shard: Shard | undefined;
}

/** The plan of a `vigiles test` invocation: its config file, reporters, filters and paths. */
export async function planTestRun({ values, positionals }: TestCommandArgs): Promise<TestRunPlan> {
  const configFile = findConfigFile(process.cwd(), values.config);
  const config: VigilesTestConfig = configFile ? await loadTestConfig(configFile) : {};
  const { reporters, outputFile, onStdout } = planReporters(values, config);
  const grep = values.grep;
  if (grep !== undefined) checkRegex(grep);
  const shard: Shard | undefined = values.shard !== undefined ? parseShard(values.shard) : undefined;
  const searched = positionals.length > 0 ? positionals : (config.include ?? []);
  return { values, searched, configFile, config, reporters, outputFile, onStdout, grep, shard };
}

/** Runs the harness files the arguments select once; resolves to the exit code. */
export async function runTestCommand(args: TestCommandArgs): Promise<number> {
  const plan = await planTestRun(args);
  const files = selectFiles(plan);
  if (typeof files === "number") return files;
  const controller = new AbortController();
  const onSigint = () => controller.abort();
  process.once("SIGINT", onSigint);
  try {
    return await runSelected(plan, files, controller.signal);
  } finally {
    process.off("SIGINT", onSigint);
  }
}

/** Runs `files` once with the plan's reporters (every release asked for); resolves to the exit code. */
export async function runSelected(
  plan: TestRunPlan,
  files: readonly string[],
  signal: AbortSignal,
): Promise<number> {
  const { values, config, configFile, shard, grep, reporters } = plan;
  const cwd = process.cwd();
  const live = reporters.includes("default");
  const detection = detectHarness(cwd);
  const harness = config.harness ?? detection.harness;
  if (live) {
    // "default": a file that passes its own adapter (vigiles/opencode, …) runs that harness; this one
    // is what runHook and the --harness-version rounds use when a file names none.
    process.stdout.write(
      `vigiles test: ${files.length} file(s)${shard ? ` (shard ${shard.index}/${shard.total})` : ""}, default harness ${harness}` +
        (config.harness
          ? ` (from ${configFile})`
          : detection.evidence.length > 0
            ? ` (from ${detection.evidence.join(", ")})`
            : "") +
        "\n",
    );
  }
  let releases: Awaited<ReturnType<typeof releasesFor>>;
  try {
    // A pragma that names no harness or no range is bad input before anything runs (exit 2).
    for (const file of files) declaredRanges(file);
    releases = await releasesFor(values["harness-version"] ?? config.harnessVersions, harness);
  } catch (error) {
    if (!(error instanceof VigilesError)) throw error;
    process.stderr.write(`vigiles test: ${error.message}\n`);
    return 2;
  }
  for (const { release } of releases) {
    const warning = unsupportedReleaseWarning(release);
    if (warning !== undefined) process.stderr.write(`vigiles test: ${warning}\n`);
  }
  const started = performance.now();
  const concurrency = values.concurrency
    ? positiveNumber("concurrency", values.concurrency)
    : config.concurrency;
  const timeoutSeconds = values.timeout ? positiveNumber("timeout", values.timeout) : config.timeout;
  const lineOptions = { verbose: values.verbose };
  const rounds: { release: HarnessRelease; results: TestFileResult[] }[] = [];
  // Files that started no CLI in a round (runHook, runScript): their outcome does not depend on the
  // release, so they run once and are credited once, not once per release.
  const cliLess = new Set<string>();
  for (const { release, named } of releases) {
    if (signal.aborted) break;
    if (live && named) process.stdout.write(`\n${release.harness} ${release.version}\n`);
    const judged = (r: TestFileResult) =>
      r.startedCli === false ? r : withRange(r, release, named, config.harnessRange);
    const round = await runTestFiles(releases.length > 1 ? files.filter((f) => !cliLess.has(f)) : files, {
      concurrency: concurrency ?? availableParallelism(),
      ...(timeoutSeconds !== undefined ? { timeoutMs: timeoutSeconds * 1000 } : {}),
      env: {
        // A round that names a release runs that harness's adapter at that release: a file that
        // picks another CLI itself is refused in the child (HarnessRoundMismatchError), so the
        // round's label is always the CLI that ran.
        VIGILES_HARNESS: named ? release.harness : harness,
        ...(named ? { [HARNESS_VERSION_ENV]: `${release.harness}@${release.version}` } : {}),
        ...(values["coverage-dir"] ? { VIGILES_COVERAGE_DIR: values["coverage-dir"] } : {}),
      },
      ...(grep !== undefined ? { grep } : {}),
      ...(values.bail ? { bail: 1 } : {}),
      signal,
      ...(live
        ? { onResult: (r: TestFileResult) => process.stdout.write(defaultLines(judged(r), lineOptions)) }
        : {}),
    });
    rounds.push({ release, results: round.map(judged) });
    for (const r of round) if (r.startedCli === false) cliLess.add(r.path);
  }
  const elapsed = performance.now() - started;
  const results = rounds.flatMap((r) => r.results);

  writeReports(reporters, results, plan.outputFile, plan.onStdout);
  if (live && rounds.length > 1) process.stdout.write(releaseChanges(rounds, cliLess));
  if (live) process.stdout.write(summaryLines(results, elapsed));
  if (signal.aborted) return 130;
  return exitCodeOf(results, grep);
}

/** The harness files to run, or the exit code when none is left: nothing ran is not a pass. */
export function selectFiles({ searched, shard, grep }: TestRunPlan): string[] | number {
  let files = discoverHarnessFiles(searched);
  if (files.length === 0) {
    // Nothing ran is not a pass.
    process.stderr.write(
      `vigiles test: no harness files (*.harness.{mjs,js,mts,ts}) under ${searched.join(", ") || "."}.\n`,
    );
    return 1;
  }
  if (shard !== undefined) files = shardOf(files, shard);
  if (grep !== undefined) files = files.filter((f) => mayMatch(f, grep));
  if (files.length === 0 && grep !== undefined) return noTestMatched(grep);
  if (files.length === 0) {
    process.stderr.write(
      `vigiles test: no harness file left${shard ? ` in shard ${shard.index}/${shard.total}` : ""}: nothing was tested.\n`,
    );
    return SKIP_EXIT_CODE;
  }
  return files;
}

/** The run's exit code: 1 on a failure or when -t matched nothing; 77 when nothing passed. */
function exitCodeOf(results: readonly TestFileResult[], grep: string | undefined): number {
  if (grep !== undefined && !results.some(ranSomething)) return noTestMatched(grep);
  if (results.some((r) => r.status === "failed")) return 1;
  // Nothing passed (every file skipped, or passed only outside its declared range): nothing was
  // tested, which is not a pass (77, as a skipped file exits).
  return results.some((r) => r.status === "passed") ? 0 : SKIP_EXIT_CODE;
}

const isReport = (r: ReporterName) => r === "junit" || r === "json";

/** The reporters, where the junit or json report goes, and the usage errors of a bad combination. */
function planReporters(values: TestCommandArgs["values"], config: VigilesTestConfig) {
  const reporters = chooseReporters(values.reporter, config.reporters);
  const fileReporters = reporters.filter(isReport);
  const outputFile = values["output-file"];
  const onStdout = (r: ReporterName) => (isReport(r) ? outputFile === undefined : true);
  if (fileReporters.length > 1 && outputFile !== undefined)
    throw new CliUsageError("--output-file takes one of junit and json: give one of them, or run twice.");
  if (
    reporters.filter((r) => r !== "github-actions" && onStdout(r)).length > 1 &&
    reporters.some((r) => isReport(r) && onStdout(r))
  )
    throw new CliUsageError(
      `--reporter ${fileReporters.join(", ")} with another reporter needs --output-file, so the two do not mix on stdout.`,
    );
  return { reporters, outputFile, onStdout };
}

function writeReports(
  reporters: readonly ReporterName[],
  results: readonly TestFileResult[],
  outputFile: string | undefined,
  onStdout: (r: ReporterName) => boolean,
): void {
  for (const reporter of reporters) {
    switch (reporter) {
      case "default":
      case "list":
        break;
      case "github-actions":
        // Beside a junit or json report on stdout, on stderr (GitHub reads commands from both).
        (reporters.some((r) => isReport(r) && onStdout(r)) ? process.stderr : process.stdout).write(
          githubActionsLines(results),
        );
        break;
      case "junit":
      case "json": {
        const text = reporter === "junit" ? testResultsToJUnit(results) : jsonReport(results);
        if (outputFile !== undefined) writeFileAtomic(outputFile, `${text}\n`);
        else process.stdout.write(`${text}\n`);
        break;
      }
    }
  }
}

/** Which files changed outcome between the releases of a `--harness-version` run. */
function releaseChanges(
  rounds: readonly { release: HarnessRelease; results: TestFileResult[] }[],
  cliLess: ReadonlySet<string>,
): string {
  const changes = outcomeChanges(
    rounds.map((r) => ({ ...r, results: r.results.filter((x) => !cliLess.has(x.path)) })),
  );
  const once =
    cliLess.size === 0
      ? ""
      : `\n${cliLess.size} file(s) started no harness CLI, so ran once, not once per release: ${rounds
          .flatMap((r) => r.results)
          .filter((x) => cliLess.has(x.path))
          .map((x) => x.file)
          .join(", ")}\n`;
  return (
    once +
    (changes.length === 0
      ? `\nno file changed outcome between ${rounds.map((r) => `${r.release.harness} ${r.release.version}`).join(", ")}\n`
      : `\nchanged outcome between releases:\n${changes.map((c) => `  ${describeChange(c)}\n`).join("")}`)
  );
}

/**
 * The reporters asked for: the flags, else the config, else default; on GitHub Actions
 * (GITHUB_ACTIONS=true) github-actions is added to whichever these are, as Vitest adds it, so the
 * workflow `init --ci github` writes (`--reporter default --reporter junit`) still annotates a PR.
 */
export function chooseReporters(
  flags: readonly string[] | undefined,
  fromConfig: readonly ReporterName[] | undefined,
  env: NodeJS.ProcessEnv = process.env,
): ReporterName[] {
  const chosen: ReporterName[] =
    flags !== undefined && flags.length > 0
      ? flags.map((f) => oneOf("reporter", f, REPORTERS))
      : fromConfig !== undefined
        ? [...fromConfig]
        : ["default"];
  if (env["GITHUB_ACTIONS"] === "true") chosen.push("github-actions");
  return [...new Set(chosen.map((r) => (r === "list" ? "default" : r)))];
}

/** One line, and exit 1 as Vitest: a filter that selected nothing tested nothing. */
function noTestMatched(grep: string): number {
  process.stderr.write(`vigiles test: no test matched -t ${grep}\n`);
  return 1;
}

/** A file ran a test: one of its tests was not filtered out, or it is a plain file that ran. */
function ranSomething(r: TestFileResult): boolean {
  if (r.notRun === true) return false;
  return r.tests.length === 0 || r.tests.some((t) => t.filtered !== true);
}

/**
 * With -t, a file runs when its path matches or its source declares tests (`test(`, `describe(`, not
 * as a method call): those filter themselves by name. A plain file whose path does not match cannot be filtered
 * from inside, so it does not run.
 */
function mayMatch(file: string, grep: string): boolean {
  if (new RegExp(grep).test(file)) return true;
  try {
    return /(?<![.\w$])(?:test|describe)(?:\.\w+)?\s*\(/.test(readFileSync(file, "utf8"));
  } catch {
    return true;
  }
}

function checkRegex(source: string): void {
  try {
    new RegExp(source);
  } catch (error) {
    throw new CliUsageError(`-t/--grep must be a regular expression: ${(error as Error).message}.`);
  }
}

function positiveNumber(flag: string, text: string): number {
  const n = Number(text);
  if (!Number.isFinite(n) || n <= 0)
    throw new CliUsageError(`--${flag} must be a positive number, got "${text}".`);
  return n;
}

/**
 * The releases to run against: each one `--harness-version` (or the config) names, fetched now if not
 * cached (the one explicit registry fetch of a test run); else the installed CLI of the harness.
 */
async function releasesFor(
  versions: string | undefined,
  harness: string,
): Promise<{ release: HarnessRelease; named: boolean }[]> {
  if (versions === undefined) {
    const adapter = await adapterById(harness);
    const version = await adapter.resolve().then(
      (found) => found.version,
      () => "",
    );
    return [{ release: { harness: adapter.id, version }, named: false }];
  }
  const out: { release: HarnessRelease; named: boolean }[] = [];
  for (const spec of parseHarnessVersions(versions, harness)) {
    const adapter = await harnessNamed(spec.harness, `--harness-version "${spec.harness}@${spec.version}"`);
    const found = await resolveHarnessVersion(adapter, spec.version, { fetch: true });
    out.push({ release: { harness: adapter.id, version: found.version }, named: true });
  }
  return out;
}

/** A pass outside the declared range becomes `unverified`; each result names its release when one was asked for. */
function withRange(
  r: TestFileResult,
  release: HarnessRelease,
  named: boolean,
  ranges: Readonly<Record<string, string>> | undefined,
): TestFileResult {
  const tagged = named ? { ...r, release } : r;
  if (r.status !== "passed" || release.version === "") return tagged;
  const why = unverifiedReason(r.file, release, ranges);
  return why === undefined ? tagged : { ...tagged, status: "unverified", reason: why };
}
