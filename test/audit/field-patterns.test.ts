/**
 * Patterns met in public plugins (issue 18's field audit), each reproduced in a small fixture of our
 * own: the false alarms the static audit used to raise, and the misses it used to let through.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { auditHarness } from "../../src/tools/audit/static-audit.js";
import type { LintFinding } from "../../src/core/audit/types.js";

const root = mkdtempSync(join(tmpdir(), "vigiles-field-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;

/** Writes `files` into a fresh directory and audits it. */
function audit(files: Record<string, string>, options: { pythonMinimum?: string } = {}): LintFinding[] {
  const dir = join(root, String(n++));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text, { mode: /\.(sh|py|js)$/.test(rel) ? 0o755 : 0o644 });
  }
  return auditHarness(dir, options).findings;
}
const ids = (findings: LintFinding[]) => findings.map((f) => f.ruleId);

const settings = (event: string, command: string, matcher = "Bash") =>
  JSON.stringify({ hooks: { [event]: [{ matcher, hooks: [{ type: "command", command, timeout: 10 }] }] } });
const guard = (name: string, source: string, interpreter = "") => ({
  ".claude/settings.json": settings(
    "PreToolUse",
    `${interpreter}"$CLAUDE_PROJECT_DIR/.claude/hooks/${name}"`,
  ),
  [`.claude/hooks/${name}`]: source,
});

describe("verdicts computed into a variable and printed later (the famous fail-open)", () => {
  it('shell: decision="block" … echo "{\\"permissionDecision\\": \\"$decision\\"}" is an illegal verdict', () => {
    const found = audit(
      guard(
        "guard.sh",
        '#!/bin/sh\ninput=$(cat)\ndecision="allow"\ncase "$input" in *"rm -rf"*) decision="block" ;; esac\n' +
          'echo "{\\"hookSpecificOutput\\": {\\"hookEventName\\": \\"PreToolUse\\", \\"permissionDecision\\": \\"$decision\\"}}"\n',
      ),
    );
    const bad = found.filter((f) => f.ruleId === "invalid-permission-decision");
    expect(bad).toHaveLength(1);
    expect(bad[0]?.message).toMatch(
      /permissionDecision "block" \(assigned to decision here and printed as permissionDecision on line 5\)/,
    );
    expect(bad[0]?.range?.line).toBe(4);
  });

  it("shell through jq --arg: the jq name is followed back to the shell variable", () => {
    const found = audit(
      guard(
        "guard.sh",
        '#!/bin/sh\nverdict=warn\njq -n --arg d "$verdict" \'{hookSpecificOutput: {hookEventName: "PreToolUse", permissionDecision: $d}}\'\n',
      ),
    );
    expect(found.filter((f) => f.ruleId === "invalid-permission-decision").map((f) => f.message)).toEqual([
      expect.stringContaining('permissionDecision "warn" (assigned to verdict'),
    ]);
  });

  it("python and javascript shapes; a `{ decision }` log record is not the hook's JSON", () => {
    const py = audit(
      guard(
        "guard.py",
        'import json, sys\npayload = json.load(sys.stdin)\nresult = "warn"\nprint(json.dumps({"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": result}}))\n',
        "python3 ",
      ),
    );
    expect(py.filter((f) => f.ruleId === "invalid-permission-decision")).toHaveLength(1);
    const js = audit(
      guard(
        "guard.js",
        "const risky = process.argv.length > 5;\nconst decision = risky ? 'block' : 'allow';\n" +
          "log({ decision });\nconsole.log(JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: decision } }));\n",
        "node ",
      ),
    );
    expect(js.filter((f) => f.ruleId === "invalid-permission-decision").map((f) => f.message)).toEqual([
      expect.stringContaining('permissionDecision "block"'),
    ]);
    const legal = audit(
      guard(
        "guard.js",
        "const decision = process.argv.length > 5 ? 'ask' : 'deny';\nlog({ decision, cmd: 'x' });\n" +
          "console.log(JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: decision } }));\n",
        "node ",
      ),
    );
    expect(ids(legal)).not.toContain("invalid-permission-decision");
  });

  it('hookSpecificOutput.decision "defer" is named as the wrong key, not as the legacy decision', () => {
    const found = audit(
      guard(
        "guard.py",
        'import json\nprint(json.dumps({"hookSpecificOutput": {"hookEventName": "PreToolUse", "decision": "defer"}}))\n',
        "python3 ",
      ),
    );
    const f = found.find((x) => x.ruleId === "invalid-permission-decision");
    expect(f?.message).toMatch(/permissionDecision value under the wrong key/);
    expect(f?.fix).toMatch(/permissionDecision "defer"/);
  });
});

