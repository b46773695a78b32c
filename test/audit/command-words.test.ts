/** The readers under the rules: one command string, one hook source, one set of edits. */
import fc from "fast-check";
import { dialectOf } from "../../src/adapters/registry.js";
import { describe, expect, it } from "vitest";
import { applyEdits } from "../../src/core/audit/apply-edits.js";
import { findScriptWord, resolveScriptPath, scanCommand } from "../../src/core/audit/command-words.js";
import { readHooksConfig } from "../../src/core/audit/hooks-config.js";
import { checkHookRegistration } from "../../src/core/audit/rules/hook-registration.js";
import { scanHookSource } from "../../src/core/audit/source-scan.js";

describe("scanCommand / findScriptWord", () => {
  it("splits words, removes quotes and tracks quote state", () => {
    const s = scanCommand(`python3 -u "\${CLAUDE_PLUGIN_ROOT}/a b.py" --x 'y z' && echo done`);
    expect(s.words.map((w) => w.value)).toEqual([
      "python3",
      "-u",
      "${CLAUDE_PLUGIN_ROOT}/a b.py",
      "--x",
      "y z",
      "&&",
      "echo",
      "done",
    ]);
    expect(s.quoteAt[11]).toBe("double");
    expect(s.quoteAt[0]).toBe("none");
  });
  it("finds the script through interpreters, env prefixes and subcommands", () => {
    expect(findScriptWord("FOO=1 bash ./hooks/x.sh arg")?.word.value).toBe("./hooks/x.sh");
    expect(findScriptWord("uv run hooks/check.py")).toMatchObject({ direct: false, interpreter: "uv" });
    expect(findScriptWord('"$CLAUDE_PROJECT_DIR/.claude/hooks/g.sh"')).toMatchObject({ direct: true });
    expect(findScriptWord("node -e 'console.log(1)'")).toBeUndefined();
    expect(findScriptWord("jq -r .tool_name")).toBeUndefined();
    expect(findScriptWord("npx vigiles hook run")).toBeUndefined();
  });
  it("resolves only the expansions it knows", () => {
    expect(resolveScriptPath("${CLAUDE_PLUGIN_ROOT}/h/x.sh", { pluginRoot: "/p" })).toBe("/p/h/x.sh");
    expect(resolveScriptPath("$CLAUDE_PROJECT_DIR/x.sh", { projectDir: "/r" })).toBe("/r/x.sh");
    expect(resolveScriptPath("$HOME/x.sh", { projectDir: "/r" })).toBeUndefined();
    expect(resolveScriptPath("x.sh", { projectDir: "/r" })).toBeUndefined();
  });
});

describe("the plugin-root quoting fix", () => {
  const word = fc.stringMatching(/^[a-z][a-z0-9_.-]{0,8}$/);
  it("always yields a command whose every plugin-root word is double-quoted, words unchanged", () => {
    fc.assert(
      fc.property(
        fc.array(word, { minLength: 1, maxLength: 3 }),
        fc.array(word, { maxLength: 3 }),
        (segments, args) => {
          const path = "${CLAUDE_PLUGIN_ROOT}/" + segments.join("/");
          const command = [path, ...args].join(" ");
          const text = JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: "command", command }] }] } });
          const [reg] = readHooksConfig({
            file: "h.json",
            text,
            dialect: dialectOf("claude-code"),
            role: "hooks-file",
          }).registrations;
          const findings = checkHookRegistration(reg!);
          const edits = findings.flatMap((f) => f.edits ?? []);
          expect(edits).toHaveLength(1);
          const fixed = JSON.parse(applyEdits(text, edits)) as {
            hooks: { PreToolUse: { hooks: { command: string }[] }[] };
          };
          const after = fixed.hooks.PreToolUse[0]!.hooks[0]!.command;
          expect(scanCommand(after).words.map((w) => w.value)).toEqual(
            scanCommand(command).words.map((w) => w.value),
          );
          const [reg2] = readHooksConfig({
            file: "h.json",
            text: JSON.stringify(fixed),
            dialect: dialectOf("claude-code"),
            role: "hooks-file",
          }).registrations;
          expect(checkHookRegistration(reg2!).filter((f) => f.ruleId === "unquoted-plugin-root")).toEqual([]);
        },
      ),
    );
  });
  it("rejects overlapping edits instead of corrupting the file", () => {
    expect(() =>
      applyEdits("abcdef", [
        { file: "f", start: 1, end: 4, text: "x" },
        { file: "f", start: 3, end: 5, text: "y" },
      ]),
    ).toThrow(/overlap/);
  });
});

