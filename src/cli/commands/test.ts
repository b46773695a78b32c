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

const HELP = `Usage: vigiles test [paths…] [options]

Runs every *.harness.{mjs,js,mts,ts} file under the paths (default: the current folder) as its own
node process. Exit 0 passes, 77 is a skip (never counted as a pass), anything else fails.

Options:
  --reporter <list|junit|json>  output format on stdout (default: list)
  --output-file <path>          write the junit/json report to a file instead of stdout
  --concurrency <n>             files running at once (default: cores)
  --timeout <seconds>           per-file limit (default: 600)
  --coverage-dir <dir>          record what the tests exercised (read by \`vigiles audit --coverage\`)
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
    const started = performance.now();
    const controller = new AbortController();
    const onSigint = () => controller.abort();
    process.once("SIGINT", onSigint);
    const results = await runTestFiles(files, {
      concurrency: values.concurrency ? Number(values.concurrency) : availableParallelism(),
      ...(values.timeout ? { timeoutMs: Number(values.timeout) * 1000 } : {}),
      env: {
        VIGILES_HARNESS: detection.harness,
        ...(values["coverage-dir"] ? { VIGILES_COVERAGE_DIR: values["coverage-dir"] } : {}),
      },
      signal: controller.signal,
      ...(live ? { onResult: (r: TestFileResult) => process.stdout.write(lineFor(r)) } : {}),
    });
    process.off("SIGINT", onSigint);
    const elapsed = performance.now() - started;

    if (reporter !== "list") {
      const text =
        reporter === "junit" ? testResultsToJUnit(results) : JSON.stringify({ version: 1, results }, null, 2);
      if (values["output-file"]) writeFileAtomic(values["output-file"], text);
      else process.stdout.write(`${text}\n`);
    }
    const failed = results.filter((r) => r.status === "failed").length;
    if (live) process.stdout.write(summaryLine(results, elapsed));
    if (controller.signal.aborted) return 130;
    if (failed > 0) return 1;
    // Every file skipped: nothing was tested, which is not a pass (77, as a skipped file exits).
    return results.every((r) => r.status === "skipped") ? SKIP_EXIT_CODE : 0;
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
    case "failed":
      return `  ✗ ${r.file} (${time}) ${r.reason ?? ""}\n`;
  }
}

function summaryLine(results: readonly TestFileResult[], elapsedMs: number): string {
  const count = (s: TestFileResult["status"]) => results.filter((r) => r.status === s).length;
  return `\n${count("passed")} passed, ${count("failed")} failed, ${count("skipped")} skipped in ${(elapsedMs / 1000).toFixed(1)}s\n`;
}