describe("description-overlap keeps to pairs one harness loads and cannot tell apart", () => {
  const channel = (name: string, label: string) => ({
    [`${name}/.claude-plugin/plugin.json`]: JSON.stringify({ name }),
    [`${name}/skills/configure/SKILL.md`]: `---\nname: configure\ndescription: Set up the ${label} channel — save the bot token and review access policy. Use when the user asks to configure ${label}.\n---\nbody\n`,
  });
  it("per-channel templated plugins, each naming its own channel, are not flagged", () => {
    expect(
      ids(audit({ ...channel("discord", "Discord"), ...channel("telegram", "Telegram") })),
    ).not.toContain("description-overlap");
  });
  it("copies of one skill kept for .claude/ and .agents/ are not flagged; two near-copies in .claude/ are", () => {
    const skill = (name: string) =>
      `---\nname: ${name}\ndescription: Reviews a pull request for style, tests and security issues before merge.\n---\nbody\n`;
    const copies = audit({
      ".claude/skills/review/SKILL.md": skill("review"),
      ".agents/skills/review/SKILL.md": skill("review"),
    });
    expect(ids(copies)).not.toContain("description-overlap");
    const twins = audit({
      ".claude/skills/review/SKILL.md": skill("review"),
      ".claude/skills/check/SKILL.md": skill("check"),
    });
    expect(ids(twins)).toContain("description-overlap");
  });
});

describe("other field false alarms", () => {
  it("subprocess-timeout is not raised for timeouts that run in a detached child the hook leaves", () => {
    const source =
      "import subprocess, sys\n\ndef notify():\n    subprocess.run(['notify-send', 'done'], timeout=30)\n\n" +
      "if len(sys.argv) > 1:\n    notify()\nelse:\n    subprocess.Popen([sys.executable, __file__, 'child'], start_new_session=True)\n";
    const files = { ...guard("notify.py", source, "python3 ") };
    files[".claude/settings.json"] = settings(
      "Stop",
      'python3 "$CLAUDE_PROJECT_DIR/.claude/hooks/notify.py"',
      "",
    );
    expect(ids(audit(files))).not.toContain("subprocess-timeout");
  });

  it("a package in the plugin's own src/ (put on sys.path) is local, not third-party; a missing one is reported", () => {
    const hook =
      "import sys\nfrom pathlib import Path\nsys.path.insert(0, str(Path(__file__).parent.parent / 'src'))\nfrom mypkg.core import run\nimport requests\nrun()\n";
    const found = audit({
      ".claude-plugin/plugin.json": JSON.stringify({ name: "p" }),
      "hooks/hooks.json": settings("PreToolUse", 'python3 "${CLAUDE_PLUGIN_ROOT}/hooks/gate.py"'),
      "hooks/gate.py": hook,
      "src/mypkg/__init__.py": "",
      "src/mypkg/core.py": "def run():\n    pass\n",
    });
    expect(found.filter((f) => f.ruleId === "python-third-party-import").map((f) => f.message)).toEqual([
      expect.stringContaining("import requests"),
    ]);
  });

  it("python-too-new follows the interpreter the hook gets: uv with requires-python >=3.11, or --python-minimum", () => {
    const source =
      '# /// script\n# requires-python = ">=3.11"\n# ///\nfrom datetime import datetime, UTC\nprint(datetime.now(UTC))\n';
    const viaUv = guard("log.py", source, "uv run ");
    expect(ids(audit(viaUv))).not.toContain("python-too-new");
    const viaPython = guard("log.py", source, "python3 ");
    expect(ids(audit(viaPython))).toContain("python-too-new");
    expect(ids(audit(viaPython, { pythonMinimum: "3.11" }))).not.toContain("python-too-new");
  });
});

describe("misses the field showed", () => {
  it("CLAUDE_TOOL_INPUT read by a hook command declared in SKILL.md or project agent frontmatter", () => {
    const hooks =
      "hooks:\n  PreToolUse:\n    - matcher: Bash\n      hooks:\n        - type: command\n          command: 'echo \"$CLAUDE_TOOL_INPUT\" >> /tmp/log'\n";
    const found = audit({
      ".claude/skills/logger/SKILL.md": `---\nname: logger\ndescription: Logs every shell command the agent runs.\n${hooks}---\nbody\n`,
      ".claude/agents/auditor.md": `---\nname: auditor\ndescription: Audits shell commands.\n${hooks}---\nbody\n`,
    });
    expect(
      found
        .filter((f) => f.ruleId === "env-payload")
        .map((f) => f.file)
        .sort(),
    ).toEqual([".claude/agents/auditor.md", ".claude/skills/logger/SKILL.md"]);
  });

  it("unquoted $CLAUDE_PROJECT_DIR after python3 states the fail-closed consequence", () => {
    const found = audit({
      ".claude/settings.json": settings("PreToolUse", "python3 $CLAUDE_PROJECT_DIR/.claude/hooks/g.py"),
      ".claude/hooks/g.py": "import sys\nsys.exit(0)\n",
    });
    expect(found.find((f) => f.ruleId === "unquoted-project-dir")?.message).toMatch(
      /python3 cannot open the script and exits 2, which on PreToolUse blocks/,
    );
  });
});
