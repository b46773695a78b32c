// What confinement costs: the same one-Bash-call mock script run (a) by the bare CLI, unconfined,
// spawned here with the same argv and env against the same kind of mock (only the claude process
// timed), (b) by runHarnessTest with `sandbox: false`, (c) by runHarnessTest confined (the default:
// bwrap, masks, the relay over a unix socket). Rounds are interleaved so the machine's load falls on
// all three alike. Goals: (c)/(a) <= 1.3, (b)/(a) <= 1.1.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { runHarnessTest } from "../dist/tiers/harness/run-harness-test.js";
import { startMockModel } from "../dist/adapters/claude-code/mock/server.js";
import { resolveHarness } from "../dist/adapters/claude-code/resolve-harness.js";
import { buildClaudeLaunch } from "../dist/adapters/claude-code/launch.js";
import { bwrapAvailable } from "../dist/runtime/confine.js";

const ROUNDS = Number(process.env.VIGILES_BENCH_ROUNDS ?? 7);
const script = () => [{ tool: "Bash", input: { command: "echo TOOLRAN > RAN" } }, { text: "done" }];
const harness = await resolveHarness();

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** (a) The bare CLI, unconfined: the same launch as a harness test, its own dirs and mock. */
async function bareRun() {
  const root = mkdtempSync(join(tmpdir(), "vigiles-bench-bare-"));
  const dirs = { workDir: join(root, "work"), homeDir: join(root, "home"), tmpDir: join(root, "tmp") };
  for (const d of Object.values(dirs)) mkdirSync(d, { recursive: true });
  const mock = await startMockModel(script());
  try {
    const launch = buildClaudeLaunch({
      harness,
      spec: { prompt: "run the bash tool" },
      dirs,
      endpoint: { kind: "mock", baseUrl: mock.url, apiKey: "sk-ant-bench" },
      asRoot: process.getuid?.() === 0,
    });
    const t0 = performance.now();
    await new Promise((resolve, reject) => {
      const child = spawn(launch.argv[0], launch.argv.slice(1), {
        cwd: launch.cwd,
        env: launch.env,
        stdio: ["pipe", "pipe", "pipe"],
      });
      // As runProcess does: stdin a pipe, closed at once (with stdin on /dev/null the pinned CLI took ~5 s longer per run here).
      child.stdin.end(launch.input);
      child.stdout.resume();
      child.stderr.resume();
      child.on("error", reject);
      child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`bare CLI exited ${code}`))));
    });
    return performance.now() - t0;
  } finally {
    await mock.close();
    rmSync(root, { recursive: true, force: true });
  }
}

/** (b) and (c): runHarnessTest end to end (mock, dirs, fixture, CLI, stream, diff, cleanup). */
async function harnessRun(sandbox) {
  const t0 = performance.now();
  const r = await runHarnessTest({ prompt: "run the bash tool", model: script(), sandbox });
  if (r.file("RAN") !== "TOOLRAN\n") throw new Error("the harness run did not run the Bash call");
  if (r.confined !== sandbox) throw new Error(`expected confined=${sandbox}, got ${r.confined}`);
  r.cleanup();
  return performance.now() - t0;
}

console.log(
  `claude ${harness.version} at ${harness.path}; cores ${availableParallelism()}; rounds ${ROUNDS}`,
);
if (!bwrapAvailable()) {
  console.log("confine: skipped, bubblewrap cannot run here");
} else {
  await bareRun(); // warm the page cache for the CLI binary
  await harnessRun(true);
  const bare = [];
  const open = [];
  const confined = [];
  for (let i = 0; i < ROUNDS; i++) {
    bare.push(await bareRun());
    open.push(await harnessRun(false));
    confined.push(await harnessRun(true));
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
