// The Copilot CLI adapter's overhead: a one-shell-call harness test through copilotAdapter (median
// wall time end to end: mock, temp dirs, COPILOT_HOME config, CLI, stream read, hook log, work-dir
// diff, cleanup) against the bare `copilot -p` running the same script against the same kind of
// mock (the copilot process alone, timed, with the same shared unpacked package). Also what the
// shared package saves (one bare run with a fresh HOME, which unpacks the CLI's 235 MB package
// first), and the cost of the transparent hook recorder per fire: one preToolUse hook run as Copilot
// runs it (`bash -c <command>`, a payload on stdin) bare vs wrapped, the wrapped command taken from
// the hooks file the adapter writes. Ratios measured in one run, interleaved.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { copilotAdapter } from "../dist/adapters/copilot-cli/adapter.js";
import { bareRun as bareOf, benchHarness, median, tierRun as tierOf } from "./bare-cli.mjs";

const ROUNDS = Number(process.env.VIGILES_BENCH_ROUNDS ?? 5);
const FIRES = Number(process.env.VIGILES_BENCH_FIRES ?? 60);
const hookCommand = "cat > /dev/null; exit 0";
const hooksFile = JSON.stringify({
  version: 1,
  hooks: { preToolUse: [{ type: "command", bash: hookCommand }] },
});
const cli = await benchHarness("copilot-cli");
const { harness } = cli;

function makeDirs(prefix) {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const dirs = { workDir: join(root, "work"), homeDir: join(root, "home"), tmpDir: join(root, "tmp") };
  for (const d of Object.values(dirs)) mkdirSync(d, { recursive: true });
  return { root, dirs };
}

/** The copilot process alone; `coldPackage` drops the shared package so the CLI unpacks its own. */
/** The bare Copilot CLI against the mock (bare-cli.mjs); `coldPackage`: without the shared unpacked package. */
const bareRun = ({ coldPackage = false } = {}) =>
  bareOf(cli, {
    env: (env) => {
      if (coldPackage) delete env.COPILOT_CLI_DIST_DIR;
    },
  });

/** runHarnessTest through the Copilot adapter, unconfined, with `files` when given. */
const tierRun = (files) =>
  tierOf(cli, {
    spec: { transcript: true, ...(files ? { files } : {}) },
    check: (r) => {
      if (files && r.hooks.length !== 1) throw new Error(`expected one recorded fire, got ${r.hooks.length}`);
    },
  });

/** One hook fire as Copilot makes it: `bash -c <command>` in the work dir, the event JSON on stdin. */
function fire(command, cwd, payload) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn("/bin/bash", ["-c", command], { cwd, stdio: ["pipe", "pipe", "pipe"] });
    child.stdout.resume();
    child.stderr.resume();
    child.stdin.end(payload);
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve(performance.now() - t0) : reject(new Error(`hook exited ${code}`)),
    );
  });
}

async function recorderPerFire() {
  const { root, dirs } = makeDirs("vigiles-bench-copilot-recorder-");
  try {
    await copilotAdapter.prepare(
      { prompt: "run it", files: { ".github/hooks/bench.json": hooksFile } },
      dirs,
    );
    const written = JSON.parse(readFileSync(join(dirs.workDir, ".github", "hooks", "bench.json"), "utf8"));
    const wrapped = written.hooks.preToolUse[0].bash;
    const payload = JSON.stringify({
      sessionId: "bench",
      timestamp: Date.now(),
      cwd: dirs.workDir,
      toolName: "bash",
      toolArgs: { command: "echo TOOLRAN > RAN", description: "bench" },
    });
    const bareMs = [];
    const wrappedMs = [];
    await fire(wrapped, dirs.workDir, payload); // warm
    await fire(hookCommand, dirs.workDir, payload);
    for (let i = 0; i < FIRES; i++) {
      bareMs.push(await fire(hookCommand, dirs.workDir, payload));
      wrappedMs.push(await fire(wrapped, dirs.workDir, payload));
    }
    const recorded = copilotAdapter.createStreamReader(dirs).finish().hooks.length;
    if (recorded !== FIRES + 1) throw new Error(`the recorder logged ${recorded} fires of ${FIRES + 1}`);
    return { bare: median(bareMs), wrapped: median(wrappedMs) };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const perFire = await recorderPerFire();
console.log(
  `hook recorder, ${FIRES} fires each, medians (spawned from node as bash -c, as Copilot runs a hook):`,
);
console.log(`  bare hook                              ${perFire.bare.toFixed(1)} ms`);
console.log(
  `  wrapped by the recorder                ${perFire.wrapped.toFixed(1)} ms   ratio ${(perFire.wrapped / perFire.bare).toFixed(2)}, +${(perFire.wrapped - perFire.bare).toFixed(1)} ms a fire`,
);

const bare = [];
const tier = [];
const hooked = [];
await bareRun(); // warm the binary and the page cache
const cold = await bareRun({ coldPackage: true });
for (let i = 0; i < ROUNDS; i++) {
  bare.push(await bareRun());
  tier.push(await tierRun());
  hooked.push(await tierRun({ ".github/hooks/bench.json": hooksFile }));
}
const b = median(bare);
const t = median(tier);
const h = median(hooked);
console.log(`copilot ${harness.version}, ${ROUNDS} rounds, medians:`);
console.log(`  bare copilot -p against the mock       ${b.toFixed(0)} ms`);
console.log(`  runHarnessTest with copilotAdapter     ${t.toFixed(0)} ms   ratio ${(t / b).toFixed(2)}`);
console.log(
  `  same, one recorded preToolUse hook     ${h.toFixed(0)} ms   recorder + hook ${(h - t).toFixed(0)} ms`,
);
console.log(
  `  bare, fresh HOME (unpacks the package) ${cold.toFixed(0)} ms   (one run: what each run would pay without the shared package)`,
);

/** prepare alone, without and with the two fixture plugins (copied into the run and every hooks file wrapped). */
async function prepareMs(pluginDirs) {
  const { root, dirs } = makeDirs("vigiles-bench-copilot-prepare-");
  try {
    const t0 = performance.now();
    await copilotAdapter.prepare(
      { prompt: "run it", files: { ".github/hooks/bench.json": hooksFile }, pluginDirs },
      dirs,
    );
    return performance.now() - t0;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
const fixtures = join(import.meta.dirname, "..", "test", "copilot", "fixtures");
const plugins = [join(fixtures, "claude-style-plugin"), join(fixtures, "copilot-style-plugin")];
const noPlugin = [];
const withPlugins = [];
for (let i = 0; i < 30; i += 1) {
  noPlugin.push(await prepareMs([]));
  withPlugins.push(await prepareMs(plugins));
}
console.log("prepare, 30 each, medians:");
console.log(`  no plugin                              ${median(noPlugin).toFixed(1)} ms`);
console.log(
  `  two plugins copied and wrapped         ${median(withPlugins).toFixed(1)} ms   +${(median(withPlugins) - median(noPlugin)).toFixed(1)} ms, ${((100 * (median(withPlugins) - median(noPlugin))) / t).toFixed(2)}% of a harness run`,
);
