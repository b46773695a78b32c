/**
 * The recall rules written once over the dialect (issue 35's misses), each on a minimal tree of our
 * own: unquoted `${extensionPath}` in a Gemini extension, bash-only syntax where the harness's shell
 * is sh (and not where it is bash), JSON printed before exit 1 (ignored by Claude Code, read by Qwen
 * Code), and payload fields a harness never sends.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { auditHarness } from "../../src/tools/audit/static-audit.js";

const temps: string[] = [];
afterEach(() => {
  for (const d of temps.splice(0)) rmSync(d, { recursive: true, force: true });
});
function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "vigiles-dialect-rules-"));
  temps.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
    if (path.endsWith(".sh")) chmodSync(join(dir, path), 0o755);
  }
  return dir;
}
const ids = (dir: string) => auditHarness(dir).findings.map((f) => f.ruleId);
const claudePlugin = (event: string, command: string, script: string) => ({
  ".claude-plugin/plugin.json": '{ "name": "demo" }',
  "hooks/hooks.json": JSON.stringify({
    hooks: { [event]: [{ hooks: [{ type: "command", command, timeout: 10 }] }] },
  }),
  "hooks/guard.sh": script,
});
const GUARD = "#!/bin/sh\ninput=$(cat)\nexit 0\n";

describe("unquoted ${extensionPath} (Gemini substitutes it textually, then bash splits it)", () => {
  const extension = (command: string) =>
    tree({
      "gemini-extension.json": '{ "name": "x", "version": "1.0.0" }',
      "hooks/hooks.json": JSON.stringify({
        hooks: { SessionStart: [{ hooks: [{ type: "command", command }] }] },
      }),
      "hooks/start.sh": GUARD,
    });
  it("is reported unquoted, and not quoted", () => {
    expect(ids(extension("${extensionPath}/hooks/start.sh"))).toContain("unquoted-plugin-root");
    expect(ids(extension('"${extensionPath}/hooks/start.sh"'))).not.toContain("unquoted-plugin-root");
  });
});

describe("bash-only syntax under sh", () => {
  it("flags [[ ]] in a shell-form Claude Code command (run under /bin/sh)", () => {
    const dir = tree(
      claudePlugin("PreToolUse", '[[ -f .lock ]] && "${CLAUDE_PLUGIN_ROOT}/hooks/guard.sh"', GUARD),
    );
    expect(ids(dir)).toContain("bash-syntax-under-sh");
  });
  it("leaves a #!/bin/bash script run directly alone, and flags `sh script` with [[", () => {
    const script = '#!/bin/bash\ninput=$(cat)\nif [[ "$input" == *x* ]]; then exit 0; fi\n';
    expect(ids(tree(claudePlugin("Stop", '"${CLAUDE_PLUGIN_ROOT}/hooks/guard.sh"', script)))).not.toContain(
      "bash-syntax-under-sh",
    );
    expect(ids(tree(claudePlugin("Stop", 'sh "${CLAUDE_PLUGIN_ROOT}/hooks/guard.sh"', script)))).toContain(
      "bash-syntax-under-sh",
    );
  });
  it("leaves [[ ]] in a Gemini command alone (Gemini CLI runs commands under bash)", () => {
    const dir = tree({
      "gemini-extension.json": '{ "name": "x", "version": "1.0.0" }',
      "hooks/hooks.json": JSON.stringify({
        hooks: {
          SessionStart: [
            { hooks: [{ type: "command", command: '[[ -d x ]] || "${extensionPath}/hooks/s.sh"' }] },
          ],
        },
      }),
      "hooks/s.sh": GUARD,
    });
    expect(ids(dir)).not.toContain("bash-syntax-under-sh");
  });
});

describe("JSON printed before a non-zero exit", () => {
  const script =
    '#!/bin/sh\ninput=$(cat)\nif [ -n "$input" ]; then\n' +
    '  echo \'{"decision": "block", "reason": "not yet"}\'\n  exit 1\nfi\nexit 0\n';
  it("is not reported on Claude Code for exit 1: 2.1.328 reads the JSON (test/audit/json-nonzero-exit.test.ts)", () => {
    const dir = tree(claudePlugin("Stop", '"${CLAUDE_PLUGIN_ROOT}/hooks/guard.sh"', script));
    expect(auditHarness(dir).findings.map((x) => x.ruleId)).not.toContain("exit2-json-ignored");
  });
  it("is reported on Claude Code for exit 2, where only stderr is read", () => {
    const dir = tree(
      claudePlugin("Stop", '"${CLAUDE_PLUGIN_ROOT}/hooks/guard.sh"', script.replace("exit 1", "exit 2")),
    );
    const f = auditHarness(dir).findings.find((x) => x.ruleId === "exit2-json-ignored");
    expect(f?.message).toMatch(/on exit 2 Claude Code ignores stdout and reads only stderr/);
  });
  it("is not reported on Qwen Code, whose fold reads JSON on exit 1", () => {
    const dir = tree({
      ".qwen/settings.json": JSON.stringify({
        hooks: { Stop: [{ hooks: [{ type: "command", command: '"$QWEN_PROJECT_DIR/guard.sh"' }] }] },
      }),
      "guard.sh": script,
    });
    const report = auditHarness(dir);
    expect(report.registrations.map((r) => r.harness)).toContain("qwen-code");
    expect(report.findings.map((f) => f.ruleId)).not.toContain("exit2-json-ignored");
  });
});

describe("payload fields the harness never sends", () => {
  it("flags a Claude Code hook that reads only Copilot's toolArgs", () => {
    const script = "#!/bin/sh\ncmd=$(jq -r '.toolArgs.command')\n[ \"$cmd\" = x ] && exit 2\nexit 0\n";
    const dir = tree(claudePlugin("PreToolUse", '"${CLAUDE_PLUGIN_ROOT}/hooks/guard.sh"', script));
    const f = auditHarness(dir).findings.find((x) => x.ruleId === "payload-field-unsent");
    expect(f?.message).toMatch(/`toolArgs`.*`tool_input`/);
  });
  it("does not take a local variable named like another harness's field for a read of it", () => {
    const script =
      "#!/bin/sh\ntoolArgs=$(jq -r '.tool_input.command')\n[ \"$toolArgs\" = x ] && exit 2\nexit 0\n";
    const dir = tree(claudePlugin("PreToolUse", '"${CLAUDE_PLUGIN_ROOT}/hooks/guard.sh"', script));
    expect(ids(dir)).not.toContain("payload-field-unsent");
  });
  it("leaves a Copilot hook under the PascalCase event alone (that variant sends tool_input)", () => {
    const dir = tree({
      ".github/hooks/guard.json": JSON.stringify({
        version: 1,
        hooks: { PreToolUse: [{ type: "command", bash: "./guard.sh", timeoutSec: 10 }] },
      }),
      "guard.sh": "#!/bin/bash\ncmd=$(jq -r '.tool_input.command')\nexit 0\n",
    });
    expect(ids(dir)).not.toContain("payload-field-unsent");
  });
});

describe("stop-hook-active and a hook that walks a finite task list", () => {
  it("does not call a Stop hook that blocks once per task of a counted list a loop without end", () => {
    const script =
      "#!/bin/bash\ninput=$(cat)\nCURRENT=$(cat .current)\nTOTAL_TASKS=$(cat .total)\n" +
      'if [ "$CURRENT" -lt "$TOTAL_TASKS" ]; then\n' +
      '  echo \'{"decision": "block", "reason": "next task"}\'\nfi\nexit 0\n';
    const dir = tree(claudePlugin("Stop", '"${CLAUDE_PLUGIN_ROOT}/hooks/guard.sh"', script));
    expect(ids(dir)).not.toContain("stop-hook-active");
    const endless = script.replace(/TOTAL_TASKS/g, "LIMIT");
    expect(ids(tree(claudePlugin("Stop", '"${CLAUDE_PLUGIN_ROOT}/hooks/guard.sh"', endless)))).toContain(
      "stop-hook-active",
    );
  });
});
