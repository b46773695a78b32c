// Each run is private: its own HOME, config dir and CLI temp dir, an env built from scratch, and an
// endpoint chosen by vigiles. runHarnessSession runs the same launch against any endpoint.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { claudeCodeAdapter } from "../../src/adapters/claude-code/adapter.js";
import { startMockModel } from "../../src/adapters/claude-code/mock/server.js";
import { MOCK_API_KEY, withHarness } from "../../src/tiers/harness/run-harness-test.js";
import { runHarnessSession } from "../../src/tiers/harness/session.js";

const LEAKS = {
  ANTHROPIC_API_KEY: "sk-user-real-key-LEAK",
  ANTHROPIC_AUTH_TOKEN: "LEAK-TOKEN",
  ANTHROPIC_BASE_URL: "https://leak.invalid",
  CLAUDE_CODE_USE_BEDROCK: "1",
  OPENAI_API_KEY: "LEAK-OPENAI",
};
const saved: Record<string, string | undefined> = {};

beforeAll(() => {
  for (const [k, v] of Object.entries(LEAKS)) {
    saved[k] = process.env[k];
    process.env[k] = v;
  }
});
afterAll(() => {
  for (const k of Object.keys(LEAKS)) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
});

describe.concurrent("isolation", { timeout: 180_000 }, () => {
  test("the CLI and its hooks see a private HOME and CLAUDE_CODE_TMPDIR, the mock URL and the dummy key, and none of the user's credentials", async () => {
    await withHarness(
      {
        prompt: "x",
        model: [{ tool: "Bash", input: { command: "true" } }, { text: "ok" }],
        settings: {
          hooks: {
            PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "env > {cwd}/ENV" }] }],
          },
        },
      },
      (r) => {
        const env = Object.fromEntries(
          (r.file("ENV") ?? "")
            .split("\n")
            .filter((l) => l.includes("="))
            .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
        );
        const root = join(r.workDir, "..");
        expect(env["HOME"]).toBe(join(root, "home"));
        expect(env["CLAUDE_CONFIG_DIR"]).toBe(join(root, "home", ".claude"));
        expect(env["CLAUDE_CODE_TMPDIR"]).toBe(join(root, "tmp"));
        expect(env["ANTHROPIC_BASE_URL"]).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
        expect(env["ANTHROPIC_API_KEY"]).toBe(MOCK_API_KEY);
        expect(env["DISABLE_TELEMETRY"]).toBe("1");
        expect(env["CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC"]).toBe("1");
        expect(JSON.stringify(env)).not.toContain("LEAK");
        // Not the user's "1": the flag settings pin every provider switch off (flag-settings.ts).
        expect(env["CLAUDE_CODE_USE_BEDROCK"]).toBe("0");
        // The CLI's own per-session state went to the private temp dir, not a shared /tmp/claude-<uid>.
        const uid = process.getuid?.() ?? 0;
        expect(existsSync(join(root, "tmp", `claude-${uid}`))).toBe(true);
        expect(readdirSync(join(root, "tmp")).length).toBeGreaterThan(0);
      },
    );
  });

  test("runHarnessSession runs the same launch against an endpoint given by the caller (model and effort pinned)", async () => {
    const mock = await startMockModel([{ text: "from a caller-chosen endpoint" }]);
    try {
      const session = await runHarnessSession({
        adapter: claudeCodeAdapter,
        spec: { prompt: "x" },
        endpoint: { kind: "remote", baseUrl: mock.url, apiKey: "k", model: "sonnet", effort: "low" },
        timeoutMs: 60_000,
      });
      try {
        expect(session.summary.output).toBe("from a caller-chosen endpoint");
        expect(session.launch.env["CLAUDE_CODE_EFFORT_LEVEL"]).toBe("low");
        const body = mock.requests.find((q) => !q.sideChannel)?.body as {
          model?: string;
          output_config?: { effort?: string };
        };
        // The alias resolves inside the CLI (2.1.328: claude-sonnet-5-5). Pinned: an older model such as
        // claude-sonnet-4-5 gets no output_config at all, so the effort is dropped silently there.
        expect(body.model).toMatch(/^claude-sonnet-/);
        expect(body.output_config?.effort).toBe("low");
      } finally {
        session.cleanup();
      }
      expect(existsSync(session.root)).toBe(false);
    } finally {
      await mock.close();
    }
  });

  test("pinned: for an older model (claude-sonnet-4-5) the CLI sends no effort at all, silently", async () => {
    const mock = await startMockModel([{ text: "ok" }]);
    try {
      const session = await runHarnessSession({
        adapter: claudeCodeAdapter,
        spec: { prompt: "x" },
        endpoint: {
          kind: "remote",
          baseUrl: mock.url,
          apiKey: "k",
          model: "claude-sonnet-4-5",
          effort: "low",
        },
        timeoutMs: 60_000,
      });
      session.cleanup();
      const body = mock.requests.find((q) => !q.sideChannel)?.body as {
        model?: string;
        output_config?: unknown;
      };
      expect(body.model).toBe("claude-sonnet-4-5");
      expect(body.output_config).toBeUndefined();
      expect(session.process.exitCode).toBe(0);
    } finally {
      await mock.close();
    }
  });

  test("a mock endpoint off the loopback is refused", async () => {
    await expect(
      runHarnessSession({
        adapter: claudeCodeAdapter,
        spec: { prompt: "x" },
        endpoint: { kind: "mock", baseUrl: "https://api.example.invalid", apiKey: "k" },
        timeoutMs: 10_000,
      }),
    ).rejects.toThrow(/not on 127\.0\.0\.1/);
  });
});
