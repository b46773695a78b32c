// The harness tier's overhead: a one-Bash-call runHarnessTest (median wall time, end to end: mock,
// temp dirs, fixture, CLI, stream parse, work-dir diff, cleanup) against the bare CLI running the same
// script against the same kind of mock (the claude process alone), unconfined and confined (the bare
// run then goes through bubblewrap and the tier's relay, as the tier does: bare-cli.mjs); then N
// tests at once against one. Target: ratio <= 1.25; N concurrent ~ N / cores x one.
import { availableParallelism } from "node:os";
import { performance } from "node:perf_hooks";
import { bwrapAvailable } from "../dist/runtime/confine.js";
import { benchHarness, compareBareTier, median, tierRun } from "./bare-cli.mjs";

const ROUNDS = Number(process.env.VIGILES_BENCH_ROUNDS ?? 7);
const h = await benchHarness("claude-code");

console.log(`claude ${h.harness.version} at ${h.harness.path}; cores ${availableParallelism()}`);
const one = await compareBareTier(h, { label: "unconfined", rounds: ROUNDS, target: 1.25 });
if (bwrapAvailable()) {
  await compareBareTier(h, {
    label: "confined (bwrap; both relay to the mock over a unix socket)",
    rounds: ROUNDS,
    confined: true,
    target: 1.25,
  });
} else console.log("confined: skipped, bubblewrap cannot run here");

const N = Number(process.env.VIGILES_BENCH_CONCURRENT ?? 4);
const walls = [];
for (let i = 0; i < 3; i++) {
  const t0 = performance.now();
  await Promise.all(Array.from({ length: N }, () => tierRun(h)));
  walls.push(performance.now() - t0);
}
const wall = median(walls);
const cores = availableParallelism();
console.log(
  `${N} concurrent tests: median wall ${wall.toFixed(0)} ms = ${(wall / one.tier).toFixed(2)} x one test ` +
    `(N / cores = ${(N / cores).toFixed(2)}), each with its own mock, HOME and CLAUDE_CODE_TMPDIR`,
);
