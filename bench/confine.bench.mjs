// What confinement costs: the same one-Bash-call mock script run (a) by the bare CLI, unconfined,
// spawned here with the same argv and env against the same kind of mock (only the claude process
// timed), (b) by runHarnessTest with `sandbox: false`, (c) by runHarnessTest confined (the default:
// bwrap, masks, the relay over a unix socket). Rounds are interleaved so the machine's load falls on
// all three alike. Goals: (c)/(a) <= 1.3, (b)/(a) <= 1.1. The loop's halves are bare-cli.mjs's.
import { availableParallelism } from "node:os";
import { bwrapAvailable } from "../dist/runtime/confine.js";
import { bareRun, benchHarness, median, tierRun } from "./bare-cli.mjs";

const ROUNDS = Number(process.env.VIGILES_BENCH_ROUNDS ?? 7);
const h = await benchHarness("claude-code");
const confinedAs = (want) => (r) => {
  if (r.confined !== want) throw new Error(`expected confined=${want}, got ${r.confined}`);
};

console.log(
  `claude ${h.harness.version} at ${h.harness.path}; cores ${availableParallelism()}; rounds ${ROUNDS}`,
);
if (!bwrapAvailable()) {
  console.log("confine: skipped, bubblewrap cannot run here");
} else {
  await bareRun(h); // warm the page cache for the CLI binary
  await tierRun(h, { confined: true });
  const bare = [];
  const open = [];
  const confined = [];
  for (let i = 0; i < ROUNDS; i++) {
    bare.push(await bareRun(h));
    open.push(await tierRun(h, { check: confinedAs(false) }));
    confined.push(await tierRun(h, { confined: true, check: confinedAs(true) }));
  }
  const [a, b, c] = [median(bare), median(open), median(confined)];
  console.log(
    `bare CLI unconfined median ${a.toFixed(0)} ms; runHarnessTest sandbox:false median ${b.toFixed(0)} ms; ` +
      `runHarnessTest confined median ${c.toFixed(0)} ms`,
  );
  console.log(
    `ratio confined / bare ${(c / a).toFixed(3)} (goal <= 1.3); ratio sandbox:false / bare ${(b / a).toFixed(3)} (goal <= 1.1)`,
  );
}
