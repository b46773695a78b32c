/**
 * `vigiles audit --run` probes the hooks of every registered harness, in that harness's dialect.
 * Pins issue 29 item 13: a repository whose only hooks are Gemini CLI's (`.gemini/settings.json`) or
 * GitHub Copilot CLI's (`.github/hooks/*.json`), with a guard that crashes on every call, was audited
 * as "0 probe(s) of 0 hook(s)". Each case must run the guard and report the crash.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runDynamicAudit } from "../../src/tools/audit/dynamic-audit.js";
import { auditHarness } from "../../src/tools/audit/static-audit.js";

const crash = `#!/bin/sh\ncat >/dev/null\necho "Traceback: KeyError tool_input" >&2\nexit 1\n`;

/**
 * One repository per harness: its own hook file only, registering ./guard.sh on its tool event; and
 * the payload the guard must get (the harness's own shape). Codex's case passed before too (its
 * `.codex/hooks.json` was read by the shared catalogue); it stays so no harness drops out again.
 */
const repos: Record<string, { files: Record<string, string>; payload: Record<string, unknown> }> = {
  gemini: {
    payload: {
      hook_event_name: "BeforeTool",
      tool_name: "run_shell_command",
      tool_input: { command: "echo vigiles-audit-probe" },
    },
    files: {
      ".gemini/settings.json": JSON.stringify({
        hooks: {
          BeforeTool: [
            { matcher: "run_shell_command", hooks: [{ type: "command", command: "sh ./guard.sh" }] },
          ],
        },
      }),
    },
  },
  "copilot-cli": {
    payload: { toolName: "bash", toolArgs: { command: "echo vigiles-audit-probe" } },
    files: {
      ".github/hooks/guard.json": JSON.stringify({
        version: 1,
        hooks: { preToolUse: [{ type: "command", bash: "sh ./guard.sh", timeoutSec: 10 }] },
      }),
    },
  },
  // Qwen Code's settings are Claude-shaped, read by the shared catalogue with its dialect; its hook
  // sees its own tool name, and a matcher in Claude Code's (`Bash`) is an exact alias.
  "qwen-code": {
    payload: { hook_event_name: "PreToolUse", tool_name: "run_shell_command" },
    files: {
      ".qwen/settings.json": JSON.stringify({
        hooks: {
          PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "sh ./guard.sh" }] }],
        },
      }),
    },
  },
  codex: {
    payload: { hook_event_name: "PreToolUse", tool_name: "Bash" },
    files: {
      ".codex/hooks.json": JSON.stringify({
        hooks: {
          PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "sh ./guard.sh" }] }],
        },
      }),
    },
  },
};

const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

function repo(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "vigiles-run-harness-"));
  roots.push(root);
  for (const [path, text] of Object.entries({ ...files, "guard.sh": crash })) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  chmodSync(join(root, "guard.sh"), 0o755);
  return root;
}

describe("audit --run probes every registered harness's hooks", () => {
  for (const [harness, { files, payload }] of Object.entries(repos)) {
    it.concurrent(
      `${harness}: the crashing guard runs, in ${harness}'s dialect, and its crash is reported`,
      async () => {
        const report = auditHarness(repo(files));
        expect(report.registrations.map((r) => r.harness)).toEqual([harness]);
        const result = await runDynamicAudit(report, { maxRunMs: 2000, probesPerHook: 2 });
        expect(result.stats.hooks).toBe(1);
        expect(result.stats.probes).toBeGreaterThan(0);
        // The payload is the harness's own (its event name), not Claude Code's.
        expect(result.runs[0]?.result.input).toMatchObject(payload);
        expect(result.findings.map((f) => f.ruleId)).toContain("hook-crash");
      },
      60_000,
    );
  }
});
