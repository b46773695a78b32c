/**
 * The MCP stand-in (runtime/mcp-stand-in.mjs) on each REAL CLI that registers MCP servers (Claude
 * Code 2.1.328 through `--mcp-config`, Gemini CLI 0.61.0 through its user settings.json, Copilot CLI 1.0.102 through
 * `--additional-mcp-config`), CONFINED
 * (bubblewrap) against the local mock model: the scripted model calls the mocked tool by the name
 * the CLI gives it, the CLI starts the stand-in inside the sandbox, the stand-in answers from the
 * fixed mock (with `{{input.title}}` filled) and logs the call in the run's temp dir, and a
 * violated `expect:` guard answers the CLI's abort. Pins what a unit test cannot: the registration
 * takes, the stand-in runs inside the confined run, and the agent sees the answer.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { claudeCodeAdapter } from "../../src/adapters/claude-code/adapter.js";
import { copilotAdapter } from "../../src/adapters/copilot-cli/adapter.js";
import { geminiAdapter } from "../../src/adapters/gemini-cli/adapter.js";
import type { HarnessAdapter } from "../../src/adapters/port.js";
import { compileExpect } from "../../src/core/plugin-eval/mock-expect.js";
import type { StandInSpec } from "../../src/core/plugin-eval/stand-in-spec.js";
import { runHarnessSession } from "../../src/tiers/harness/session.js";
import { openRunDirs } from "../../src/tiers/harness/run-dirs.js";
import { openStandIns } from "../../src/tiers/eval/mcp-stand-ins.js";

// The stand-in's fixture dir (bound read-only into the sandbox): it must exist.
const fixtures = mkdtempSync(join(tmpdir(), "vigiles-stand-in-fixtures-"));
afterAll(() => rmSync(fixtures, { recursive: true, force: true }));
const spec: StandInSpec = {
  server: "tickets",
  tools: [{ name: "create", description: "Files a ticket", inputSchema: { type: "object" } }],
  responders: {
    create: {
      kind: "fixed",
      body: '{"id": 42, "title": "{{input.title}}"}',
      isError: false,
      expect: compileExpect({ project: ["OPS", "WEB"], title: "string" }),
      baseDir: fixtures,
    },
  },
  fixturesHash: "",
};

/** Each harness that registers MCP servers, and the name its agent calls the mocked tool by. */
const harnesses: [string, HarnessAdapter, string][] = [
  [claudeCodeAdapter.displayName, claudeCodeAdapter, "mcp__tickets__create"],
  [geminiAdapter.displayName, geminiAdapter, "mcp_tickets_create"],
  [copilotAdapter.displayName, copilotAdapter, "tickets-create"],
];

async function runWith(adapter: HarnessAdapter, tool: string, input: Record<string, unknown>) {
  const standIns = openStandIns([spec]);
  const lease = openRunDirs();
  const harness = await adapter.resolve();
  const mock = await adapter.startMock([{ tool, input }, { text: "filed" }], {
    socketPath: join(lease.dirs.tmpDir, "vigiles-mock.sock"),
  });
  try {
    const session = await runHarnessSession({
      adapter,
      harness,
      spec: { prompt: "File a ticket.", mcpServers: standIns.servers },
      endpoint: { kind: "mock", baseUrl: mock.url, apiKey: "sk-ant-vigiles-mock-not-a-real-key" },
      runDirs: lease,
      confine: true,
      relaySocket: mock.socketPath!,
      timeoutMs: 120_000,
    });
    const log = standIns.read(session.dirs.tmpDir);
    const result = session.summary.toolCalls.find((c) => c.name === tool);
    return { log, result, requests: mock.requests, confined: session.confined };
  } finally {
    await mock.close();
    lease.remove();
    standIns.remove();
  }
}

describe.each(harnesses)("the MCP stand-in inside a confined real %s run", (_name, adapter, tool) => {
  test("answers a call from the fixed mock and logs it", { timeout: 300_000 }, async () => {
    const { log, result, requests, confined } = await runWith(adapter, tool, {
      project: "OPS",
      title: "disk full",
    });
    expect(confined).toBe(true);
    expect(log.started).toEqual(["tickets"]);
    expect(log.calls).toEqual([
      expect.objectContaining({
        server: "tickets",
        tool: "create",
        verdict: "ok",
        output: '{"id": 42, "title": "disk full"}',
      }),
    ]);
    expect(result).toBeDefined();
    // A later model request carries the stand-in's answer as the tool result (Copilot's last
    // request is a side request, so every request is searched).
    const sent = JSON.stringify(requests.map((r) => r.body));
    expect(sent).toContain("disk full");
    // Copilot re-serialises a JSON answer compactly.
    expect(sent).toMatch(/\\"id\\": ?42/);
  });

  test("a violated expect: guard aborts with the CLI's message", { timeout: 300_000 }, async () => {
    const { log, requests } = await runWith(adapter, tool, { project: "HR", title: "x" });
    expect(log.calls.map((c) => [c.verdict, c.output])).toEqual([
      ["abort", 'input violates expect: project = "HR" is not one of [OPS, WEB]'],
    ]);
    expect(JSON.stringify(requests.map((r) => r.body))).toContain("eval aborted by mock");
  });
});
