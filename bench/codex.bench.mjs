// The Codex adapter's overhead: a one-shell-call harness test through codexAdapter (median wall
// time end to end: mock, temp dirs, CODEX_HOME config, CLI, stream read, hook log, work-dir diff,
// cleanup) against the bare Codex CLI running the same script against the same kind of mock (the
// codex process alone, timed). Also the cost of the transparent hook recorder per fire: one
// PreToolUse hook run as Codex runs it (`sh -c <command>`, a payload on stdin) bare vs wrapped by
// the recorder, the wrapped command taken from the hooks.json the adapter writes. Ratios measured
// in one run, interleaved.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { codexAdapter } from "../dist/adapters/codex/adapter.js";
import { bareRun as bareOf, benchHarness, median, tierRun as tierOf } from "./bare-cli.mjs";

const ROUNDS = Number(process.env.VIGILES_BENCH_ROUNDS ?? 7);
const FIRES = Number(process.env.VIGILES_BENCH_FIRES ?? 60);
const hooks = {
  PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "cat > /dev/null; exit 0" }] }],
};
const cli = await benchHarness("codex");
const { harness } = cli;

/** The bare codex exec against the mock (bare-cli.mjs). */
const bareRun = () => bareOf(cli);

/** runHarnessTest through the Codex adapter, unconfined, with `settings` when given. */
const tierRun = (settings) => tierOf(cli, { spec: { transcript: true, ...(settings ? { settings } : {}) } });

/** One hook fire as Codex makes it: `sh -c <command>` in the work dir, the event JSON on stdin. */
function fire(command, cwd, payload) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn("/bin/sh", ["-c", command], { cwd, stdio: ["pipe", "pipe", "pipe"] });
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
  const root = mkdtempSync(join(tmpdir(), "vigiles-bench-recorder-"));
  const dirs = { workDir: join(root, "work"), homeDir: join(root, "home"), tmpDir: join(root, "tmp") };
  for (const d of Object.values(dirs)) mkdirSync(d, { recursive: true });
  try {
    await codexAdapter.prepare({ prompt: "run it", settings: { hooks } }, dirs);
    const written = JSON.parse(readFileSync(join(dirs.homeDir, ".codex", "hooks.json"), "utf8"));
    const wrapped = written.hooks.PreToolUse[0].hooks[0].command;
    const bareCommand = hooks.PreToolUse[0].hooks[0].command;
    const payload = JSON.stringify({
      session_id: "bench",
      cwd: dirs.workDir,
      hook_event_name: "PreToolUse",
      model: "gpt-5.5",
      permission_mode: "bypassPermissions",
      tool_name: "Bash",
      tool_input: { command: "echo TOOLRAN > RAN" },
      tool_use_id: "call_bench",
    });
    const bareMs = [];
    const wrappedMs = [];
    await fire(wrapped, dirs.workDir, payload); // warm
    await fire(bareCommand, dirs.workDir, payload);
    for (let i = 0; i < FIRES; i++) {
      bareMs.push(await fire(bareCommand, dirs.workDir, payload));
      wrappedMs.push(await fire(wrapped, dirs.workDir, payload));
    }
    const recorded = codexAdapter.createStreamReader(dirs).finish().hooks.length;
    if (recorded !== FIRES + 1) throw new Error(`the recorder logged ${recorded} fires of ${FIRES + 1}`);
    return { bare: median(bareMs), wrapped: median(wrappedMs) };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const perFire = await recorderPerFire();
console.log(
  `hook recorder, ${FIRES} fires each, medians (spawned from node as sh -c, as Codex runs a hook):`,
);
console.log(`  bare hook                              ${perFire.bare.toFixed(1)} ms`);
console.log(
  `  wrapped by the recorder                ${perFire.wrapped.toFixed(1)} ms   ratio ${(perFire.wrapped / perFire.bare).toFixed(2)}, +${(perFire.wrapped - perFire.bare).toFixed(1)} ms a fire`,
);

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
