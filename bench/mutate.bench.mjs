// vigiles mutate: the wall time of mutating a suite against one plain run of that suite, as a ratio
// (both measured here, in one run; targets: at most 4x for the runHook suite, 10x for the real CLI).
// The plain suite runs three times and its median is the denominator.
// First the small runHook fixture (test/mutate/fixture.mjs: three harness files, 31 mutants), then, unless --fixture-only, the bundled examples/guard-plugin whose
// harness file drives the real Claude Code CLI against a scripted mock (skipped when the CLI is not
// installed). Mutants run concurrently (default: cores), each in its own temp copy. Each suite is
// mutated twice, without and with mutants started on the slots its baseline leaves idle.
// Run: npm run build && node bench/mutate.bench.mjs [--fixture-only]
import { availableParallelism } from "node:os";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { mutateHarness } from "../dist/tools/mutate/run-mutants.js";
import { runTestFiles } from "../dist/tools/test-runner/run-files.js";
import { discoverHarnessFiles } from "../dist/tools/test-runner/discover.js";
import { claudeAvailable } from "../dist/entries/index.js";
import { makeFixture } from "../test/mutate/fixture.mjs";

const repo = fileURLToPath(new URL("..", import.meta.url));

/** The plain suite's wall time: the median of three runs (one run of a 2 s suite varied 1.6-2.1 s here). */
const PLAIN_RUNS = 3;

async function measure(label, root) {
  const files = discoverHarnessFiles([], root);
  const samples = [];
  for (let i = 0; i < PLAIN_RUNS; i++) {
    const t0 = performance.now();
    const plain = await runTestFiles(files, { cwd: root });
    samples.push(performance.now() - t0);
    if (plain.some((r) => r.status !== "passed")) {
      console.log(
        `${label}: the plain suite did not pass (${plain.map((r) => `${r.file} ${r.status}`).join(", ")}); skipped`,
      );
      return;
    }
  }
  samples.sort((a, b) => a - b);
  const plainMs = samples[Math.floor(samples.length / 2)];
  const spread = `${samples.map((ms) => (ms / 1000).toFixed(2)).join(", ")} s`;
  // Without and with mutants started during the baseline (a one-file suite's idle slots), in this one run.
  for (const [how, speculate] of [
    ["mutants after the baseline", false],
    ["mutants also during the baseline", true],
  ]) {
    const t1 = performance.now();
    const report = await mutateHarness({ root, speculate });
    const mutateMs = performance.now() - t1;
    const count = (s) => report.mutants.filter((m) => m.status === s).length;
    const ran = report.mutants.filter((m) => m.status === "killed" || m.status === "survived").length;
    console.log(
      `${label}, ${how}: ${report.mutants.length} mutants (${ran} ran tests; ${count("killed")} killed, ${count("survived")} survived, ` +
        `${count("not-exercised")} not exercised, ${count("not-applicable")} not applicable, ${count("error")} errors), score ${report.score}%`,
    );
    console.log(
      `  plain suite ${(plainMs / 1000).toFixed(1)}s (median of ${spread}), mutate ${(mutateMs / 1000).toFixed(1)}s ` +
        `(concurrency ${availableParallelism()}): ratio ${(mutateMs / plainMs).toFixed(1)}x, ` +
        `${(mutateMs / Math.max(1, ran) / 1000).toFixed(2)}s per mutant that ran tests`,
    );
  }
}

const fixture = makeFixture();
try {
  await measure("fixture (runHook)", fixture);
} finally {
  rmSync(fixture, { recursive: true, force: true });
}
if (!process.argv.includes("--fixture-only")) {
  if (claudeAvailable())
    await measure("examples/guard-plugin (real Claude Code CLI)", join(repo, "examples/guard-plugin"));
  else console.log("examples/guard-plugin: Claude Code is not installed; skipped");
}
