/**
 * A plugin suite whose case has a fixed MCP mock with an `expect:` guard, run through
 * `runPluginSuite` on the REAL Claude Code 2.1.328, confined, against the local mock model. The
 * scripted model calls `mcp__tickets__create`: in the with arm with a project the guard allows, in
 * the without arm with one it does not. Pins, end to end: the stand-in is registered and answers
 * inside the confined run; the case's `allowed_tools` does not stop the mocked tool (mocked tools are
 * allowed, as the CLI allows them); the `mock_calls` grader reads the calls; a violated guard scores
 * the run 0 and names the aborting call, as the CLI writes it; and a replay from the cache calls the driver 0
 * times yet scores the same, the mock calls included.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { claudeCodeAdapter } from "../../src/adapters/claude-code/adapter.js";
import type { ResolvedHarness } from "../../src/adapters/port.js";
import type { ModelTurn } from "../../src/core/model-turn.js";
import type { EvalDriver } from "../../src/tiers/eval/driver.js";
import { runPluginSuite } from "../../src/tiers/eval/plugin-suite.js";
import { runSessionTrial } from "../../src/tiers/eval/session-trial.js";
import { openRunDirs } from "../../src/tiers/harness/run-dirs.js";

let root = "";
let plugin = "";
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "vigiles-suite-mocks-"));
  plugin = join(root, "tix");
  const write = (path: string, text: string) => {
    mkdirSync(join(plugin, path, ".."), { recursive: true });
    writeFileSync(join(plugin, path), text);
  };
  write(".claude-plugin/plugin.json", JSON.stringify({ name: "tix" }));
  write("skills/file/SKILL.md", "---\nname: file\ndescription: Files tickets.\n---\nFile it in OPS.\n");
  write(
    "evals/file-ticket/prompt.md",
    "---\nruns: 1\nallowed_tools: [Read]\n---\nFile a ticket about the full disk.\n",
  );
  write(
    "evals/file-ticket/mocks/tickets/create.md",
    '---\nexpect:\n  project: [OPS]\n  title: string\n---\n{"id": 42, "title": "{{input.title}}"}\n',
  );
  write("evals/file-ticket/graders/called.md", '---\ntype: regex\ntarget: mock_calls\n---\n"verdict":"ok"\n');
  write("evals/file-ticket/graders/tool.md", "---\ntype: tool_used\ntool: mcp__tickets__create\n---\n");
  write("evals/file-ticket/graders/said.md", "---\ntype: regex\n---\nfiled 42\n");
});
afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

/** The real CLI, confined, against a mock model that files the ticket in OPS (with) or HR (without). */
function ticketDriver(): EvalDriver & { launches: number } {
  let harness: ResolvedHarness | undefined;
  const driver = {
    identity: "claude-code@pinned/mock-tickets",
    harness: "claude-code",
    paid: false,
    launches: 0,
    async runTrial(trial: Parameters<EvalDriver["runTrial"]>[0]) {
      harness ??= await claudeCodeAdapter.resolve();
      const project = trial.arm.endsWith("/with") ? "OPS" : "HR";
      const turns: ModelTurn[] = [
        { tool: "mcp__tickets__create", input: { project, title: "disk full" } },
        { text: "filed 42" },
      ];
      const lease = openRunDirs();
      const mock = await claudeCodeAdapter.startMock(turns, {
        socketPath: join(lease.dirs.tmpDir, "m.sock"),
      });
      driver.launches++;
      try {
        return await runSessionTrial({
          adapter: claudeCodeAdapter,
          harness,
          endpoint: { kind: "mock", baseUrl: mock.url, apiKey: "sk-ant-vigiles-mock-not-a-real-key" },
          trial,
          timeoutMs: 120_000,
          confine: true,
          relaySocket: mock.socketPath!,
          runDirs: lease,
        });
      } finally {
        await mock.close();
      }
    },
  };
  return driver;
}

describe("a suite with a fixed MCP mock on the real CLI", { timeout: 300_000 }, () => {
  test("the with arm passes through the stand-in; the guard aborts the without arm; the cache replays it", async () => {
    const cacheDir = join(root, "cache");
    const driver = ticketDriver();
    const first = await runPluginSuite(plugin, { driver, cache: "readwrite", cacheDir });
    expect(driver.launches).toBe(2);
    const c = first.aggregate.cases[0]!;
    expect(c.arms.with[0]).toMatchObject({ score: 1, error: null });
    expect(c.arms.with[0]!.graders.map((g) => [g.name, g.passed])).toEqual([
      ["called", true],
      ["said", true],
      ["tool", true],
    ]);
    // As the CLI writes an aborted run: error null, the aborting call named, no graders graded.
    expect(c.arms.without[0]).toMatchObject({
      score: 0,
      error: null,
      aborted: {
        server: "tickets",
        tool: "create",
        reason: 'the model\'s call violates expect: project = "HR" is not one of [OPS]',
      },
      graders: [],
    });

    const again = ticketDriver();
    const replay = await runPluginSuite(plugin, { driver: again, cache: "readwrite", cacheDir });
    expect(again.launches).toBe(0);
    expect(replay.aggregate.cases[0]!.arms.with[0]).toMatchObject({ score: 1, error: null });
    expect(replay.aggregate.cases[0]!.arms.without[0]).toMatchObject({ score: 0 });
  });
});
