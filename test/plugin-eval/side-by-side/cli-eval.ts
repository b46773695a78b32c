/**
 * Runs `claude plugin eval` itself (the pinned Claude Code CLI) on a plugin, confined, against the
 * scripted mock: the parent, every child `claude -p` run it starts and its judge calls all reach the
 * one mock, because the CLI hands ANTHROPIC_BASE_URL and ANTHROPIC_API_KEY down to its children
 * (Claude Code 2.1.328: each child gets a fresh HOME and config dir, and keeps those two). The run has
 * no network but its loopback, where the relay serves the mock: nothing can reach a real endpoint,
 * whatever the machine holds. Test support, not a public API.
 */
import { cpSync } from "node:fs";
import { basename, join } from "node:path";
import { claudeCodeAdapter } from "../../../src/adapters/claude-code/adapter.js";
import { startMockModel, type MockModel } from "../../../src/adapters/claude-code/mock/server.js";
import type { HarnessAdapter, ModelScript } from "../../../src/adapters/port.js";
import type { AggregateResult } from "../../../src/core/plugin-eval/aggregate-result.js";
import { openRunDirs } from "../../../src/tiers/harness/run-dirs.js";
import { runHarnessSession } from "../../../src/tiers/harness/session.js";

export interface CliEvalResult {
  readonly exitCode: number | null;
  readonly aggregate: AggregateResult;
  readonly stderr: string;
  /** Every request that reached the mock, and what the script could not answer. */
  readonly mock: Pick<MockModel, "requests" | "overruns">;
  readonly durationMs: number;
}

/**
 * `claude plugin eval <copy of pluginDir> --json` with `args` after it. The plugin is copied into the
 * run's work dir (the CLI writes its results under the plugin's eval dir).
 */
export async function runCliPluginEval(
  pluginDir: string,
  script: ModelScript,
  args: readonly string[],
  timeoutMs = 240_000,
): Promise<CliEvalResult> {
  const lease = openRunDirs();
  const mock = await startMockModel(script, { socketPath: join(lease.dirs.tmpDir, "vigiles-mock.sock") });
  try {
    const plugin = join(lease.dirs.workDir, basename(pluginDir));
    cpSync(pluginDir, plugin, { recursive: true });
    // The harness tier's launch (private HOME, endpoint env, no user settings), with the command
    // replaced: `--trust-plugin` answers the first-run prompt, `--no-publish` keeps the report local.
    const adapter: HarnessAdapter = {
      ...claudeCodeAdapter,
      launch: (input) => ({
        ...claudeCodeAdapter.launch(input),
        argv: [
          input.harness.path,
          "plugin",
          "eval",
          plugin,
          "--json",
          "--trust-plugin",
          "--no-publish",
          ...args,
        ],
      }),
    };
    const session = await runHarnessSession({
      adapter,
      spec: { prompt: "(claude plugin eval reads its prompts from the suite)" },
      endpoint: { kind: "mock", baseUrl: mock.url, apiKey: "vigiles-mock-key" },
      runDirs: lease,
      confine: true,
      relaySocket: mock.socketPath!,
      timeoutMs,
    });
    const out = session.process.stdout;
    const start = out.indexOf("{");
    if (start < 0) {
      throw new Error(
        `claude plugin eval printed no JSON (exit ${String(session.process.exitCode)}): ${session.process.stderr.slice(0, 2000)}`,
      );
    }
    return {
      exitCode: session.process.exitCode,
      aggregate: JSON.parse(out.slice(start)) as AggregateResult,
      stderr: session.process.stderr,
      mock: { requests: mock.requests, overruns: mock.overruns },
      durationMs: session.process.durationMs,
    };
  } finally {
    await mock.close();
    lease.remove();
  }
}
