// The Qwen Code adapter's overhead: a one-shell-call harness test through qwenAdapter (median wall
// time end to end: mock, temp dirs, private HOME settings, CLI, stream read, hook log, work-dir
// diff, cleanup), unconfined and confined, against the bare `qwen -p` running the same script
// against the same chat-completions mock (the qwen process alone, timed, with the command line and
// private HOME the adapter builds). Rounds interleaved (goal: the harness test within 1.25x of the
// bare CLI). Needs `npm run build`.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { runHarnessTest } from "../dist/tiers/harness/run-harness-test.js";
import { qwenAdapter } from "../dist/adapters/qwen-code/adapter.js";

const ROUNDS = Number(process.env.VIGILES_BENCH_ROUNDS ?? 5);
const script = () => [{ tool: "Bash", input: { command: "echo TOOLRAN > RAN" } }, { text: "done" }];
const harness = await qwenAdapter.resolve();

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

async function bareRun() {
  const root = mkdtempSync(join(tmpdir(), "vigiles-bench-qwen-"));
  const dirs = { workDir: join(root, "work"), homeDir: join(root, "home"), tmpDir: join(root, "tmp") };
  for (const d of Object.values(dirs)) mkdirSync(d, { recursive: true });
  const mock = await qwenAdapter.startMock(script());
  try {
    // The same private HOME settings a bare run needs (no background memory agent), written by the adapter.
    await qwenAdapter.prepare({ prompt: "run it" }, dirs);
    const launch = qwenAdapter.launch({
      harness,
      spec: { prompt: "run it" },
      dirs,
      endpoint: { kind: "mock", baseUrl: mock.url, apiKey: "sk-mock" },
      asRoot: process.getuid?.() === 0,
    });
    const t0 = performance.now();
    await new Promise((resolve, reject) => {
      const child = spawn(launch.argv[0], launch.argv.slice(1), {
        cwd: launch.cwd,
        env: launch.env,
        stdio: ["pipe", "pipe", "pipe"],
      });
      child.stdin.end();
      child.stdout.resume();
      child.stderr.resume();
      child.on("error", reject);
      child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`bare qwen exited ${code}`))));
    });
    const ms = performance.now() - t0;
    if (mock.answeredTurns() !== 2) throw new Error(`the bare run answered ${mock.answeredTurns()} turns`);
    return ms;
  } finally {
    await mock.close();
    rmSync(root, { recursive: true, force: true });
  }
}

async function tierRun(sandbox) {
  const t0 = performance.now();
  const r = await runHarnessTest(
    { prompt: "run it", model: script(), sandbox, transcript: true },
    { adapter: qwenAdapter },
  );
  const ms = performance.now() - t0;
  if (r.file("RAN") !== "TOOLRAN\n") throw new Error("the scripted call did not run");
  r.cleanup();
  return ms;
}

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
