// The harness tier's overhead: a one-Bash-call runHarnessTest (median wall time, end to end: mock,
// temp dirs, fixture, CLI, stream parse, work-dir diff, cleanup) against the bare CLI running the same
// script against the same kind of mock (the claude process alone), unconfined and confined; then N
// tests at once against one. Target: ratio <= 1.25; N concurrent ~ N / cores x one.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { runHarnessTest } from "../dist/tiers/harness/run-harness-test.js";
import { startMockModel } from "../dist/adapters/claude-code/mock/server.js";
import { resolveHarness } from "../dist/adapters/claude-code/resolve-harness.js";
import { buildClaudeLaunch } from "../dist/adapters/claude-code/launch.js";
import { confineArgv, bwrapAvailable } from "../dist/runtime/confine.js";

const ROUNDS = Number(process.env.VIGILES_BENCH_ROUNDS ?? 7);
const script = () => [{ tool: "Bash", input: { command: "echo TOOLRAN > RAN" } }, { text: "done" }];
const harness = await resolveHarness();

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** The bare CLI: same argv and env as a harness test, its own dirs and mock; only the claude process is timed. */
async function bareRun(confined) {
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
    // Confined bare run: bwrap reaching the mock's port through the egress proxy (a confined run never
    // shares the host's network namespace), with no recorder or mock relay of the harness tier.
    const argv = confined
      ? confineArgv(launch.argv, {
          workDir: dirs.workDir,
          home: dirs.homeDir,
          tmpDir: dirs.tmpDir,
          network: "shared",
          allow: [new URL(mock.url).host],
        })
      : launch.argv;
    const t0 = performance.now();
    await new Promise((resolve, reject) => {
      const child = spawn(argv[0], argv.slice(1), {
        cwd: launch.cwd,
        env: launch.env,
        stdio: ["pipe", "pipe", "pipe"],
      });
      // As runProcess does: stdin a pipe, closed at once (with stdin on /dev/null the pinned CLI took
      // ~5 s longer per run, which flattered the tier's ratio).
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

async function harnessRun(sandbox) {
  const t0 = performance.now();
  const r = await runHarnessTest({ prompt: "run the bash tool", model: script(), sandbox });
  if (r.file("RAN") !== "TOOLRAN\n") throw new Error("the harness run did not run the Bash call");
  r.cleanup();
  return performance.now() - t0;
}

async function compare(label, confined) {
  const bare = [];
  const tier = [];
  await bareRun(confined); // warm the page cache for the 370 MB binary
  for (let i = 0; i < ROUNDS; i++) {
    bare.push(await bareRun(confined));
    tier.push(await harnessRun(confined));
  }
  const b = median(bare);
  const h = median(tier);
  console.log(
    `${label}: bare CLI median ${b.toFixed(0)} ms, runHarnessTest median ${h.toFixed(0)} ms, ` +
      `ratio ${(h / b).toFixed(3)} (target <= 1.25), rounds ${ROUNDS}`,
  );
  return h;
}

console.log(`claude ${harness.version} at ${harness.path}; cores ${availableParallelism()}`);
const one = await compare("unconfined", false);
if (bwrapAvailable()) await compare("confined (bwrap; the tier relays to the mock over a unix socket)", true);
else console.log("confined: skipped, bubblewrap cannot run here");

const N = Number(process.env.VIGILES_BENCH_CONCURRENT ?? 4);
const walls = [];
for (let i = 0; i < 3; i++) {
  const t0 = performance.now();
  await Promise.all(Array.from({ length: N }, () => harnessRun(false)));
  walls.push(performance.now() - t0);
}
const wall = median(walls);
const cores = availableParallelism();
console.log(
  `${N} concurrent tests: median wall ${wall.toFixed(0)} ms = ${(wall / one).toFixed(2)} x one test ` +
    `(N / cores = ${(N / cores).toFixed(2)}), each with its own mock, HOME and CLAUDE_CODE_TMPDIR`,
);
