// One bare-against-tier timing loop for every registered harness (not a bench itself: run.mjs runs
// only *.bench.mjs). The bare run is the adapter's CLI with the launch a harness test makes (same
// argv, env, prepared HOME) against its own mock, only the CLI process timed; confined, it goes
// through bubblewrap and the tier's relay to the mock's unix socket, as tiers/harness/session.ts
// wraps it, so bare and tier run on equal terms. The tier run is a one-Bash-call runHarnessTest.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { harnessEntry, managedSettingsDirs } from "../dist/adapters/registry.js";
import { confineArgv, hostHomes } from "../dist/runtime/confine.js";
import { confinedCli } from "../dist/runtime/confine-cli.js";
import { MOCK_API_KEY, runHarnessTest } from "../dist/tiers/harness/run-harness-test.js";

const RELAY_SCRIPT = fileURLToPath(new URL("../dist/tiers/harness/relay.mjs", import.meta.url));
const RELAY_KIT = fileURLToPath(new URL("../dist/runtime/pipe-relay.mjs", import.meta.url));

/** The scripted turn every loop runs: one Bash call that writes RAN, then a closing text. */
export const bashScript = () => [
  { tool: "Bash", input: { command: "echo TOOLRAN > RAN" } },
  { text: "done" },
];

export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** The registry's adapter for `id` and its resolved CLI. */
export async function benchHarness(id) {
  const adapter = await harnessEntry(id).loadAdapter();
  return { adapter, harness: await adapter.resolve() };
}

/** Temp dirs shaped as a run's (work, HOME, TMPDIR). */
export function runDirs(prefix = "vigiles-bench-bare-") {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const dirs = { workDir: join(root, "work"), homeDir: join(root, "home"), tmpDir: join(root, "tmp") };
  for (const d of Object.values(dirs)) mkdirSync(d, { recursive: true });
  return { root, dirs };
}

/**
 * The bare CLI, timed alone. Options: `confined` (bubblewrap and the relay, as the tier runs it),
 * `script` (the mock's), `setup(dirs)` (after the adapter's prepare, e.g. a plugin file),
 * `env(env)` (edits a copy of the launch env), `waitFor` ("close", the default, or "exit": the CLI's
 * own exit, for a CLI that leaves a server holding its stdout), `check(mock)` (after the run),
 * `prompt` and `apiKey` (the tier's by default).
 */
export async function bareRun({ adapter, harness }, options = {}) {
  const { root, dirs } = runDirs(`vigiles-bench-${adapter.id ?? "bare"}-`);
  const confined = options.confined === true;
  const socketPath = confined ? join(dirs.tmpDir, "vigiles-mock.sock") : undefined;
  const mock = await adapter.startMock((options.script ?? bashScript)(), socketPath ? { socketPath } : {});
  try {
    const spec = { prompt: options.prompt ?? "run the bash tool" };
    await adapter.prepare(spec, dirs);
    await options.setup?.(dirs);
    const cli = confined ? confinedCli(harness.path, hostHomes()) : undefined;
    const launch = adapter.launch({
      harness: cli ? { ...harness, path: cli.program } : harness,
      spec,
      dirs,
      // The key the tier gives its mock, so both sides start the CLI alike.
      endpoint: { kind: "mock", baseUrl: mock.url, apiKey: options.apiKey ?? MOCK_API_KEY },
      asRoot: process.getuid?.() === 0,
    });
    const env = { ...launch.env };
    options.env?.(env);
    const argv = confined
      ? confineArgv(
          [
            "/usr/bin/env",
            "-u",
            "NODE_EXTRA_CA_CERTS",
            `VIGILES_RELAY_PORT=${new URL(mock.url).port}`,
            process.execPath,
            RELAY_SCRIPT,
            socketPath,
            "--",
            ...launch.argv,
          ],
          {
            managedSettingsDirs: managedSettingsDirs(),
            workDir: dirs.workDir,
            home: dirs.homeDir,
            tmpDir: dirs.tmpDir,
            readOnly: [
              ...new Set([
                cli.readOnly,
                dirname(RELAY_SCRIPT),
                dirname(RELAY_KIT),
                ...(launch.readOnlyPaths ?? []),
              ]),
            ],
            network: "none",
            allowedSockets: [socketPath],
          },
        )
      : launch.argv;
    const t0 = performance.now();
    await new Promise((resolve, reject) => {
      const child = spawn(argv[0], argv.slice(1), { cwd: launch.cwd, env, stdio: ["pipe", "pipe", "pipe"] });
      // As runProcess does: stdin a pipe, closed at once (with stdin on /dev/null the pinned Claude
      // Code CLI took ~5 s longer per run, which flattered the tier's ratio).
      child.stdin.end(launch.input);
      child.stdout.resume();
      const err = [];
      child.stderr.on("data", (c) => err.push(c));
      child.on("error", reject);
      child.on(options.waitFor ?? "close", (code) =>
        code === 0
          ? resolve()
          : reject(new Error(`bare ${argv[0]} exited ${code}: ${Buffer.concat(err).toString().slice(-400)}`)),
      );
    });
    const ms = performance.now() - t0;
    options.check?.(mock);
    return ms;
  } finally {
    await mock.close();
    rmSync(root, { recursive: true, force: true });
  }
}

/** A one-Bash-call runHarnessTest through `adapter`, timed end to end; `spec` adds to the test's spec. */
export async function tierRun({ adapter }, { confined = false, spec = {}, check } = {}) {
  const t0 = performance.now();
  const r = await runHarnessTest(
    { prompt: "run the bash tool", model: bashScript(), sandbox: confined, ...spec },
    { adapter },
  );
  const ms = performance.now() - t0;
  if (r.file("RAN") !== "TOOLRAN\n") throw new Error("the harness run did not run the Bash call");
  check?.(r);
  r.cleanup();
  return ms;
}

/**
 * Bare against tier, `rounds` interleaved (after one warm-up of each: the page cache for the CLI),
 * printed as one line under `label`; returns both medians.
 */
export async function compareBareTier(h, { label, rounds, confined = false, bare = {}, tier = {}, target }) {
  await bareRun(h, { ...bare, confined });
  await tierRun(h, { ...tier, confined });
  const b = [];
  const t = [];
  for (let i = 0; i < rounds; i++) {
    b.push(await bareRun(h, { ...bare, confined }));
    t.push(await tierRun(h, { ...tier, confined }));
  }
  const result = { bare: median(b), tier: median(t) };
  console.log(
    `${label}: bare CLI median ${result.bare.toFixed(0)} ms, runHarnessTest median ${result.tier.toFixed(0)} ms, ` +
      `ratio ${(result.tier / result.bare).toFixed(3)}${target !== undefined ? ` (target <= ${target})` : ""}, rounds ${rounds}`,
  );
  return result;
}
