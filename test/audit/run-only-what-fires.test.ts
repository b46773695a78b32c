/**
 * `vigiles audit --run` runs only what the harness would run (issue 35 item 1). Measured miss: a
 * Gemini CLI file with a hook under the unknown event `BeforePhase` was run and its crash reported,
 * though Gemini CLI never fires it (the static gemini-unknown-event already says so). For every
 * harness with a command-hook registration file (its conformance form): the bad repository holds
 * a crashing hook under an event the harness does not have beside one under its post-tool event;
 * only the second runs. The clean twin holds the second alone and audits the same.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { HARNESSES, dialectOf } from "../../src/adapters/registry.js";
import type { ConformanceRegistration } from "../../src/adapters/harness-entry.js";
import { runDynamicAudit } from "../../src/tools/audit/dynamic-audit.js";
import { auditHarness } from "../../src/tools/audit/static-audit.js";
import { dialectEvent } from "../../src/core/dialect.js";

const crash = `#!/bin/sh\ncat >/dev/null\necho "Traceback: KeyError tool_input" >&2\nexit 1\n`;
const UNKNOWN = "BeforePhase";

const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

function repo(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "vigiles-run-fires-"));
  roots.push(root);
  for (const [path, text] of Object.entries({ ...files, "crash.sh": crash })) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  chmodSync(join(root, "crash.sh"), 0o755);
  return root;
}

const withForm = HARNESSES.flatMap((h) => (h.conformance ? [{ h, form: h.conformance }] : []));

describe("audit --run runs no hook the harness never fires", () => {
  it("covers every harness with a command-hook file", () => {
    expect(withForm.length).toBeGreaterThanOrEqual(5);
  });

  for (const { h, form } of withForm) {
    it.concurrent(
      `${h.id}: a hook under ${UNKNOWN} is not run; the post-tool hook beside it is`,
      async () => {
        expect(dialectEvent(dialectOf(h.id), UNKNOWN)).toBeUndefined();
        const reg = (event: string): ConformanceRegistration => ({
          event,
          matcher: undefined,
          command: "sh ./crash.sh",
          shape: form.shapes[0] ?? "group",
        });
        const post = reg(form.events.postTool);
        const bad = auditHarness(repo(form.configFiles([reg(UNKNOWN), post])));
        expect(bad.registrations.map((r) => r.event).sort()).toEqual([UNKNOWN, post.event].sort());
        const result = await runDynamicAudit(bad, { maxRunMs: 5000, probesPerHook: 2, sandbox: false });
        expect(result.stats.hooks).toBe(1);
        expect(result.runs.map((r) => r.registration.event)).not.toContain(UNKNOWN);
        expect(result.runs.length).toBeGreaterThan(0);
        expect(result.findings.filter((f) => f.message.includes(UNKNOWN))).toEqual([]);
        expect(result.findings.map((f) => f.ruleId)).toEqual(["hook-crash"]);

        const clean = auditHarness(repo(form.configFiles([post])));
        const cleanRun = await runDynamicAudit(clean, { maxRunMs: 5000, probesPerHook: 2, sandbox: false });
        expect(cleanRun.findings.map((f) => f.message)).toEqual(result.findings.map((f) => f.message));
      },
      60_000,
    );
  }

  it.concurrent(
    "Copilot CLI's `*` matcher selects no tool, so its hook is not run",
    async () => {
      const root = repo({
        ".github/hooks/guard.json": JSON.stringify({
          version: 1,
          hooks: { preToolUse: [{ type: "command", matcher: "*", bash: "sh ./crash.sh", timeoutSec: 10 }] },
        }),
      });
      const report = auditHarness(root);
      expect(report.registrations.map((r) => r.harness)).toEqual(["copilot-cli"]);
      const result = await runDynamicAudit(report, { maxRunMs: 5000, probesPerHook: 2, sandbox: false });
      expect(result.runs).toEqual([]);
      expect(result.findings).toEqual([]);
    },
    60_000,
  );

  it.concurrent(
    "Copilot CLI's PascalCase PreToolUse selects a write by Claude Code's name too, so its hook is run",
    async () => {
      // test/copilot/copilot-pascal-matcher.test.ts pins it: `Write|Edit` runs on a file write there.
      const root = repo({
        ".github/hooks/guard.json": JSON.stringify({
          version: 1,
          hooks: {
            PreToolUse: [{ matcher: "Write|Edit", hooks: [{ type: "command", command: "sh ./crash.sh" }] }],
          },
        }),
      });
      const report = auditHarness(root);
      expect(report.registrations.map((r) => r.harness)).toEqual(["copilot-cli"]);
      const result = await runDynamicAudit(report, { maxRunMs: 5000, probesPerHook: 2, sandbox: false });
      expect(result.runs.length).toBeGreaterThan(0);
      expect(result.findings.map((f) => f.ruleId)).toContain("hook-crash");
    },
    60_000,
  );
});
