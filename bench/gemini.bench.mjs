// The Gemini CLI adapter's overhead: a one-shell-call harness test through geminiAdapter (median
// wall time end to end: mock, temp dirs, private HOME settings, CLI, stream read, hook log, work-dir
// diff, cleanup) against the bare `gemini -p` running the same script against the same kind of mock
// (the gemini process alone, timed). Also the cost of the transparent hook recorder per fire: one
// BeforeTool hook run as Gemini runs it (`bash -c <command>`, a payload on stdin) bare vs wrapped,
// the wrapped command taken from the settings the adapter writes. Ratios measured in one run,
// interleaved (goal: the harness test within 1.25x of the bare CLI).
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { geminiAdapter } from "../dist/adapters/gemini-cli/adapter.js";
import { bareRun as bareOf, benchHarness, median, tierRun as tierOf } from "./bare-cli.mjs";

const ROUNDS = Number(process.env.VIGILES_BENCH_ROUNDS ?? 5);
const FIRES = Number(process.env.VIGILES_BENCH_FIRES ?? 40);
const hook = { type: "command", command: "cat > /dev/null; exit 0" };
const settings = { hooks: { BeforeTool: [{ matcher: "run_shell_command", hooks: [hook] }] } };
const cli = await benchHarness("gemini");
const { harness } = cli;

function runDirs(prefix) {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const dirs = { workDir: join(root, "work"), homeDir: join(root, "home"), tmpDir: join(root, "tmp") };
  for (const d of Object.values(dirs)) mkdirSync(d, { recursive: true });
  return { root, dirs };
}

/** The bare Gemini CLI against the mock (bare-cli.mjs), with the private HOME settings the adapter writes. */
const bareRun = () => bareOf(cli);

/** runHarnessTest through the Gemini adapter, unconfined, with one recorded BeforeTool hook when asked. */
const tierRun = (withHook) =>
  tierOf(cli, {
    spec: {
      transcript: true,
      ...(withHook ? { files: { ".gemini/settings.json": JSON.stringify(settings) } } : {}),
    },
    check: (r) => {
      if (withHook && r.hooks?.length !== 1)
        throw new Error(`expected one recorded fire, got ${r.hooks?.length}`);
    },
  });

/** One hook fire as Gemini makes it: `bash -c <command>` in the work dir, the event JSON on stdin. */
function fire(command, cwd, payload) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn("bash", ["-c", command], { cwd, stdio: ["pipe", "pipe", "pipe"] });
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
  const { root, dirs } = runDirs("vigiles-bench-gemini-recorder-");
  try {
    await geminiAdapter.prepare(
      { prompt: "run it", files: { ".gemini/settings.json": JSON.stringify(settings) } },
      dirs,
    );
    const written = JSON.parse(readFileSync(join(dirs.workDir, ".gemini", "settings.json"), "utf8"));
    const wrapped = written.hooks.BeforeTool[0].hooks[0].command;
    const payload = JSON.stringify({
      session_id: "bench",
      cwd: dirs.workDir,
      hook_event_name: "BeforeTool",
      timestamp: new Date().toISOString(),
      tool_name: "run_shell_command",
      tool_input: { command: "echo TOOLRAN > RAN", description: "bench" },
    });
    const bareMs = [];
    const wrappedMs = [];
    await fire(wrapped, dirs.workDir, payload); // warm
    await fire(hook.command, dirs.workDir, payload);
    for (let i = 0; i < FIRES; i++) {
      bareMs.push(await fire(hook.command, dirs.workDir, payload));
      wrappedMs.push(await fire(wrapped, dirs.workDir, payload));
    }
    const recorded = geminiAdapter.createStreamReader(dirs).finish().hooks.length;
    if (recorded !== FIRES + 1) throw new Error(`the recorder logged ${recorded} fires of ${FIRES + 1}`);
    return { bare: median(bareMs), wrapped: median(wrappedMs) };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const perFire = await recorderPerFire();
console.log(
  `hook recorder, ${FIRES} fires each, medians (spawned from node as bash -c, as Gemini runs a hook):`,
);
console.log(`  bare hook                              ${perFire.bare.toFixed(1)} ms`);
console.log(
  `  wrapped by the recorder                ${perFire.wrapped.toFixed(1)} ms   ratio ${(perFire.wrapped / perFire.bare).toFixed(2)}, +${(perFire.wrapped - perFire.bare).toFixed(1)} ms a fire`,
);

const bare = [];
const tier = [];
const hooked = [];
await bareRun(); // warm the bundle and the page cache
for (let i = 0; i < ROUNDS; i++) {
  bare.push(await bareRun());
  tier.push(await tierRun(false));
  hooked.push(await tierRun(true));
}
const b = median(bare);
const t = median(tier);
const h = median(hooked);
console.log(`gemini ${harness.version}, ${ROUNDS} rounds, medians:`);
console.log(`  bare gemini -p against the mock        ${b.toFixed(0)} ms`);
console.log(`  runHarnessTest with geminiAdapter      ${t.toFixed(0)} ms   ratio ${(t / b).toFixed(2)}`);
console.log(
  `  same, one recorded BeforeTool hook     ${h.toFixed(0)} ms   recorder + hook ${(h - t).toFixed(0)} ms`,
);
