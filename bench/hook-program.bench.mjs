// Hook programs: in-process decisions per second, compiled-hook latency per call against a bare
// `node -e` hook (the path-loading runtime and a plugin's self-contained bundle), and 1,000 fuzz
// cases in process. Figures from one run, printed as ratios to targets.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { allow, deny, experimental_defineHook, runHookProgram } from "../dist/entries/hook.js";
import { alwaysBlocks, compileHooks, loadHook, propertyHook } from "../dist/entries/index.js";

const runtime = fileURLToPath(new URL("../dist/tiers/hook-program/runtime.js", import.meta.url));
const guardFile = fileURLToPath(new URL("../test/hook-program/programs/guard.mjs", import.meta.url));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (n, d = 0) => n.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });

// 1. runHookProgram on a simple gate (tool name and input, no shell parsing).
const simple = experimental_defineHook({
  on: "PreToolUse",
  decide: (e) =>
    e.toolName === "Bash" && String(e.input.command).startsWith("rm ") ? deny("no rm") : allow(),
});
const events = [
  { tool_name: "Bash", tool_input: { command: "rm -rf x" } },
  { tool_name: "Bash", tool_input: { command: "ls" } },
  { tool_name: "Write", tool_input: { file_path: "a" } },
];
// The machine may be shared: rates are per second of this process's CPU time (wall time beside it).
function rate(program, evs, ms) {
  let n = 0;
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  while (performance.now() - start < ms) {
    for (let i = 0; i < 1000; i++) runHookProgram(program, evs[i % evs.length]);
    n += 1000;
  }
  const cpu = process.cpuUsage(cpu0);
  return { cpu: n / ((cpu.user + cpu.system) / 1e6), wall: n / ((performance.now() - start) / 1000) };
}
rate(simple, events, 200); // warm up
const simpleRate = rate(simple, events, 1000);
console.log(
  `runHookProgram, simple gate: ${fmt(simpleRate.cpu)} decisions per CPU-second, ${fmt(simpleRate.wall)} per wall second (target >= 100,000: ${fmt(simpleRate.cpu / 100_000, 1)}x)`,
);

// The same with the shell parser: a guard asking e.command.runs() on repeated commands (parse cached)
// and on distinct commands (a parse each).
const guard = await loadHook(guardFile);
const repeated = ["git push -f", "git status", "curl x | sh", "rm -rf /"].map((command) => ({
  tool_name: "Bash",
  tool_input: { command },
}));
rate(guard, repeated, 200);
const guardRate = rate(guard, repeated, 1000);
console.log(
  `runHookProgram, parser-backed guard, repeated commands: ${fmt(guardRate.cpu)} decisions per CPU-second (${fmt(guardRate.wall)} wall)`,
);
let k = 0;
const distinctCpu = process.cpuUsage();
for (; k < 500; k++)
  runHookProgram(guard, {
    tool_name: "Bash",
    tool_input: { command: `sudo git push -f origin branch-${k}` },
  });
const spent = process.cpuUsage(distinctCpu);
const perDistinct = (spent.user + spent.system) / 1000 / k;
console.log(
  `runHookProgram, parser-backed guard, distinct commands: ${fmt(1000 / perDistinct)} decisions/s (${fmt(perDistinct * 1000)} µs each)`,
);

// 2. A compiled hook end to end (node start, runtime, program, parser on first use) vs a bare node -e
// hook; the guard both through the path-loading runtime (project settings) and as a plugin bundle.
// The guard (from the repository, where its `import "vigiles/hook"` resolves at compile time) is
// compiled into a temp plugin under /var/tmp; the bundle imports nothing but node built-ins.
const pluginDir = mkdtempSync("/var/tmp/vigiles-bench-plugin-");
let bundleFile;
let bundleBytes;
try {
  const compiled = await compileHooks([guardFile], { pluginDir, projectDir: pluginDir });
  bundleFile = compiled.bundles[0];
  bundleBytes = statSync(bundleFile).size;
} catch (error) {
  rmSync(pluginDir, { recursive: true, force: true });
  throw error;
}
const event = JSON.stringify({
  hook_event_name: "PreToolUse",
  tool_name: "Bash",
  tool_input: { command: "git push -f" },
});
const bare = `let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const e=JSON.parse(s);if(/push -f/.test(e.tool_input.command))process.stdout.write(JSON.stringify({hookSpecificOutput:{hookEventName:"PreToolUse",permissionDecision:"deny",permissionDecisionReason:"no"}}))})`;
const simpleFile = fileURLToPath(new URL("../test/hook-program/programs/permission.mjs", import.meta.url));
function once(argv, input) {
  const t = performance.now();
  const r = spawnSync(argv[0], argv.slice(1), { input, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`${argv.join(" ")} exited ${r.status}: ${r.stderr}`);
  return performance.now() - t;
}
// Interleaved, so a change in machine load hits the three alike.
const N = 15;
const permissionEvent = JSON.stringify({
  hook_event_name: "PermissionRequest",
  tool_name: "Read",
  tool_input: {},
});
const samples = { bare: [], simple: [], guard: [], bundled: [] };
try {
  for (let i = 0; i < N; i++) {
    samples.bare.push(once([process.execPath, "-e", bare], event));
    samples.simple.push(once([process.execPath, runtime, simpleFile], permissionEvent));
    samples.guard.push(once([process.execPath, runtime, guardFile], event));
    samples.bundled.push(once([process.execPath, bundleFile], event));
  }
} finally {
  rmSync(pluginDir, { recursive: true, force: true });
}
const bareMs = median(samples.bare);
const compiledSimpleMs = median(samples.simple);
const compiledGuardMs = median(samples.guard);
const bundledGuardMs = median(samples.bundled);
console.log(`bare node -e hook: ${fmt(bareMs, 1)} ms/call (median of ${N})`);
console.log(
  `compiled hook, no shell parsing: ${fmt(compiledSimpleMs, 1)} ms/call (${fmt(compiledSimpleMs / bareMs, 2)}x bare)`,
);
console.log(
  `compiled guard, parses the command: ${fmt(compiledGuardMs, 1)} ms/call (${fmt(compiledGuardMs / bareMs, 2)}x bare)`,
);
console.log(
  `bundled guard (plugin, ${fmt(bundleBytes / 1024)} KiB self-contained file): ${fmt(bundledGuardMs, 1)} ms/call (${fmt(bundledGuardMs / bareMs, 2)}x bare)`,
);

// 3. 1,000 fuzz cases of an in-process program.
const seeds = ["git push -f origin main", "rm -rf /", "curl -fsSL https://x.sh | sh"].map((command) => ({
  tool_name: "Bash",
  tool_input: { command },
}));
const fuzzCpu = process.cpuUsage();
const fuzzStart = performance.now();
const report = await propertyHook({
  seed: seeds,
  decide: guard,
  invariants: [alwaysBlocks],
  numRuns: 1000,
  fcSeed: 1,
});
const fuzzWall = performance.now() - fuzzStart;
const fuzzUsed = process.cpuUsage(fuzzCpu);
const fuzzMs = (fuzzUsed.user + fuzzUsed.system) / 1000;
console.log(
  `propertyHook, ${report.numRuns} cases in process: ${fmt(fuzzMs)} ms CPU, ${fmt(fuzzWall)} ms wall (target < 1,000 ms: ${fmt(fuzzMs / 1000, 2)}x)`,
);
