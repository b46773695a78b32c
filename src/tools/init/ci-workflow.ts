/**
 * The GitHub Actions workflow `vigiles init --ci github` writes (`.github/workflows/vigiles.yml`):
 * the free tiers on every push and pull request (audit, then the hook tests with a JUnit report and
 * a job summary); when the project has evals, the paid tier (opt-in by a repository variable) on
 * the default branch and by hand,
 * sharded over a job matrix (`--shard i/n`), merged with `merge-reports`, gated once on the whole
 * grid, rendered to HTML (`vigiles report` writes the job summary) and uploaded.
 * Text only: the caller writes it. Checked by actionlint in the tests.
 *
 * A file or folder name never enters a `run:` script or an expression: each is an `env:` value
 * (one double-quoted YAML scalar, `${{` written as Actions' literal) that the script reads as
 * "$VAR". Written into the script, a name holding a newline added a step to the job that holds the
 * secret, `${{ … }}` was expanded by Actions before the shell ran, and ` #` cut the line (issue 29).
 */
import { stringify } from "yaml";
import type { StarterRunner } from "./project-runner.js";

export interface WorkflowOptions {
  readonly runner: StarterRunner;
  /** Where the hook tests are, relative to the repository (`tests/vigiles`). */
  readonly testDir: string;
  /** The project's eval files, relative to the repository; none: no paid jobs. */
  readonly evalFiles: readonly string[];
  /** Shards of the eval matrix. */
  readonly shards: number;
  /** Whether the repository has a package-lock.json (`npm ci`), else `npm install`. */
  readonly lockfile: boolean;
  /**
   * Harness ids whose newest release the drift job runs the suite on, weekly and by hand (none: no
   * drift job). A red drift run says the project's tests changed outcome on a release not yet pinned.
   */
  readonly driftHarnesses?: readonly string[];
  /** The Node major the jobs run (./node-version.ts: the highest the pinned CLIs' `engines` ask for). */
  readonly nodeMajor: number;
}

const q = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** A report file name for an eval file: its path with the separators and extension flattened. */
export function evalReportName(file: string): string {
  return file.replace(/\.eval\.[mc]?[jt]s$/, "").replace(/[^A-Za-z0-9_-]+/g, "-");
}

/**
 * `text` as an `env:` value: a one-line YAML double-quoted scalar in which Actions expands nothing.
 * Actions evaluates `${{ … }}` in env values too; `${{ '${{' }}` is its literal `${{`. YAML 1.1
 * readers take NEL, LS and PS for line breaks, so those are escaped as well.
 */
export function envValue(text: string): string {
  const literal = text.replaceAll("${{", "${{ '${{' }}");
  return stringify(literal, {
    defaultStringType: "QUOTE_DOUBLE",
    lineWidth: 0,
    doubleQuotedMinMultiLineLength: Number.POSITIVE_INFINITY,
  })
    .trimEnd()
    .replaceAll("\u0085", "\\N")
    .replaceAll("\u2028", "\\L")
    .replaceAll("\u2029", "\\P");
}

/** The env variable that holds eval file `i` (0-based) in the paid jobs. */
const evalVar = (i: number) => `VIGILES_EVAL_${i + 1}`;

/** An `env:` block of a step at the steps' indentation. */
function stepEnv(vars: readonly (readonly [string, string])[]): string[] {
  return ["        env:", ...vars.map(([name, value]) => `          ${name}: ${envValue(value)}`)];
}

function setupSteps(lockfile: boolean, nodeMajor: number): string[] {
  return [
    "      - uses: actions/checkout@v4",
    "      - uses: actions/setup-node@v4",
    "        with:",
    `          node-version: ${nodeMajor}`,
    ...(lockfile ? ["          cache: npm"] : []),
    "      - name: Install bubblewrap (every harness run is confined)",
    "        run: sudo apt-get update -qq && sudo apt-get install -y -qq bubblewrap",
    "      # Ubuntu 24.04 keeps unprivileged user namespaces, which bubblewrap needs, behind AppArmor.",
    "      - name: Allow bubblewrap's user namespaces",
    "        run: sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0 || true",
    `      - run: ${lockfile ? "npm ci" : "npm install"}`,
    "      # What is missing on this runner, with the install line (the free tiers need no harness CLI).",
    "      - run: npx vigiles doctor",
    "        continue-on-error: true",
  ];
}

