// runHook's own overhead over spawning the same trivial `sh` hook by hand with child_process, both
// async (runHookAsync vs spawn) and sync (runHook vs spawnSync); and a confined run's overhead.
// Target: median ratio <= 1.15 over 200 calls. Run: npm run build && node bench/run-hook.bench.mjs
import { spawn, spawnSync } from "node:child_process";
import { runHook, runHookAsync } from "../dist/entries/index.js";
import { pingProcessWorker } from "../dist/runtime/process-sync.js";

const N = Number(process.env.BENCH_N ?? 200);
const CONFINED_N = Number(process.env.BENCH_CONFINED_N ?? 30);
const command = "cat >/dev/null; exit 0";
const event = {
  hook_event_name: "PreToolUse",
  tool_name: "Bash",
  tool_input: { command: "git status" },
  session_id: "bench",
  transcript_path: "/tmp/bench.jsonl",
  cwd: process.cwd(),
  permission_mode: "default",
  tool_use_id: "toolu_bench",
};
const input = JSON.stringify(event);
const env = { ...process.env, CLAUDE_PROJECT_DIR: process.cwd() };

function byHand(detached = false) {
  return new Promise((resolve, reject) => {
    const child = spawn("sh", ["-c", command], { env, detached, stdio: ["pipe", "pipe", "pipe"] });
    const out = [];
    const err = [];
    child.stdout.on("data", (c) => out.push(c));
    child.stderr.on("data", (c) => err.push(c));
    child.stdin.on("error", () => {});
    child.stdin.end(input);
    child.on("error", reject);
    child.on("close", (code) =>
      resolve({ code, stdout: Buffer.concat(out).toString(), stderr: Buffer.concat(err).toString() }),
    );
  });
}

const byHandSync = () => spawnSync("sh", ["-c", command], { env, input, encoding: "utf8" });
// `detached` is libuv's setsid: the new session (and, with sched autogroup, a new scheduling group)
// that a process-group kill needs. Measured apart, it is most of runHook's gap on a loaded machine.
const byHandSyncGrouped = () =>
  spawnSync("sh", ["-c", command], { env, input, encoding: "utf8", detached: true });
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const ms = (x) => `${x.toFixed(2)} ms`;

async function timeAsync(fn) {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}
function timeSync(fn) {
  const t = performance.now();
  fn();
  return performance.now() - t;
}

// Warm up both paths (the sync worker starts on first use).
for (let i = 0; i < 10; i++) {
  await byHand();
  await runHookAsync(command, event);
  byHandSync();
  runHook(command, event);
}

// Interleave the two sides so drift in machine load hits both alike.
const a = { hand: [], vigiles: [] };
const grouped = { hand: [], vigiles: a.vigiles };
const s = { hand: [], vigiles: [] };
const sGrouped = { hand: [], vigiles: s.vigiles };
for (let i = 0; i < N; i++) {
  a.hand.push(await timeAsync(() => byHand(false)));
  grouped.hand.push(await timeAsync(() => byHand(true)));
  a.vigiles.push(await timeAsync(() => runHookAsync(command, event)));
  s.hand.push(timeSync(byHandSync));
  s.vigiles.push(timeSync(() => runHook(command, event)));
  sGrouped.hand.push(timeSync(byHandSyncGrouped));
}
const pairRatio = (x) => median(x.vigiles.map((v, i) => v / x.hand[i]));
const asyncRatio = median(a.vigiles) / median(a.hand);
const syncRatio = median(s.vigiles) / median(s.hand);
const groupedRatio = median(a.vigiles) / median(grouped.hand);
console.log(`runHook overhead over child_process, trivial sh hook, ${N} calls each (target <= 1.15)`);
console.log(
  `  async: runHookAsync ${ms(median(a.vigiles))} vs spawn ${ms(median(a.hand))}: ratio of medians ${asyncRatio.toFixed(3)}, median paired ratio ${pairRatio(a).toFixed(3)}`,
);
console.log(
  `  async, against a spawn in its own process group (detached: the setsid that group kills need): ${ms(median(grouped.hand))}: ratio of medians ${groupedRatio.toFixed(3)}, median paired ratio ${pairRatio(grouped).toFixed(3)}`,
);
console.log(
  `  sync:  runHook ${ms(median(s.vigiles))} vs spawnSync ${ms(median(s.hand))}: ratio of medians ${syncRatio.toFixed(3)}, median paired ratio ${pairRatio(s).toFixed(3)}`,
);

console.log(
  `  sync, against a spawnSync in its own session (detached): ${ms(median(sGrouped.hand))}: ratio of medians ${(median(s.vigiles) / median(sGrouped.hand)).toFixed(3)}, median paired ratio ${pairRatio(sGrouped).toFixed(3)}`,
);

const pings = [];
for (let i = 0; i < 2000; i++) pings.push(timeSync(pingProcessWorker));
console.log(
  `  sync bridge alone (an empty request to the worker and back, 2000 calls): median ${(median(pings) * 1000).toFixed(0)} µs`,
);

const plain = [];
const confined = [];
for (let i = 0; i < CONFINED_N; i++) {
  plain.push(timeSync(() => runHook(command, event)));
  confined.push(timeSync(() => runHook(command, event, { confine: true })));
}
console.log(
  `  confined (bubblewrap, fresh work dir/HOME/TMPDIR, snapshot diff), ${CONFINED_N} calls: ${ms(median(confined))} vs ${ms(median(plain))} unconfined: ratio ${(median(confined) / median(plain)).toFixed(2)}, +${ms(median(confined) - median(plain))}`,
);
const loadavg = (await import("node:os")).loadavg()[0];
console.log(`  machine load average (1 min) during the run: ${loadavg.toFixed(1)}`);
const worst = Math.max(asyncRatio, syncRatio);
console.log(
  `  ${worst <= 1.15 ? "MET" : "MISSED"}: worst ratio against a plain spawn ${worst.toFixed(3)} (target <= 1.15)`,
);