describe("scanHookSource", () => {
  it("JavaScript: env reads, decision literals and millisecond timeouts, not comments", () => {
    const facts = scanHookSource(
      `// process.env.CLAUDE_TOOL_NAME is not read here\nconst t = process.env.CLAUDE_TOOL_INPUT;\nout({ hookSpecificOutput: { permissionDecision: "warn" } });\nexecSync("x", { timeout: 90000 });\n`,
      "javascript",
    );
    expect(facts.envReads.map((r) => [r.name, r.at.line])).toEqual([["CLAUDE_TOOL_INPUT", 2]]);
    expect(facts.decisions.map((d) => [d.key, d.value])).toEqual([["permissionDecision", "warn"]]);
    expect(facts.timeouts.map((t) => t.seconds)).toEqual([90]);
  });
  it("Python and shell: one line at a time, comment lines skipped", () => {
    const py = scanHookSource(
      `# os.environ["CLAUDE_TOOL_INPUT"]\nout["hookSpecificOutput"]["permissionDecision"] = "block"\ndecision = "warn"\nsubprocess.run(cmd, timeout=120)\n`,
      "python",
    );
    expect(py.envReads).toEqual([]);
    expect(py.decisions.map((d) => d.value)).toEqual(["block"]);
    expect(py.timeouts.map((t) => t.seconds)).toEqual([120]);
    const sh = scanHookSource(`echo "{\\"decision\\": \\"approve\\"}"\ntimeout -k 5 2m curl -s x\n`, "shell");
    expect(sh.decisions.map((d) => d.value)).toEqual(["approve"]);
    expect(sh.timeouts.map((t) => t.seconds)).toEqual([120]);
  });
});

describe("Codex hooks files", () => {
  it("know Codex's own, smaller event list", async () => {
    const { lintHarness } = await import("../../src/core/audit/lint-harness.js");
    const text = JSON.stringify({
      hooks: {
        PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "true" }] }],
        Notification: [{ hooks: [{ type: "command", command: "true" }] }],
      },
    });
    const { findings } = lintHarness({
      hookFiles: [{ file: ".codex/hooks.json", text, dialect: dialectOf("codex"), role: "hooks-file" }],
      manifests: [],
      skills: [],
      agents: [],
      workflows: [],
    });
    expect(findings.map((f) => [f.ruleId, f.message])).toEqual([
      ["unknown-event", '"Notification" is not a Codex hook event: this hook never runs.'],
    ]);
  });
});

describe("hooks registered in frontmatter", () => {
  it("go through the same rules, pointed at the `hooks` key, with no edits", async () => {
    const { mkdtempSync, mkdirSync, writeFileSync, rmSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const { auditHarness } = await import("../../src/tools/audit/static-audit.js");
    const root = mkdtempSync(join(tmpdir(), "vigiles-fm-hooks-"));
    try {
      mkdirSync(join(root, ".claude/agents"), { recursive: true });
      writeFileSync(
        join(root, ".claude/agents/reviewer.md"),
        [
          "---",
          "name: reviewer",
          "description: Reviews diffs.",
          "hooks:",
          "  PreToolUse:",
          "    - matcher: Task",
          "      hooks:",
          "        - type: command",
          "          command: 'echo \"$CLAUDE_TOOL_INPUT\" | ${CLAUDE_PLUGIN_ROOT}/x.sh'",
          "---",
          "Review.",
        ].join("\n"),
      );
      const report = auditHarness(root);
      expect(report.findings.map((f) => [f.file, f.ruleId, f.range?.line, f.edits])).toEqual([
        [".claude/agents/reviewer.md", "env-payload", 4, undefined],
        [".claude/agents/reviewer.md", "task-matcher-without-agent", 4, undefined],
        [".claude/agents/reviewer.md", "unquoted-plugin-root", 4, undefined],
      ]);
      expect(report.registrations.map((r) => [r.file, r.event, r.matcher])).toEqual([
        [".claude/agents/reviewer.md", "PreToolUse", "Task"],
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