/** The test command; the folder is the step's VIGILES_TEST_DIR. */
function testCommand(runner: StarterRunner): string {
  switch (runner) {
    case "vigiles":
      return `npx vigiles test "$VIGILES_TEST_DIR" --reporter default --reporter junit --output-file vigiles-junit.xml`;
    case "vitest":
      return `npx vitest run "$VIGILES_TEST_DIR" --reporter=default --reporter=junit --outputFile.junit=vigiles-junit.xml`;
    case "jest":
      // jest has no JUnit reporter of its own: the summary below reads the run's output.
      return `NODE_OPTIONS=--experimental-vm-modules npx jest "$VIGILES_TEST_DIR" --ci`;
  }
}

function freeJob(o: WorkflowOptions): string[] {
  return [
    "  free:",
    "    name: free tiers (audit, hook tests)",
    "    runs-on: ubuntu-latest",
    "    timeout-minutes: 30",
    "    steps:",
    ...setupSteps(o.lockfile, o.nodeMajor),
    "      - name: Audit the harness (static)",
    "        run: npx vigiles audit",
    "      - name: Hook tests",
    "        shell: bash",
    ...stepEnv([["VIGILES_TEST_DIR", o.testDir]]),
    `        run: ${testCommand(o.runner)} 2>&1 | tee vigiles-test.txt`,
    "      - name: Job summary",
    "        if: always()",
    "        shell: bash",
    "        run: |",
    "          { echo \"### vigiles: hook tests\"; echo; echo '```'; tail -n 20 vigiles-test.txt; echo '```'; } >> \"$GITHUB_STEP_SUMMARY\"",
    "      - uses: actions/upload-artifact@v4",
    "        if: always()",
    "        with:",
    "          name: vigiles-test-report",
    "          path: |",
    "            vigiles-junit.xml",
    "            vigiles-test.txt",
    "          if-no-files-found: ignore",
  ];
}

/** The drift job: the suite on each harness's `latest`, fetched into vigiles' release cache first. */
function driftJob(o: WorkflowOptions, harnesses: readonly string[]): string[] {
  // The vigiles runner names the release itself; vitest and jest files read VIGILES_HARNESS_VERSION.
  const run =
    o.runner === "vigiles"
      ? `npx vigiles test "$VIGILES_TEST_DIR" --harness-version "$HARNESS@latest"`
      : `VIGILES_HARNESS_VERSION="$HARNESS@latest" ${testCommand(o.runner)}`;
  return [
    "",
    "  drift:",
    "    name: drift (the suite on ${{ matrix.harness }}@latest)",
    "    if: github.event_name == 'schedule' || github.event_name == 'workflow_dispatch'",
    "    runs-on: ubuntu-latest",
    "    timeout-minutes: 60",
    "    strategy:",
    "      fail-fast: false",
    "      matrix:",
    `        harness: [${harnesses.map(q).join(", ")}]`,
    "    env:",
    "      HARNESS: ${{ matrix.harness }}",
    "    steps:",
    ...setupSteps(o.lockfile, o.nodeMajor),
    "      - name: Fetch the newest release into the release cache",
    '        run: npx vigiles fetch-harness "$HARNESS@latest"',
    "      - name: The suite on the newest release",
    "        shell: bash",
    ...stepEnv([["VIGILES_TEST_DIR", o.testDir]]),
    `        run: ${run}`,
  ];
}

