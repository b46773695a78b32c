// `vigiles audit` over Gemini CLI hook files (a project's .gemini/settings.json and an extension's
// hooks/hooks.json): the silent failures of a configuration ported from Claude Code are reported
// with where they are, and a correct Gemini configuration (its benign twin) has no finding.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { auditHarness } from "../../src/tools/audit/static-audit.js";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function project(files: Record<string, unknown>): string {
  const root = mkdtempSync(join(tmpdir(), "vigiles-gemini-audit-"));
  dirs.push(root);
  for (const [rel, value] of Object.entries(files)) {
    const path = join(root, rel);
    mkdirSync(join(path, ".."), { recursive: true });
    writeFileSync(path, typeof value === "string" ? value : JSON.stringify(value, null, 2));
  }
  return root;
}

const ported = {
  hooks: {
    PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "guard.sh" }] }],
    BeforeTool: [{ matcher: "Bash|Write", hooks: [{ type: "command", command: "guard.sh", timeout: 30 }] }],
    Bogus: [],
    enabled: true,
  },
};
const correct = {
  hooks: {
    BeforeTool: [
      {
        matcher: "run_shell_command|write_file",
        hooks: [{ type: "command", command: "guard.sh", timeout: 30000 }],
      },
      { matcher: "mcp_.*", hooks: [{ type: "command", command: "mcp.sh" }] },
    ],
    AfterTool: [{ matcher: "read_file", hooks: [{ type: "command", command: "ctx.sh" }] }],
    SessionStart: [{ matcher: "startup", hooks: [{ type: "command", command: "start.sh" }] }],
    disabled: ["old.sh"],
  },
};

describe("vigiles audit reads Gemini CLI hooks", () => {
  test("a Claude-shaped port: a Claude event name, an unknown event, a seconds timeout, a Claude tool matcher", () => {
    const root = project({ ".gemini/settings.json": ported });
    const report = auditHarness(root);
    const gemini = report.findings.filter((f) => f.ruleId.startsWith("gemini-"));
    expect(gemini.map((f) => [f.ruleId, f.file])).toEqual([
      ["gemini-unknown-event", join(".gemini", "settings.json")],
      ["gemini-claude-tool-matcher", join(".gemini", "settings.json")],
      ["gemini-timeout-seconds", join(".gemini", "settings.json")],
      ["gemini-unknown-event", join(".gemini", "settings.json")],
    ]);
    expect(gemini[0]?.message).toMatch(/"PreToolUse" is Claude Code's event name.*"BeforeTool"/);
    expect(gemini[0]?.range?.line).toBe(3);
    expect(gemini[1]?.fix).toBe('Use "run_shell_command|write_file".');
    expect(gemini[2]?.message).toMatch(/timeout 30 .* 30 milliseconds/);
    expect(gemini[3]?.message).toMatch(/"Bogus" is not a Gemini CLI hook event/);
    expect(report.summary.errors).toBeGreaterThanOrEqual(3);
  });

  test("an extension's hooks/hooks.json is read too", () => {
    const root = project({
      "my-ext/gemini-extension.json": { name: "my-ext", version: "1.0.0" },
      "my-ext/hooks/hooks.json": {
        hooks: { BeforeTool: [{ matcher: "Edit", hooks: [{ type: "command", command: "x.sh" }] }] },
      },
    });
    const findings = auditHarness(root).findings.filter((f) => f.ruleId.startsWith("gemini-"));
    expect(findings.map((f) => [f.ruleId, f.file])).toEqual([
      ["gemini-claude-tool-matcher", join("my-ext", "hooks", "hooks.json")],
    ]);
    expect(findings[0]?.fix).toBe('Use "replace".');
  });

  test("the benign twin, written in Gemini's terms, has no Gemini finding", () => {
    const root = project({
      ".gemini/settings.json": correct,
      "ext/gemini-extension.json": { name: "ext", version: "1.0.0" },
      "ext/hooks/hooks.json": correct,
    });
    expect(auditHarness(root).findings.filter((f) => f.ruleId.startsWith("gemini-"))).toEqual([]);
  });
});
