/**
 * `vigiles audit --run` turns dash's "[[: not found" on a hook's stderr into a finding: the hook
 * exits 0, so nothing else says that its bash-only test was skipped. The `[[` sits in a library the
 * script sources, where the static rule (which reads the script itself) cannot see it. Runs the hook
 * confined, as the audit does; /bin/sh is dash on this machine and in CI (Ubuntu).
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runDynamicAudit } from "../../src/tools/audit/dynamic-audit.js";
import { auditHarness } from "../../src/tools/audit/static-audit.js";

const root = mkdtempSync(join(tmpdir(), "vigiles-run-sh-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const write = (rel: string, text: string, mode?: number) => {
  mkdirSync(dirname(join(root, rel)), { recursive: true });
  writeFileSync(join(root, rel), text);
  if (mode !== undefined) chmodSync(join(root, rel), mode);
};

describe("--run and bash-only syntax under sh", () => {
  it("reports a hook whose sourced library uses [[ ]] under sh", async () => {
    write(".claude-plugin/plugin.json", '{ "name": "demo" }');
    write(
      "hooks/hooks.json",
      JSON.stringify({
        hooks: {
          UserPromptSubmit: [
            { hooks: [{ type: "command", command: '"${CLAUDE_PLUGIN_ROOT}/hooks/check.sh"', timeout: 10 }] },
          ],
        },
      }),
    );
    write(
      "hooks/check.sh",
      '#!/bin/sh\n. "$(dirname "$0")/lib.sh"\ninput=$(cat)\nis_secret "$input" && exit 2\nexit 0\n',
      0o755,
    );
    write("hooks/lib.sh", 'is_secret() {\n  [[ "$1" == *password* ]]\n}\n');
    const report = auditHarness(root);
    expect(report.findings.map((f) => f.ruleId)).not.toContain("bash-syntax-under-sh");
    const run = await runDynamicAudit(report, { maxRunMs: 5000, probesPerHook: 2 });
    const hit = run.findings.find((f) => f.ruleId === "bash-syntax-under-sh");
    expect(hit?.message, JSON.stringify(run.findings, null, 2)).toMatch(/\[\[: not found/);
  }, 120_000);
});