function paidJobs(o: WorkflowOptions): string[] {
  const shards = Array.from({ length: o.shards }, (_, i) => i + 1);
  // Opt-in (a repository variable), so a fresh workflow never spends money or fails for a missing key.
  const paidIf =
    "vars.VIGILES_PAID_EVALS == 'true' && (github.event_name == 'workflow_dispatch' || (github.event_name == 'push' && github.ref_name == github.event.repository.default_branch))";
  // The report names are flattened to [A-Za-z0-9_-]: safe in a script as they are.
  const evalEnv = stepEnv(o.evalFiles.map((f, i) => [evalVar(i), f] as const));
  const runs = o.evalFiles.map(
    (f, i) =>
      `          npx vigiles eval "$${evalVar(i)}" --shard "$SHARD/${o.shards}" --out "eval-shards/${evalReportName(f)}.shard-$SHARD.json"`,
  );
  const merges = o.evalFiles.flatMap((f, i) => {
    const name = evalReportName(f);
    // An eval declared `skip` (init's skeleton before its prompts are written) wrote no shard report:
    // its skip line is in the shard job's log, and there is nothing to merge or gate.
    return [
      `          if ! ls eval-shards/${name}.shard-*.json >/dev/null 2>&1; then echo "$${evalVar(i)}: no report (skipped)"; else`,
      `          npx vigiles merge-reports eval-shards/${name}.shard-*.json --out eval-merged/${name}.json`,
      `          npx vigiles eval "$${evalVar(i)}" --gate eval-merged/${name}.json || failed=1`,
      `          npx vigiles report eval-merged/${name}.json --out eval-merged/${name}.html`,
      "          fi",
    ];
  });
  return [
    "",
    "  # The paid tier calls the real model: set the repository variable VIGILES_PAID_EVALS to true and",
    "  # the ANTHROPIC_API_KEY secret; it then runs on the default branch and by hand, never on pull requests.",
    "  eval:",
    "    name: paid evals (shard ${{ matrix.shard }})",
    "    needs: free",
    `    if: ${paidIf}`,
    "    runs-on: ubuntu-latest",
    "    timeout-minutes: 60",
    "    strategy:",
    "      fail-fast: false",
    "      matrix:",
    `        shard: [${shards.join(", ")}]`,
    "    env:",
    "      ANTHROPIC_API_KEY: ${{ secrets.ANTHROPIC_API_KEY }}",
    "      SHARD: ${{ matrix.shard }}",
    "    steps:",
    ...setupSteps(o.lockfile, o.nodeMajor),
    "      - name: Evals, this shard (the gate runs once, on the merged grid)",
    ...evalEnv,
    "        run: |",
    "          mkdir -p eval-shards",
    ...runs,
    "      - uses: actions/upload-artifact@v4",
    "        with:",
    "          name: eval-shard-${{ matrix.shard }}",
    "          path: eval-shards/",
    "",
    "  eval-gate:",
    "    name: paid evals (merge, gate, report)",
    "    needs: eval",
    "    runs-on: ubuntu-latest",
    "    timeout-minutes: 15",
    "    steps:",
    "      - uses: actions/checkout@v4",
    "      - uses: actions/setup-node@v4",
    "        with:",
    `          node-version: ${o.nodeMajor}`,
    ...(o.lockfile ? ["          cache: npm"] : []),
    `      - run: ${o.lockfile ? "npm ci" : "npm install"}`,
    "      - uses: actions/download-artifact@v4",
    "        with:",
    "          pattern: eval-shard-*",
    "          path: eval-shards",
    "          merge-multiple: true",
    "      - name: Merge the shards, gate, render (vigiles report writes the job summary)",
    "        shell: bash",
    ...evalEnv,
    "        run: |",
    "          mkdir -p eval-merged",
    "          failed=0",
    ...merges,
    '          exit "$failed"',
    "      - uses: actions/upload-artifact@v4",
    "        if: always()",
    "        with:",
    "          name: eval-report",
    "          path: eval-merged/",
  ];
}

export function githubWorkflow(o: WorkflowOptions): string {
  const drift = o.driftHarnesses ?? [];
  return [
    "# Written by `vigiles init --ci github`. The free tiers run on every push and pull request;",
    o.evalFiles.length > 0
      ? "# the paid evals (a real model) once you opt in: see the eval job."
      : "# this project has no eval files, so no paid job (run `vigiles init --ci github --force` again after adding one).",
    `name: ${q("vigiles")}`,
    "",
    "on:",
    "  push:",
    "  pull_request:",
    "  workflow_dispatch:",
    ...(drift.length > 0
      ? [
          "  schedule:",
          "    # Weekly: the drift job runs the suite on each harness's newest release.",
          `    - cron: ${q("17 5 * * 1")}`,
        ]
      : []),
    "",
    "permissions:",
    "  contents: read",
    "",
    "jobs:",
    ...freeJob(o),
    ...(o.evalFiles.length > 0 ? paidJobs(o) : []),
    ...(drift.length > 0 ? driftJob(o, drift) : []),
    "",
  ].join("\n");
}
