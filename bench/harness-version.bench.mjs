// The cost of a cached version switch: a one-Bash-call runHarnessTest that names another release
// (`harnessVersion`, looked up in the harness cache: manifest read, every file's size checked, the
// binary resolved below the entry) against the same test given that release's binary path directly.
// Same binary, same script: the ratio is the switch's own cost. Goal: under 5%. Also prints the
// pinned release's figure beside them, for the size of the drift itself. Needs the release cached:
// `node dist/cli/main.js fetch-harness claude-code@<version>` (VIGILES_BENCH_HARNESS_VERSION, default 2.1.332).
import { performance } from "node:perf_hooks";
import { runHarnessTest } from "../dist/tiers/harness/run-harness-test.js";
import { claudeCodeAdapter } from "../dist/adapters/claude-code/adapter.js";
import { resolveHarnessVersion, resolveRunHarness } from "../dist/tiers/harness/harness-version.js";

const ROUNDS = Number(process.env.VIGILES_BENCH_ROUNDS ?? 7);
const VERSION = process.env.VIGILES_BENCH_HARNESS_VERSION ?? "2.1.332";
const spec = () => ({
  prompt: "run the bash tool",
  model: [{ tool: "Bash", input: { command: "echo TOOLRAN > RAN" } }, { text: "done" }],
  sandbox: false,
});
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

let cached;
try {
  cached = await resolveHarnessVersion(claudeCodeAdapter, VERSION, { fetch: false });
} catch (error) {
  console.log(`skipped: ${error.message}`);
  process.exit(0);
}

async function timed(extra) {
  const t0 = performance.now();
  const r = await runHarnessTest({ ...spec(), ...extra });
  const ms = performance.now() - t0;
  if (r.file("RAN") !== "TOOLRAN\n") throw new Error("the scripted call did not run");
  r.cleanup();
  return ms;
}

const arms = { pinned: [], byPath: [], byVersion: [] };
await timed({ harnessPath: cached.path }); // warm the page cache for both binaries
await timed({});
for (let i = 0; i < ROUNDS; i++) {
  // Interleaved, so load drift hits every arm alike.
  arms.byPath.push(await timed({ harnessPath: cached.path }));
  arms.byVersion.push(await timed({ harnessVersion: VERSION }));
  arms.pinned.push(await timed({}));
}
const lookups = [];
for (let i = 0; i < 50; i++) {
  const t0 = performance.now();
  await resolveRunHarness(claudeCodeAdapter, { harnessVersion: VERSION });
  lookups.push(performance.now() - t0);
}
const m = Object.fromEntries(Object.entries(arms).map(([k, v]) => [k, median(v)]));
console.log(`rounds: ${ROUNDS}, release ${VERSION} (pinned ${claudeCodeAdapter.pinnedPackage.version})`);
console.log(`pinned CLI harness test:            ${m.pinned.toFixed(0)} ms (median)`);
console.log(`${VERSION} by binary path:            ${m.byPath.toFixed(0)} ms`);
console.log(`${VERSION} by harnessVersion (cache): ${m.byVersion.toFixed(0)} ms`);
console.log(
  `version switch cost: ${(m.byVersion / m.byPath).toFixed(3)}x the same binary by path (goal < 1.05)`,
);
console.log(`cache lookup alone: ${median(lookups).toFixed(1)} ms (median of 50)`);
