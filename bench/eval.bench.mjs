// The eval tier: (1) replaying a 1,000-trial eval from the cache (target < 2 s); (2) trial throughput
// against the mock through the real CLI at concurrency 1, 2, 4; (3) the engine's own overhead per trial
// against the bare CLI session running the same script; (4) peak RSS of the vigiles process replaying
// 100 vs 10,000 trials (rows streamed to JSONL: the two should be close).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { paid_runEval } from "../dist/tiers/eval/run-eval.js";
import { stochasticMockDriver, seededUniform } from "../dist/tiers/eval/mock-driver.js";
import { createTrace } from "../dist/core/trace-builder.js";
import { runHarnessSession } from "../dist/tiers/harness/session.js";
import { claudeCodeAdapter } from "../dist/adapters/claude-code/adapter.js";
import { HARNESS_RETRY_ENV } from "../dist/tiers/eval/session-trial.js";

/** A fast in-process driver to record big caches (the replay path is what is measured). */
const fastDriver = {
  identity: "bench/fast@1",
  harness: "bench",
  paid: false,
  async runTrial(trial) {
    const ok = seededUniform(1, trial.arm, trial.case, trial.trial) < 0.7;
    return createTrace({
      output: ok ? "wrote RESULT.md" : "did nothing",
      toolCalls: ok ? [{ name: "Bash", input: { command: "echo done > RESULT.md" }, result: "" }] : [],
      files: ok ? { "RESULT.md": "done\n" } : {},
      filesWritten: ok ? ["RESULT.md"] : [],
      usage: { costUsd: 0.05, durationMs: 3000, inputTokens: 24000, outputTokens: 40 },
    });
  },
};

const spec = (trials, cacheDir) => ({
  name: "bench",
  arms: { a: {}, b: {} },
  task: "write RESULT.md",
  measure: (ctx) => ({ wrote: ctx.file("RESULT.md") !== null, calls: ctx.toolCalls.length }),
  trials: trials / 2,
  concurrency: 8,
  cache: "readwrite",
  cacheDir,
});

if (process.argv[2] === "--replay-child") {
  const [, , , trials, cacheDir, rowsFile] = process.argv;
  const report = await paid_runEval(spec(Number(trials), cacheDir), { driver: fastDriver, rowsFile });
  const cached = report.arms.a.cached + report.arms.b.cached;
  process.stdout.write(JSON.stringify({ maxRssKb: process.resourceUsage().maxRSS, cached }));
  process.exit(0);
}

const root = mkdtempSync(join(tmpdir(), "vigiles-eval-bench-"));
try {
  // (1) 1,000 trials replayed.
  const cache1k = join(root, "cache-1k");
  let t = performance.now();
  await paid_runEval(spec(1000, cache1k), { driver: fastDriver, rowsFile: join(root, "r1.jsonl") });
  const recordMs = performance.now() - t;
  t = performance.now();
  const replay = await paid_runEval(spec(1000, cache1k), {
    driver: fastDriver,
    rowsFile: join(root, "r2.jsonl"),
  });
  const replayMs = performance.now() - t;
  const cached = replay.arms.a.cached + replay.arms.b.cached;
  console.log(
    `replay 1,000 trials from cache: ${replayMs.toFixed(0)} ms (${cached} cached; target < 2000 ms: ${replayMs < 2000 ? "met" : "MISSED"}); recording them took ${recordMs.toFixed(0)} ms`,
  );

  // (4) peak RSS, 100 vs 10,000 replayed trials, each in its own process.
  const cache10k = join(root, "cache-10k");
  await paid_runEval(spec(10_000, cache10k), { driver: fastDriver, rowsFile: join(root, "r3.jsonl") });
  const self = fileURLToPath(import.meta.url);
  const child = (n) => {
    const r = spawnSync(
      process.execPath,
      [self, "--replay-child", String(n), cache10k, join(root, `rows-${n}.jsonl`)],
      {
        encoding: "utf8",
      },
    );
    return JSON.parse(r.stdout);
  };
  const small = child(100);
  const big = child(10_000);
  console.log(
    `peak RSS replaying 100 trials: ${(small.maxRssKb / 1024).toFixed(1)} MB; 10,000 trials: ${(big.maxRssKb / 1024).toFixed(1)} MB (ratio ${(big.maxRssKb / small.maxRssKb).toFixed(2)}x for 100x the trials; ${big.cached} replayed)`,
  );

  // (2) throughput with the mock through the real CLI.
  const trials = Number(process.env.VIGILES_BENCH_TRIALS ?? 8);
  const rates = [];
  for (const concurrency of [1, 2, 4]) {
    const driver = stochasticMockDriver({ rates: { default: 0.7 } });
    t = performance.now();
    await paid_runEval(
      {
        task: "write RESULT.md",
        measure: (ctx) => ({ wrote: ctx.file("RESULT.md") !== null }),
        trials,
        concurrency,
      },
      { driver },
    );
    const seconds = (performance.now() - t) / 1000;
    rates.push(trials / seconds);
    console.log(
      `throughput, concurrency ${concurrency}: ${(trials / seconds).toFixed(2)} trials/s (${trials} trials in ${seconds.toFixed(1)} s; ${(trials / seconds / rates[0]).toFixed(2)}x concurrency 1; ${availableParallelism()} cores)`,
    );
  }

  // (3) engine overhead per trial vs the bare CLI session with the same script; interleaved so that
  // load from other processes falls on both sides alike.
  const harness = await claudeCodeAdapter.resolve();
  const script = [{ tool: "Bash", input: { command: "echo done > RESULT.md" } }, { text: "wrote RESULT.md" }];
  const driver = stochasticMockDriver({ rates: { default: 1 } });
  let bareMs = 0;
  let engineMs = 0;
  for (let i = 0; i < trials; i++) {
    const mock = await claudeCodeAdapter.startMock(script);
    const s0 = performance.now();
    const session = await runHarnessSession({
      adapter: claudeCodeAdapter,
      harness,
      // The same env the eval drivers give the CLI (its own retries off), so only the engine differs.
      spec: { prompt: "write RESULT.md", transcript: true, env: { ...HARNESS_RETRY_ENV } },
      endpoint: { kind: "mock", baseUrl: mock.url, apiKey: "bench" },
      timeoutMs: 120_000,
    });
    bareMs += performance.now() - s0;
    session.cleanup();
    await mock.close();
    const e0 = performance.now();
    await paid_runEval(
      { task: "write RESULT.md", measure: (ctx) => ({ wrote: ctx.file("RESULT.md") !== null }), trials: 1 },
      { driver },
    );
    engineMs += performance.now() - e0;
  }
  console.log(
    `per trial: engine ${(engineMs / trials).toFixed(0)} ms vs bare CLI session ${(bareMs / trials).toFixed(0)} ms; engine overhead ${((engineMs - bareMs) / trials).toFixed(0)} ms/trial (ratio ${(engineMs / bareMs).toFixed(2)}; the engine side includes the per-trial mock start and the seeded script)`,
  );
} finally {
  rmSync(root, { recursive: true, force: true });
}
