// The OpenCode adapter's overhead: a one-shell-call harness test through opencodeAdapter (median wall
// time end to end: mock, temp dirs, private HOME and XDG dirs, plugin wrapping, CLI, stream read,
// plugin log, work-dir diff, cleanup) against the bare `opencode run` with the same environment
// running the same script against the same kind of mock (the opencode process alone, timed); then
// the same pair with one guard plugin (bare: OpenCode loads it as it is; the harness test: wrapped by
// the recorder). Both unconfined. Ratios measured in one run, interleaved (goal: the harness test
// within 1.25x of the bare CLI).
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { runHarnessTest } from "../dist/tiers/harness/run-harness-test.js";
import { opencodeAdapter } from "../dist/adapters/opencode/adapter.js";

const ROUNDS = Number(process.env.VIGILES_BENCH_ROUNDS ?? 5);
const script = () => [{ tool: "Bash", input: { command: "echo TOOLRAN > RAN" } }, { text: "done" }];
const GUARD = `export const Guard = async () => ({
  "tool.execute.before": async (input, output) => { if (String(output.args?.command).includes("rm -rf")) throw new Error("no"); },
});
`;
const harness = await opencodeAdapter.resolve();

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

function runDirs() {
  const root = mkdtempSync(join(tmpdir(), "vigiles-bench-opencode-"));
  const dirs = { workDir: join(root, "work"), homeDir: join(root, "home"), tmpDir: join(root, "tmp") };
  for (const d of Object.values(dirs)) mkdirSync(d, { recursive: true });
  return { root, dirs };
}

async function bareRun(withPlugin) {
  const { root, dirs } = runDirs();
  const mock = await opencodeAdapter.startMock(script());
  try {
    // The private XDG dirs (and the ripgrep stub) the adapter makes; the plugin written as it is.
    await opencodeAdapter.prepare({ prompt: "run it" }, dirs);
    if (withPlugin) {
      mkdirSync(join(dirs.workDir, ".opencode", "plugin"), { recursive: true });
      writeFileSync(join(dirs.workDir, ".opencode", "plugin", "guard.js"), GUARD);
    }
    const launch = opencodeAdapter.launch({
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
      // The CLI's own exit, as a shell waits for it: "close" would also wait for every process that
      // inherited its stdout (a server it leaves behind), which a user at a prompt does not.
      child.on("exit", (code) =>
        code === 0 ? resolve() : reject(new Error(`bare opencode exited ${code}`)),
      );
    });
    return performance.now() - t0;
  } finally {
    await mock.close();
    rmSync(root, { recursive: true, force: true });
  }
}

async function tierRun(withPlugin) {
  const t0 = performance.now();
  const r = await runHarnessTest(
    {
      prompt: "run it",
      model: script(),
      sandbox: false,
      transcript: true,
      ...(withPlugin ? { files: { ".opencode/plugin/guard.js": GUARD } } : {}),
    },
    { adapter: opencodeAdapter },
  );
  const ms = performance.now() - t0;
  if (r.file("RAN") !== "TOOLRAN\n") throw new Error("the scripted call did not run");
  if (withPlugin && r.hooks?.filter((h) => h.event === "tool.execute.before").length !== 1)
    throw new Error(`expected one recorded before-fire, got ${JSON.stringify(r.hooks)}`);
  r.cleanup();
  return ms;
}

const runs = { bare: [], tier: [], barePlugin: [], tierPlugin: [] };
await bareRun(false); // warm the binary and the page cache
for (let i = 0; i < ROUNDS; i++) {
  runs.bare.push(await bareRun(false));
  runs.tier.push(await tierRun(false));
  runs.barePlugin.push(await bareRun(true));
  runs.tierPlugin.push(await tierRun(true));
}
const [b, t, bp, tp] = [runs.bare, runs.tier, runs.barePlugin, runs.tierPlugin].map(median);
console.log(`opencode ${harness.version}, ${ROUNDS} rounds, medians:`);
console.log(`  bare opencode run against the mock       ${b.toFixed(0)} ms`);
console.log(`  runHarnessTest with opencodeAdapter      ${t.toFixed(0)} ms   ratio ${(t / b).toFixed(2)}`);
console.log(`  bare, one guard plugin                   ${bp.toFixed(0)} ms`);
console.log(`  runHarnessTest, the plugin recorded      ${tp.toFixed(0)} ms   ratio ${(tp / bp).toFixed(2)}`);
