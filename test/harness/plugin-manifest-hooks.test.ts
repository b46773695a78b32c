// Pins that Claude Code 2.1.328 loads hooks a plugin's manifest holds inline (`"hooks": {...}` in
// .claude-plugin/plugin.json, no hooks/hooks.json), and that vigiles reads them too: the audit audits
// them and the registration reader lists them. Before, such a plugin audited as "no problems" with
// nothing read (a green run that tested nothing, found on a public plugin).
import { afterAll, describe, expect, test } from "vitest";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { withHarness } from "../../src/tiers/harness/run-harness-test.js";
import { auditHarness } from "../../src/tools/audit/static-audit.js";
import { claudeCodeRegistrations } from "../../src/adapters/claude-code/registrations.js";

const base = mkdtempSync(join(tmpdir(), "vigiles-manifest-hooks-"));
const pluginRoot = join(base, "inline");
mkdirSync(join(pluginRoot, ".claude-plugin"), { recursive: true });
mkdirSync(join(pluginRoot, "scripts"));
const command = (quoted: boolean) =>
  quoted ? '"${CLAUDE_PLUGIN_ROOT}/scripts/guard.sh"' : "${CLAUDE_PLUGIN_ROOT}/scripts/guard.sh";
const manifest = (quoted: boolean) =>
  JSON.stringify({
    name: "inline",
    hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: command(quoted) }] }] },
  });
writeFileSync(join(pluginRoot, ".claude-plugin", "plugin.json"), manifest(true));
const guard = join(pluginRoot, "scripts", "guard.sh");
writeFileSync(guard, '#!/bin/sh\necho "MANIFEST-GUARD" >&2\nexit 2\n');
chmodSync(guard, 0o755);

afterAll(() => rmSync(base, { recursive: true, force: true }));

describe("hooks held inline in a plugin's manifest", { timeout: 180_000 }, () => {
  test("the real CLI runs them: the guard's exit 2 blocks the call", async () => {
    await withHarness(
      {
        prompt: "clean",
        plugin: pluginRoot,
        model: [{ tool: "Bash", input: { command: "touch RAN" } }, { text: "done" }],
        transcript: true,
      },
      (r) => {
        expect(r.hooks?.some((h) => h.event === "PreToolUse" && h.exitCode === 2)).toBe(true);
        expect(r.file("RAN")).toBeNull();
      },
    );
  });

  test("the registration reader lists them and the audit reads them", () => {
    const reading = claudeCodeRegistrations(base);
    expect(reading.registrations.map((r) => [r.event, r.command])).toEqual([["PreToolUse", command(true)]]);
    writeFileSync(join(pluginRoot, ".claude-plugin", "plugin.json"), manifest(false));
    const findings = auditHarness(base).findings.map((f) => f.ruleId);
    expect(findings).toContain("unquoted-plugin-root");
  });
});
