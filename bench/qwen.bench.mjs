// The Qwen Code adapter's overhead: a one-shell-call harness test through qwenAdapter (median wall
// time end to end: mock, temp dirs, private HOME settings, CLI, stream read, hook log, work-dir
// diff, cleanup), unconfined and confined, against the bare `qwen -p` running the same script
// against the same chat-completions mock (the qwen process alone, timed, with the command line and
// private HOME the adapter builds). Rounds interleaved (goal: the harness test within 1.25x of the
// bare CLI). Needs `npm run build`.
import { bareRun as bareOf, benchHarness, median, tierRun as tierOf } from "./bare-cli.mjs";

const ROUNDS = Number(process.env.VIGILES_BENCH_ROUNDS ?? 5);
const cli = await benchHarness("qwen-code");
const { harness } = cli;

/** The bare Qwen Code CLI against the mock (bare-cli.mjs); the mock must have answered both turns. */
const bareRun = () =>
  bareOf(cli, {
    check: (mock) => {
      if (mock.answeredTurns() !== 2) throw new Error(`the bare run answered ${mock.answeredTurns()} turns`);
    },
  });

/** runHarnessTest through the Qwen Code adapter, confined (`sandbox`) or not. */
const tierRun = (sandbox) => tierOf(cli, { confined: sandbox, spec: { transcript: true } });

const bare = [];
const open = [];
const confined = [];
await bareRun(); // warm the bundle and the page cache
for (let i = 0; i < ROUNDS; i++) {
  bare.push(await bareRun());
  open.push(await tierRun(false));
  confined.push(await tierRun(true));
}
const b = median(bare);
const o = median(open);
const c = median(confined);
console.log(`qwen ${harness.version}, ${ROUNDS} rounds, medians:`);
console.log(`  bare qwen -p against the mock          ${b.toFixed(0)} ms`);
console.log(`  runHarnessTest, sandbox: false         ${o.toFixed(0)} ms   ratio ${(o / b).toFixed(2)}`);
console.log(`  runHarnessTest, confined (default)     ${c.toFixed(0)} ms   ratio ${(c / b).toFixed(2)}`);
