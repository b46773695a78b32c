/** `vigiles test [paths]`: runs harness files (`*.harness.*`) and reports each, with a summary and a CI exit code. */
import { defineCommand, type CliCommand } from "../command.js";
import { TEST_OPTIONS } from "./test-options.js";

export { shardOf } from "../../tools/test-runner/shard-files.js";

const HELP = `Usage: vigiles test [paths…] [options]

Runs every *.harness.{mjs,js,mts,ts} file under the paths (default: the current folder) as its own
node process. Exit 0 passes, 77 is a skip (never counted as a pass), anything else fails. A file may
declare several tests with \`test(name, fn)\` from "vigiles"; each is reported on its own. When every
file skipped, the run exits 77: nothing was tested.

Options:
  -t, --grep <regex>         run only the tests whose full name ("describe > test") matches
                             (files without test() run when their path matches); the others are
                             counted as skipped, not listed; none matching exits 1
  --shard <i/n>              run only shard i of n of the files (sorted by path), for a CI matrix
  --bail                     start no new file after the first failure
  --watch                    run, then rerun on every change: an edited harness file reruns alone,
                             any other change (a hook script, settings) reruns them all. Where a
                             vitest.config uses harnessFiles() (vigiles/vitest), vitest watch runs
  --verbose                  show the console output of passing tests too (failures always show it)
  --reporter <name>          default (alias list), junit, json, github-actions; repeat for several,
                             e.g. --reporter default --reporter junit --output-file report.xml.
                             Under GitHub Actions (GITHUB_ACTIONS=true) github-actions is added to
                             whichever reporters run.
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

In a file: test, test.skip/only/todo/each, describe, beforeAll/afterAll/beforeEach/afterEach from
"vigiles", as in Vitest. Two tests with one name in a file are refused.

For the Vitest UI, an IDE runner or coverage, run the same files from Vitest unchanged:
  // vitest.config.ts
  import { harnessFiles } from "vigiles/vitest";
  export default defineConfig({ plugins: [harnessFiles()] });
`;

export const testCommand: CliCommand = defineCommand({
  name: "test",
  summary: "run harness test files (*.harness.*) with a summary and a CI exit code",
  help: HELP,
  options: TEST_OPTIONS,
  positionals: true,
  // The runner loads only when a run is asked for: `vigiles test --help` stays a fast start.
  run: async (args) =>
    args.values.watch
      ? (await import("./test-watch.js")).watchTestCommand(args)
      : (await import("./test-run.js")).runTestCommand(args),
});
