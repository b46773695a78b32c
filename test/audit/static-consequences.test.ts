/**
 * The consequences the static rules state, pinned with one run of the real Claude Code CLI
 * (2.1.328) against the mock model. One plugin installed under a path with a space:
 * - unquoted-plugin-root after python3: python exits 2, so the PreToolUse hook DENIES the Bash call
 *   (fail closed), while the same mistake with a bare script on Write exits 127 and the Write proceeds;
 * - frontmatter-syntax: `description: a: b` is rejected by strict YAML, yet the CLI lists the whole
 *   description (its loader quotes such values), so the audit reports nothing there;
 * - frontmatter-folded: lines under `version:` never reach the model's skill listing.
 * The audit of the same plugin is checked against each fact, so a rule and the run cannot drift apart.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runHarnessTest } from "../../src/tiers/harness/run-harness-test.js";
import { auditHarness } from "../../src/tools/audit/static-audit.js";

const base = mkdtempSync(join(tmpdir(), "vigiles-consequences-"));
afterAll(() => rmSync(base, { recursive: true, force: true }));
const plugin = join(base, "with space", "plug");
const files: Record<string, string> = {
  ".claude-plugin/plugin.json": JSON.stringify({ name: "plug" }),
  "hooks/hooks.json": JSON.stringify({
    hooks: {
      PreToolUse: [
        {
          matcher: "Bash",
          hooks: [{ type: "command", command: "python3 ${CLAUDE_PLUGIN_ROOT}/hooks/allow.py", timeout: 30 }],
        },
        {
          matcher: "Write",
          hooks: [{ type: "command", command: "${CLAUDE_PLUGIN_ROOT}/hooks/deny.sh", timeout: 30 }],
        },
      ],
    },
  }),
  // Both would be harmless if they ran: allow.py allows, deny.sh would deny every Write.
  "hooks/allow.py": "import sys\nsys.exit(0)\n",
  "hooks/deny.sh": "#!/bin/sh\necho 'no writes' >&2\nexit 2\n",
  "skills/board/SKILL.md":
    "---\nname: board\ndescription: Show the board: this repo's debt priced as bounties\n---\nbody\n",
  "skills/folded/SKILL.md":
    "---\nname: folded\ndescription: Formats SQL queries.\nversion: 1.0.0\n  Use when the user pastes a query ZEBRAWORD.\n---\nbody\n",
};
for (const [rel, text] of Object.entries(files)) {
  mkdirSync(dirname(join(plugin, rel)), { recursive: true });
  writeFileSync(join(plugin, rel), text, { mode: rel.endsWith(".sh") ? 0o755 : 0o644 });
}

describe("static rule consequences, as the pinned CLI shows them", { timeout: 240_000 }, () => {
  const audit = auditHarness(plugin);
  const rules = (id: string) => audit.findings.filter((f) => f.ruleId === id);

  it("the audit states each consequence the run below shows", () => {
    const split = rules("unquoted-plugin-root").map((f) => f.message);
    expect(split).toHaveLength(2);
    expect(split.find((m) => m.includes("allow.py"))).toMatch(
      /python3 .*exits 2.*blocks every time the hook fires/,
    );
    expect(split.find((m) => m.includes("deny.sh"))).toMatch(/exit 127.*proceeds/);
    expect(rules("frontmatter-syntax")).toEqual([]);
    expect(rules("frontmatter-folded").map((f) => f.message)).toEqual([expect.stringContaining("ZEBRAWORD")]);
  });

  it("one real run: Bash denied by python's exit 2, Write proceeds past exit 127, the listing as the audit says", async () => {
    const r = await runHarnessTest({
      prompt: "hi",
      plugins: [plugin],
      sandbox: false,
      transcript: true,
      // The exit-127 hook is the point of the test: its crash is what the CLI proceeds past.
      allowHookCrashes: true,
      model: [
        { tool: "Bash", input: { command: "echo ran-the-command" } },
        { tool: "Write", input: { file_path: "written.txt", content: "x" } },
        { text: "done" },
      ],
    });
    try {
      const bash = r.toolCalls.find((c) => c.name === "Bash");
      const write = r.toolCalls.find((c) => c.name === "Write");
      expect(bash?.result?.denied).toBe(true);
      expect(write?.result?.denied).not.toBe(true);
      expect(r.filesWritten).toContain("written.txt");
      const listing = JSON.stringify(r.modelRequests[0] ?? {});
      expect(listing).toContain("plug:board: Show the board: this repo's debt priced as bounties");
      expect(listing).toContain("plug:folded: Formats SQL queries.");
      expect(listing).not.toContain("ZEBRAWORD");
    } finally {
      r.cleanup();
    }
  });
});
