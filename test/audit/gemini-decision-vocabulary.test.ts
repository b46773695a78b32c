/**
 * Pins that Claude Code's answer vocabulary is not applied to a Gemini CLI extension's hook scripts
 * (issue 35, held-out measurement: 4 false `invalid-permission-decision` errors). Gemini CLI 0.61.0
 * blocks on `decision: "block"` or `"deny"` and writes `"allow"` as its own non-blocking default,
 * so a Gemini guard answering `{"decision": "deny"}` is right. The same script in a Claude Code
 * plugin is still reported: there `decision` takes only approve or block.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { auditHarness } from "../../src/tools/audit/static-audit.js";

const GUARD = `#!/usr/bin/env python3
import json, sys
payload = json.load(sys.stdin)
if "rm -rf" in json.dumps(payload):
    print(json.dumps({"decision": "deny", "reason": "no rm -rf"}))
else:
    print(json.dumps({"decision": "allow"}))
`;

const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "vigiles-decision-vocab-"));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  chmodSync(join(root, "hooks/guard.py"), 0o755);
  return root;
}

const hooksFile = (placeholder: string, event: string) =>
  JSON.stringify({
    hooks: {
      [event]: [{ matcher: ".*", hooks: [{ type: "command", command: `"${placeholder}/hooks/guard.py"` }] }],
    },
  });

const ruleIds = (root: string) => auditHarness(root).findings.map((f) => f.ruleId);

describe("decision vocabulary per harness", () => {
  it('a Gemini CLI extension answering decision "deny" and "allow" is not reported', () => {
    const root = tree({
      "gemini-extension.json": JSON.stringify({ name: "guard", version: "1.0.0" }),
      "hooks/hooks.json": hooksFile("${extensionPath}", "BeforeTool"),
      "hooks/guard.py": GUARD,
    });
    const ids = ruleIds(root);
    expect(ids).not.toContain("invalid-permission-decision");
    expect(ids).not.toContain("env-payload");
  });

  it("the same script in a Claude Code plugin is reported (the control)", () => {
    const root = tree({
      ".claude-plugin/plugin.json": JSON.stringify({ name: "guard", version: "1.0.0" }),
      "hooks/hooks.json": hooksFile("${CLAUDE_PLUGIN_ROOT}", "PreToolUse"),
      "hooks/guard.py": GUARD,
    });
    expect(ruleIds(root)).toContain("invalid-permission-decision");
  });
});
