/** `vigiles test [paths]`: runs harness files (`*.harness.*`) and reports each, with a summary and a CI exit code. */
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { CliUsageError, defineCommand, oneOf, type CliCommand } from "../command.js";
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
  describeChange,
  outcomeChanges,
  unverifiedReason,
  type HarnessRelease,
} from "../../tools/test-runner/harness-versions.js";

const HELP = `Usage: vigiles test [paths…] [options]

Runs every *.harness.{mjs,js,mts,ts} file under the paths (default: the current folder) as its own
node process. Exit 0 passes, 77 is a skip (never counted as a pass), anything else fails. A file may
declare several tests with \`test(name, fn)\` from "vigiles"; each is reported on its own. When every
file skipped, the run exits 77: nothing was tested.

Options:
  -t, --grep <regex>         run only the tests whose name matches (files without test() run
                             when their path matches)
  --shard <i/n>              run only shard i of n of the files (sorted by path), for a CI matrix
  --bail                     start no new file after the first failure
  --reporter <name>          default (alias list), junit, json, github-actions; repeat for several,
                             e.g. --reporter default --reporter junit --output-file report.xml.
                             Under GitHub Actions (GITHUB_ACTIONS=true) github-actions is added to
                             the default.
  --output-file <path>       write the junit or json report to a file instead of stdout
  --concurrency <n>          files running at once (default: cores)
  --timeout <seconds>        per-file limit (default: 600)
  --config <file>            the config file (default: vigiles.config.{ts,mts,mjs,js} here)
  --coverage-dir <dir>       record what the tests exercised (read by \`vigiles audit --coverage\`)
  --harness-version <list>   run every file once per CLI release: 2.1.332, latest, <harness>@<version>,
                             or a comma list; a release not cached is fetched from the npm
                             registry first. Each round runs the harness it names at that release
                             (a file that picks another CLI itself fails with a named error). The
                             summary names the files whose outcome changed.

A file may declare the releases it is known to hold for with a comment,
\`// @vigiles-harness claude-code >=2.1.300 <2.2.0\` (or the config's harnessRange); a pass on a
release outside that range is reported as unverified, never as a pass, and a run where nothing
passed exits 77.

vigiles.config.mjs (optional; flags win):
  export default { test: { reporters: ["default", "junit"], timeout: 300, concurrency: 2,
                           harness: "claude-code", include: ["tests"],
                           harnessVersions: "2.1.328,latest",
                           harnessRange: { "claude-code": ">=2.1.328 <2.2.0" } } };

There is no --watch: run your harness files from vitest (vigiles/vitest) for a watch mode.
`;

