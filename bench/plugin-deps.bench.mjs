// A plugin test with `plugin: "."` in a plugin repository (issue 33): the plugin carries a large
// `node_modules` (VIGILES_BENCH_DEPS_MB, 200 MB by default, in 100 KB files) and a `.git`, against
// the same plugin without them. Two figures per harness that loads plugin dirs, interleaved:
// `prepare` alone (the run's copy of the plugin) and a whole confined harness test (one shell call,
// the plugin's hook fires on it). Goal: within 1.1x. VIGILES_BENCH_DIST points at another build
// (e.g. main's dist, for the figure before).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";

const DIST = resolve(process.env.VIGILES_BENCH_DIST ?? new URL("../dist", import.meta.url).pathname);
const load = (rel) => import(pathToFileURL(join(DIST, rel)).href);
const { HARNESSES } = await load("adapters/registry.js");
const { runHarnessTest } = await load("tiers/harness/run-harness-test.js");
const { stubSkillBodies } = await load("adapters/claude-code/plugin/prepare.js");

const ROUNDS = Number(process.env.VIGILES_BENCH_ROUNDS ?? 3);
const PREPARE_ROUNDS = Number(process.env.VIGILES_BENCH_PREPARE_ROUNDS ?? 5);
const DEPS_MB = Number(process.env.VIGILES_BENCH_DEPS_MB ?? 200);
const FULL = process.env.VIGILES_BENCH_FULL !== "0";

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const base = mkdtempSync(join(tmpdir(), "vigiles-bench-plugin-deps-"));
const chunk = Buffer.alloc(100 * 1024, "x");

/** The same plugin for every harness: Claude's manifest (Copilot reads it too) and Gemini's. */
function writePlugin(entry, root, heavy) {
  const shape = entry.conformance.shapes[0];
  const at = entry.dialect.pluginRootPlaceholders[0] ?? ".";
  const command = `cat >/dev/null; test -f "${at}/bin/hook.sh"`;
  const config = entry.conformance.configFiles([
    { event: entry.conformance.events.postTool, command, shape },
  ]);
  const files = {
    ".claude-plugin/plugin.json": JSON.stringify({ name: "bench-deps", version: "1.0.0" }),
    "gemini-extension.json": JSON.stringify({ name: "bench-deps", version: "1.0.0" }),
    "hooks/hooks.json": Object.values(config)[0],
    "bin/hook.sh": "#!/bin/sh\nexit 0\n",
    "skills/s/SKILL.md": "---\nname: s\ndescription: A bench skill.\n---\nbody\n",
  };
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(join(root, rel, ".."), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  if (!heavy) return;
  const count = DEPS_MB * 10;
  for (let i = 0; i < count; i++) {
    const dir = join(root, "node_modules", `pkg-${Math.floor(i / 20)}`, "lib");
    if (i % 20 === 0) mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `f${i % 20}.js`), chunk);
  }
  for (let i = 0; i < count / 10; i++) {
    const dir = join(root, ".git", "objects", String(i % 256).padStart(2, "0"));
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `o${i}`), chunk);
  }
}

async function timePrepare(adapter, plugin) {
  const root = mkdtempSync(join(tmpdir(), "vigiles-bench-prep-"));
  const dirs = { workDir: join(root, "work"), homeDir: join(root, "home"), tmpDir: join(root, "tmp") };
  for (const d of Object.values(dirs)) mkdirSync(d, { recursive: true });
  try {
    const t0 = performance.now();
    await adapter.prepare({ prompt: "x", pluginDirs: [plugin] }, dirs);
    return performance.now() - t0;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

function timeStub(plugin) {
  const t0 = performance.now();
  const stub = stubSkillBodies(plugin);
  const ms = performance.now() - t0;
  stub.cleanup();
  return ms;
}

async function timeRun(adapter, plugin) {
  const t0 = performance.now();
  const r = await runHarnessTest(
    {
      prompt: "go",
      plugin,
      model: [{ tool: "Bash", input: { command: "echo ran" } }, { text: "done" }],
      transcript: true,
      timeoutMs: 300_000,
    },
    { adapter },
  );
  const ms = performance.now() - t0;
  const fired = (r.hooks ?? []).some((f) => f.exitCode === 0);
  r.cleanup();
  if (!fired) throw new Error(`${adapter.displayName}: the plugin's hook did not fire`);
  return ms;
}

/** `time(plugin)` for the clean and the heavy plugin, interleaved `rounds` times: both medians. */
async function compare(rounds, time, heavy, clean) {
  const t = { heavy: [], clean: [] };
  for (let i = 0; i < rounds; i++) {
    t.clean.push(await time(clean));
    t.heavy.push(await time(heavy));
  }
  const [h, c] = [median(t.heavy), median(t.clean)];
  return `heavy ${h.toFixed(1)} ms, clean ${c.toFixed(1)} ms, ratio ${(h / c).toFixed(2)}x`;
}

try {
  console.log(`dist: ${DIST}; node_modules ${DEPS_MB} MB + .git ${DEPS_MB / 10} MB`);
  for (const entry of HARNESSES.filter((e) => e.capabilities.pluginDirs)) {
    const adapter = await entry.loadAdapter();
    const heavy = join(base, entry.id, "heavy", "bench-deps");
    const clean = join(base, entry.id, "clean", "bench-deps");
    writePlugin(entry, heavy, true);
    writePlugin(entry, clean, false);
    if (entry === HARNESSES[0]) {
      // stubSkillBodies (init's eval files: `stubSkillBodies(".")`): the same two plugins.
      console.log(`stubSkillBodies: ${await compare(PREPARE_ROUNDS, timeStub, heavy, clean)}`);
    }
    const prepare = (plugin) => timePrepare(adapter, plugin);
    console.log(`${entry.displayName} prepare: ${await compare(PREPARE_ROUNDS, prepare, heavy, clean)}`);
    if (!FULL) continue;
    const run = (plugin) => timeRun(adapter, plugin);
    console.log(`${entry.displayName} confined run: ${await compare(ROUNDS, run, heavy, clean)} (goal 1.1x)`);
  }
} finally {
  rmSync(base, { recursive: true, force: true });
}
