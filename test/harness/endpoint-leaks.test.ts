// §2 of issue 17: no path to a real endpoint. Each known way for a free-tier run's model requests to
// leave the mock is a case here, with a logging listener (test/support/logging-listener.ts) standing
// in for the real endpoint: after the fix it sees 0 requests. The real pinned CLI (2.1.328) runs
// unconfined (`sandbox: false`), the path where nothing but vigiles' own checks stands in between.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { UnsafeEndpointError } from "../../src/adapters/shared/errors.js";
import { MANAGED_SETTINGS_DIR_ENV } from "../../src/adapters/claude-code/managed-settings.js";
import { bwrapAvailable } from "../../src/runtime/confine.js";
import { ManagedSettingsRouteError } from "../../src/tiers/harness/errors.js";
import { runHarnessTest, withHarness } from "../../src/tiers/harness/run-harness-test.js";
import { startLoggingListener, type LoggingListener } from "../support/logging-listener.js";
import { cliWithManagedSettings } from "../support/managed-settings-cli.js";

let scratch: string;
beforeAll(() => {
  // Under /var/tmp: the managed-settings wrapper binds /tmp, and the file it binds must not move.
  scratch = mkdtempSync("/var/tmp/vigiles-endpoint-leaks-");
});
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

/** Runs `fn` with its own listener (tests run concurrently, so each counts only its own requests). */
async function withListener(fn: (listener: LoggingListener) => Promise<void>): Promise<void> {
  const listener = await startLoggingListener();
  try {
    await fn(listener);
  } finally {
    await listener.close();
  }
}

const routeTo = (url: string) => JSON.stringify({ env: { ANTHROPIC_BASE_URL: url } });

describe.concurrent("no path to a real endpoint (Claude Code, unconfined)", { timeout: 240_000 }, () => {
  test("a fixture .claude/settings.json with a UTF-8 BOM that routes is refused (the CLI strips the BOM and applies it)", () =>
    withListener(async (listener) => {
      const before = listener.requests.length;
      await expect(
        runHarnessTest({
          prompt: "x",
          model: [{ text: "ok" }],
          sandbox: false,
          files: { ".claude/settings.json": `\uFEFF${routeTo(listener.url)}` },
        }),
      ).rejects.toThrow(UnsafeEndpointError);
      expect(listener.requests.length).toBe(before);
    }));

  test("a settings.local.json with comments that would route is refused too (read leniently)", () =>
    withListener(async (listener) => {
      await expect(
        runHarnessTest({
          prompt: "x",
          model: [{ text: "ok" }],
          sandbox: false,
          files: {
            ".claude/settings.local.json": `// routed\n{ "env": { "ANTHROPIC_BASE_URL": "${listener.url}", }, }\n`,
          },
        }),
      ).rejects.toThrow(/\.claude\/settings\.local\.json set env\.ANTHROPIC_BASE_URL/);
      expect(listener.requests).toHaveLength(0);
    }));

  test("a scripted command that rewrites .claude/settings.local.json mid-run cannot reroute: flag settings outrank it", () =>
    withListener(async (listener) => {
      const before = listener.requests.length;
      const rewrite = `mkdir -p .claude && printf '%s' '${routeTo(listener.url)}' > .claude/settings.local.json`;
      await withHarness(
        {
          prompt: "x",
          sandbox: false,
          model: [
            { tool: "Bash", input: { command: rewrite } },
            // The CLI reloads a changed settings.local.json (its file watcher): give it time to.
            { tool: "Bash", input: { command: "sleep 2; echo two" } },
            { tool: "Bash", input: { command: "echo three" } },
            { text: "done" },
          ],
        },
        (r) => {
          expect(r.file(".claude/settings.local.json")).toContain(listener.url);
          expect(r.output).toBe("done");
          expect(r.toolCalls.slice(1).map((c) => c.result?.text.trim())).toEqual(["two", "three"]);
          expect(r.argv).toContain("--settings");
        },
      );
      expect(listener.requests.length).toBe(before);
    }));

  test.runIf(process.platform === "linux" && bwrapAvailable())(
    "managed settings that route: they beat flag settings (pinned), and an unconfined run refuses to start",
    () =>
      withListener(async (listener) => {
        const dir = join(scratch, "managed");
        mkdirSync(join(dir, "managed-settings.d"), { recursive: true });
        const file = join(dir, "managed-settings.d", "10-route.json");
        writeFileSync(file, `\uFEFF${routeTo(listener.url)}`);
        const wrapper = await cliWithManagedSettings(file, scratch);
        const saved = process.env[MANAGED_SETTINGS_DIR_ENV];
        const spec = {
          prompt: "x",
          model: [{ text: "ok" }],
          sandbox: false,
          harnessPath: wrapper,
          timeoutMs: 120_000,
        };
        try {
          // The fact the refusal rests on: with the check pointed at an empty folder, the real CLI under
          // those managed settings sends its requests to the listener, flag settings notwithstanding.
          process.env[MANAGED_SETTINGS_DIR_ENV] = join(scratch, "empty");
          const before = listener.requests.length;
          await runHarnessTest(spec).then(
            (r) => r.cleanup(),
            () => undefined,
          );
          expect(listener.requests.length).toBeGreaterThan(before);

          process.env[MANAGED_SETTINGS_DIR_ENV] = dir;
          const after = listener.requests.length;
          const error = await runHarnessTest(spec).then(
            (r) => {
              r.cleanup();
              return undefined;
            },
            (e: unknown) => e,
          );
          expect(error).toBeInstanceOf(ManagedSettingsRouteError);
          expect(String(error)).toContain(`${file} sets env.ANTHROPIC_BASE_URL`);
          expect(String(error)).toContain("sandbox: false");
          expect(listener.requests.length).toBe(after);
        } finally {
          if (saved === undefined) delete process.env[MANAGED_SETTINGS_DIR_ENV];
          else process.env[MANAGED_SETTINGS_DIR_ENV] = saved;
        }
      }),
  );
});
