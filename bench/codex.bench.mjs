// The Codex adapter's overhead: a one-shell-call harness test through codexAdapter (median wall
// time end to end: mock, temp dirs, CODEX_HOME config, CLI, stream read, hook log, work-dir diff,
// cleanup) against the bare Codex CLI running the same script against the same kind of mock (the
// codex process alone, timed). Also the cost of the transparent hook recorder: one PreToolUse hook
// run directly vs wrapped. Ratios measured in one run, interleaved.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { runHarnessTest } from "../dist/tiers/harness/run-harness-test.js";
import { codexAdapter } from "../dist/adapters/codex/adapter.js";

const ROUNDS = Number(process.env.VIGILES_BENCH_ROUNDS ?? 7);
const script = () => [{ tool: "Bash", input: { command: "echo TOOLRAN > RAN" } }, { text: "done" }];
const hooks = {
  PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "cat > /dev/null; exit 0" }] }],
};
const harness = await codexAdapter.resolve();

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

async function bareRun() {
  const root = mkdtempSync(join(tmpdir(), "vigiles-bench-codex-"));
  const dirs = { workDir: join(root, "work"), homeDir: join(root, "home"), tmpDir: join(root, "tmp") };
  for (const d of Object.values(dirs)) mkdirSync(d, { recursive: true });
  const mock = await codexAdapter.startMock(script());
  try {
    await codexAdapter.prepare({ prompt: "run it" }, dirs);
    const launch = codexAdapter.launch({
      harness,
      spec: { prompt: "run it" },
      dirs,
      endpoint: { kind: "mock", baseUrl: mock.url, apiKey: "bench" },
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
      child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`bare codex exited ${code}`))));
    });
    return performance.now() - t0;
  } finally {
    await mock.close();
    rmSync(root, { recursive: true, force: true });
  }
}

async function tierRun(settings) {
  const t0 = performance.now();
  const r = await runHarnessTest(
    {
      prompt: "run it",
      model: script(),
      sandbox: false,
      transcript: true,
      ...(settings ? { settings } : {}),
    },
    { adapter: codexAdapter },
  );
  const ms = performance.now() - t0;
  if (r.file("RAN") !== "TOOLRAN\n") throw new Error("the scripted call did not run");
  r.cleanup();
  return ms;
}

const bare = [];
const tier = [];
const hooked = [];
await bareRun(); // warm the binary and the page cache
for (let i = 0; i < ROUNDS; i++) {
  bare.push(await bareRun());
  tier.push(await tierRun());
  hooked.push(await tierRun({ hooks }));
}
const b = median(bare);
const t = median(tier);
const h = median(hooked);
console.log(`codex ${harness.version}, ${ROUNDS} rounds, medians:`);
console.log(`  bare codex exec against the mock       ${b.toFixed(0)} ms`);
console.log(`  runHarnessTest with codexAdapter       ${t.toFixed(0)} ms   ratio ${(t / b).toFixed(2)}`);
console.log(
  `  same, one recorded PreToolUse hook     ${h.toFixed(0)} ms   recorder + hook ${(h - t).toFixed(0)} ms`,
);
