// The OpenCode adapter's overhead: a one-shell-call harness test through opencodeAdapter (median wall
// time end to end: mock, temp dirs, private HOME and XDG dirs, plugin wrapping, CLI, stream read,
// plugin log, work-dir diff, cleanup) against the bare `opencode run` with the same environment
// running the same script against the same kind of mock (the opencode process alone, timed); then
// the same pair with one guard plugin (bare: OpenCode loads it as it is; the harness test: wrapped by
// the recorder). Both unconfined. Ratios measured in one run, interleaved (goal: the harness test
// within 1.25x of the bare CLI).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { bareRun as bareOf, benchHarness, median, tierRun as tierOf } from "./bare-cli.mjs";

const ROUNDS = Number(process.env.VIGILES_BENCH_ROUNDS ?? 5);
const GUARD = `export const Guard = async () => ({
  "tool.execute.before": async (input, output) => { if (String(output.args?.command).includes("rm -rf")) throw new Error("no"); },
});
`;
const cli = await benchHarness("opencode");
const { harness } = cli;

/**
 * The bare OpenCode CLI against the mock (bare-cli.mjs), the plugin written as it is when asked.
 * Timed to the CLI's own exit, as a shell waits for it: "close" would also wait for every process
 * that inherited its stdout (a server it leaves behind), which a user at a prompt does not.
 */
const bareRun = (withPlugin) =>
  bareOf(cli, {
    waitFor: "exit",
    setup: (dirs) => {
      if (!withPlugin) return;
      mkdirSync(join(dirs.workDir, ".opencode", "plugin"), { recursive: true });
      writeFileSync(join(dirs.workDir, ".opencode", "plugin", "guard.js"), GUARD);
    },
  });

/** runHarnessTest through the OpenCode adapter, unconfined, with the plugin when asked. */
const tierRun = (withPlugin) =>
  tierOf(cli, {
    spec: { transcript: true, ...(withPlugin ? { files: { ".opencode/plugin/guard.js": GUARD } } : {}) },
    check: (r) => {
      if (withPlugin && r.hooks?.filter((e) => e.event === "tool.execute.before").length !== 1)
        throw new Error(`expected one recorded before-fire, got ${JSON.stringify(r.hooks)}`);
    },
  });

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
