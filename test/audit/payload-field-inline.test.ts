/**
 * `payload-field-unsent` over a command that reads the payload itself (`jq -r .tool_input.command`
 * in the hooks file, no script), for every harness through its dialect: Copilot CLI sends `toolArgs`
 * on camelCase preToolUse (real run, test/copilot/copilot-payload-shape.test.ts), Claude Code and
 * Gemini CLI send `tool_input`. A command reading the name its harness sends is clean.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { auditHarness } from "../../src/tools/audit/static-audit.js";

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function unsent(files: Record<string, string>): string[] {
  const root = mkdtempSync(join(tmpdir(), "vigiles-inline-field-"));
  dirs.push(root);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  return auditHarness(root)
    .findings.filter((f) => f.ruleId === "payload-field-unsent")
    .map((f) => `${f.file}: ${f.message}`);
}

const guard = (field: string) =>
  `jq -r '.${field}.command' | grep -q 'rm -rf' && { echo no >&2; exit 2; }; exit 0`;

const copilot = (field: string) => ({
  ".github/hooks/guard.json": JSON.stringify({
    version: 1,
    hooks: { preToolUse: [{ type: "command", bash: guard(field), timeoutSec: 10 }] },
  }),
});
const claude = (field: string) => ({
  ".claude/settings.json": JSON.stringify({
    hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: guard(field) }] }] },
  }),
});
const gemini = (field: string) => ({
  ".gemini/settings.json": JSON.stringify({
    hooks: {
      BeforeTool: [{ matcher: "run_shell_command", hooks: [{ type: "command", command: guard(field) }] }],
    },
  }),
});

describe("payload-field-unsent in an inline command", () => {
  it("Copilot CLI: .tool_input in the command reads null; .toolArgs is clean", () => {
    expect(unsent(copilot("tool_input"))).toEqual([
      expect.stringMatching(
        /^\.github\/hooks\/guard\.json: Reads `tool_input` .*GitHub Copilot CLI sends it as `toolArgs` on preToolUse/,
      ),
    ]);
    expect(unsent(copilot("toolArgs"))).toEqual([]);
  });

  it("Claude Code and Gemini CLI: .toolArgs reads null; .tool_input is clean", () => {
    expect(unsent(claude("toolArgs"))).toEqual([
      expect.stringMatching(/^\.claude\/settings\.json: .*sends it as `tool_input` on PreToolUse/),
    ]);
    expect(unsent(claude("tool_input"))).toEqual([]);
    expect(unsent(gemini("toolArgs"))).toEqual([
      expect.stringMatching(/^\.gemini\/settings\.json: .*sends it as `tool_input` on BeforeTool/),
    ]);
    expect(unsent(gemini("tool_input"))).toEqual([]);
  });
});