export const testCommand: CliCommand = defineCommand({
  name: "test",
  summary: "run harness test files (*.harness.*) with a summary and a CI exit code",
  help: HELP,
  options: {
    reporter: { type: "string", multiple: true },
    "output-file": { type: "string" },
    concurrency: { type: "string" },
    timeout: { type: "string" },
    "coverage-dir": { type: "string" },
    grep: { type: "string", short: "t" },
    shard: { type: "string" },
    bail: { type: "boolean", default: false },
    config: { type: "string" },
    "harness-version": { type: "string" },
  },
  positionals: true,
  async run({ values, positionals }) {
    const cwd = process.cwd();
    const configFile = findConfigFile(cwd, values.config);
    const config: VigilesTestConfig = configFile ? await loadTestConfig(configFile) : {};
    const reporters = chooseReporters(values.reporter, config.reporters);
    const fileReporters = reporters.filter((r) => r === "junit" || r === "json");
    const outputFile = values["output-file"];
    const toStdout = (r: ReporterName) => (r === "junit" || r === "json" ? outputFile === undefined : true);
    if (fileReporters.length > 1 && outputFile !== undefined)
      throw new CliUsageError("--output-file takes one of junit and json: give one of them, or run twice.");
    if (
      reporters.filter(toStdout).length > 1 &&
      reporters.some((r) => (r === "junit" || r === "json") && toStdout(r))
    )
      throw new CliUsageError(
        `--reporter ${fileReporters.join(", ")} with another reporter needs --output-file, so the two do not mix on stdout.`,
      );
    const live = reporters.includes("default");
    const grep = values.grep;
    if (grep !== undefined) checkRegex(grep);
    const shard: Shard | undefined = values.shard !== undefined ? parseShard(values.shard) : undefined;

    const searched = positionals.length > 0 ? positionals : (config.include ?? []);
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
    if (files.length === 0) {
      process.stderr.write(
        `vigiles test: no harness file left${shard ? ` in shard ${shard.index}/${shard.total}` : ""}${grep !== undefined ? ` matching -t ${grep}` : ""}: nothing was tested.\n`,
      );
      return SKIP_EXIT_CODE;
    }
    const detection = detectHarness(cwd);
    const harness = config.harness ?? detection.harness;
    if (live) {
      process.stdout.write(
        `vigiles test: ${files.length} file(s)${shard ? ` (shard ${shard.index}/${shard.total})` : ""}, harness ${harness}` +
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
      releases = await releasesFor(values["harness-version"] ?? config.harnessVersions, harness);
    } catch (error) {
      if (!(error instanceof VigilesError)) throw error;
      process.stderr.write(`vigiles test: ${error.message}\n`);
      return 2;
    }
    const started = performance.now();
    const controller = new AbortController();
    const onSigint = () => controller.abort();
    process.once("SIGINT", onSigint);
    const concurrency = values.concurrency
      ? positiveNumber("concurrency", values.concurrency)
      : config.concurrency;
    const timeoutSeconds = values.timeout ? positiveNumber("timeout", values.timeout) : config.timeout;
    const rounds: { release: HarnessRelease; results: TestFileResult[] }[] = [];
    for (const { release, named } of releases) {
      if (controller.signal.aborted) break;
      if (live && named) process.stdout.write(`\n${release.harness} ${release.version}\n`);
      const judged = (r: TestFileResult) => withRange(r, release, named, config.harnessRange);
      const round = await runTestFiles(files, {
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
        signal: controller.signal,
        ...(live ? { onResult: (r: TestFileResult) => process.stdout.write(defaultLines(judged(r))) } : {}),
      });
      rounds.push({ release, results: round.map(judged) });
    }
    process.off("SIGINT", onSigint);
    const elapsed = performance.now() - started;
    const results = rounds.flatMap((r) => r.results);

    for (const reporter of reporters) {
      switch (reporter) {
        case "default":
          break;
        case "github-actions":
          process.stdout.write(githubActionsLines(results));
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
    if (live && rounds.length > 1) {
      const changes = outcomeChanges(rounds);
      process.stdout.write(
        changes.length === 0
          ? `\nno file changed outcome between ${rounds.map((r) => `${r.release.harness} ${r.release.version}`).join(", ")}\n`
          : `\nchanged outcome between releases:\n${changes.map((c) => `  ${describeChange(c)}\n`).join("")}`,
      );
    }
    if (live) process.stdout.write(summaryLines(results, elapsed));
    if (controller.signal.aborted) return 130;
    if (results.some((r) => r.status === "failed")) return 1;
    // Nothing passed (every file skipped, or passed only outside its declared range): nothing was
    // tested, which is not a pass (77, as a skipped file exits).
    return results.some((r) => r.status === "passed") ? 0 : SKIP_EXIT_CODE;
  },
});

/** The reporters asked for: the flags, else the config, else default (plus github-actions on GitHub). */
function chooseReporters(
  flags: readonly string[] | undefined,
  fromConfig: readonly ReporterName[] | undefined,
) {
  if (flags !== undefined && flags.length > 0) {
    const chosen = flags.map((f) => oneOf("reporter", f, REPORTERS));
    return [...new Set(chosen.map((r) => (r === "list" ? "default" : r)))];
  }
  if (fromConfig !== undefined) return [...new Set(fromConfig.map((r) => (r === "list" ? "default" : r)))];
  // As vitest does: on GitHub Actions, annotate the failures too.
  return process.env["GITHUB_ACTIONS"] === "true"
    ? (["default", "github-actions"] as const)
    : (["default"] as const);
}

/** Files `(i-1)*N/n` up to `i*N/n` of the sorted list: every file in exactly one shard. */
export function shardOf(files: readonly string[], shard: Shard): string[] {
  const from = Math.floor(((shard.index - 1) * files.length) / shard.total);
  const to = Math.floor((shard.index * files.length) / shard.total);
  return files.slice(from, to);
}

/**
 * With -t, a file runs when its path matches or its source declares tests (`test(` not as a method
 * call): those filter themselves by name. A plain file whose path does not match cannot be filtered
 * from inside, so it does not run.
 */
function mayMatch(file: string, grep: string): boolean {
  if (new RegExp(grep).test(file)) return true;
  try {
    return /(?<![.\w$])test(?:\.skip)?\s*\(/.test(readFileSync(file, "utf8"));
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
