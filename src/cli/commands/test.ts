/** `vigiles test [paths]`: runs harness files (`*.harness.*`) and reports each, with a summary and a CI exit code. */
import { availableParallelism } from "node:os";
import { defineCommand, oneOf, type CliCommand } from "../command.js";
import { discoverHarnessFiles } from "../../tiers/test-runner/discover.js";
import { runTestFiles, type TestFileResult } from "../../tiers/test-runner/run-files.js";
import { testResultsToJUnit } from "../../tiers/test-runner/junit.js";
import { detectHarness } from "../../tiers/test-runner/detect-harness.js";
import { writeFileAtomic } from "../../runtime/atomic-write.js";
import { VigilesError } from "../../core/errors.js";
import { SKIP_EXIT_CODE } from "../../tiers/harness/availability.js";
import { adapterById } from "../../tiers/harness/default-adapter.js";
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
} from "../../tiers/test-runner/harness-versions.js";

const HELP = `Usage: vigiles test [paths…] [options]

Runs every *.harness.{mjs,js,mts,ts} file under the paths (default: the current folder) as its own
node process. Exit 0 passes, 77 is a skip (never counted as a pass), anything else fails.

Options:
  --reporter <list|junit|json>  output format on stdout (default: list)
  --output-file <path>          write the junit/json report to a file instead of stdout
  --concurrency <n>             files running at once (default: cores)
  --timeout <seconds>           per-file limit (default: 600)
  --coverage-dir <dir>          record what the tests exercised (read by \`vigiles audit --coverage\`)
  --harness-version <list>      run every file once per CLI release: 2.1.332, latest, codex@0.171.0,
                                or a comma list; releases not cached are fetched from the npm registry
                                first. The summary names the files whose outcome changed.

A file may declare the releases it holds for with a comment, \`// @vigiles-harness claude-code >=2.1.300\`;
a pass on a release outside that range is reported as unverified, never as a pass.
`;

export const testCommand: CliCommand = defineCommand({
  name: "test",
  summary: "run harness test files (*.harness.*) with a summary and a CI exit code",
  help: HELP,
  options: {
    reporter: { type: "string", default: "list" },
    "output-file": { type: "string" },
    concurrency: { type: "string" },
    timeout: { type: "string" },
    "coverage-dir": { type: "string" },
    "harness-version": { type: "string" },
  },
  positionals: true,
  async run({ values, positionals }) {
    const reporter = oneOf("reporter", values.reporter, ["list", "junit", "json"]);
    let files: string[];
    try {
      files = discoverHarnessFiles(positionals);
    } catch (error) {
      if (error instanceof VigilesError) {
        process.stderr.write(`vigiles test: ${error.message}\n`);
        return 2;
      }
      throw error;
    }
    if (files.length === 0) {
      // Nothing ran is not a pass.
      process.stderr.write(
        `vigiles test: no harness files (*.harness.{mjs,js,mts,ts}) under ${positionals.join(", ") || "."}.\n`,
      );
      return 1;
    }
    const detection = detectHarness(process.cwd());
    const live = reporter === "list" || values["output-file"] !== undefined;
    if (live) {
      process.stdout.write(
        `vigiles test: ${files.length} file(s), harness ${detection.harness}` +
          (detection.evidence.length > 0 ? ` (from ${detection.evidence.join(", ")})` : "") +
          "\n",
      );
    }
    let releases: Awaited<ReturnType<typeof releasesFor>>;
    try {
      releases = await releasesFor(values["harness-version"], detection.harness);
    } catch (error) {
      if (!(error instanceof VigilesError)) throw error;
      process.stderr.write(`vigiles test: ${error.message}\n`);
      return 2;
    }
    const started = performance.now();
    const controller = new AbortController();
    const onSigint = () => controller.abort();
    process.once("SIGINT", onSigint);
    const rounds: { release: HarnessRelease; results: TestFileResult[] }[] = [];
    for (const { release, pinnedByFlag } of releases) {
      if (controller.signal.aborted) break;
      if (live && pinnedByFlag) process.stdout.write(`\n${release.harness} ${release.version}\n`);
      const results = await runTestFiles(files, {
        concurrency: values.concurrency ? Number(values.concurrency) : availableParallelism(),
        ...(values.timeout ? { timeoutMs: Number(values.timeout) * 1000 } : {}),
        env: {
          VIGILES_HARNESS: detection.harness,
          ...(pinnedByFlag ? { [HARNESS_VERSION_ENV]: `${release.harness}@${release.version}` } : {}),
          ...(values["coverage-dir"] ? { VIGILES_COVERAGE_DIR: values["coverage-dir"] } : {}),
        },
        signal: controller.signal,
        ...(live
          ? {
              onResult: (r: TestFileResult) =>
                process.stdout.write(lineFor(withRange(r, release, pinnedByFlag))),
            }
          : {}),
      });
      rounds.push({ release, results: results.map((r) => withRange(r, release, pinnedByFlag)) });
    }
    process.off("SIGINT", onSigint);
    const elapsed = performance.now() - started;
    const results = rounds.flatMap((r) => r.results);
    const changes = rounds.length > 1 ? outcomeChanges(rounds) : [];

    if (reporter !== "list") {
      const text =
        reporter === "junit" ? testResultsToJUnit(results) : JSON.stringify({ version: 1, results }, null, 2);
      if (values["output-file"]) writeFileAtomic(values["output-file"], text);
      else process.stdout.write(`${text}\n`);
    }
    const failed = results.filter((r) => r.status === "failed").length;
    if (live) {
      if (rounds.length > 1) {
        process.stdout.write(
          changes.length === 0
            ? `\nno file changed outcome between ${rounds.map((r) => r.release.version).join(", ")}\n`
            : `\nchanged outcome between releases:\n${changes.map((c) => `  ${describeChange(c)}\n`).join("")}`,
        );
      }
      process.stdout.write(summaryLine(results, elapsed));
    }
    if (controller.signal.aborted) return 130;
    if (failed > 0) return 1;
    // Nothing passed (every file skipped, or passed only outside its declared range): not a green run.
    return results.some((r) => r.status === "passed") ? 0 : SKIP_EXIT_CODE;
  },
});

function lineFor(r: TestFileResult): string {
  const time = `${(r.durationMs / 1000).toFixed(1)}s`;
  switch (r.status) {
    case "passed": {
      // A harness file's last line of output says what it checked; show it under the pass.
      const said = r.stdout.trim().split("\n").at(-1)?.trim();
      return `  ✓ ${r.file} (${time})\n${said ? `      ${said}\n` : ""}`;
    }
    case "skipped":
      return `  - ${r.file} skipped: ${r.reason ?? ""}\n`;
    case "unverified":
      return `  ? ${r.file} (${time}) passed, ${r.reason ?? "unverified"}\n`;
    case "failed":
      return `  ✗ ${r.file} (${time}) ${r.reason ?? ""}\n`;
  }
}

function summaryLine(results: readonly TestFileResult[], elapsedMs: number): string {
  const count = (s: TestFileResult["status"]) => results.filter((r) => r.status === s).length;
  const unverified = count("unverified") > 0 ? `, ${count("unverified")} unverified` : "";
  return `\n${count("passed")} passed, ${count("failed")} failed, ${count("skipped")} skipped${unverified} in ${(elapsedMs / 1000).toFixed(1)}s\n`;
}

/**
 * The releases to run against: each one `--harness-version` names (fetched now if not cached: the one
 * explicit registry fetch of a test run), else the installed CLI of the detected harness.
 */
async function releasesFor(
  flag: string | undefined,
  harness: string,
): Promise<{ release: HarnessRelease; pinnedByFlag: boolean }[]> {
  if (flag === undefined) {
    const adapter = await adapterById(harness);
    const version = await adapter.resolve().then(
      (found) => found.version,
      () => "",
    );
    return [{ release: { harness: adapter.id, version }, pinnedByFlag: false }];
  }
  const out: { release: HarnessRelease; pinnedByFlag: boolean }[] = [];
  for (const spec of parseHarnessVersions(flag, harness)) {
    const adapter = await adapterById(spec.harness, "--harness-version");
    const found = await resolveHarnessVersion(adapter, spec.version, { fetch: true });
    out.push({ release: { harness: adapter.id, version: found.version }, pinnedByFlag: true });
  }
  return out;
}

/** A pass outside the file's declared range becomes `unverified`; every result names its release when one was asked for. */
function withRange(r: TestFileResult, release: HarnessRelease, named: boolean): TestFileResult {
  const tagged = named ? { ...r, release } : r;
  if (r.status !== "passed" || release.version === "") return tagged;
  const why = unverifiedReason(r.file, release);
  return why === undefined ? tagged : { ...tagged, status: "unverified", reason: why };
}
