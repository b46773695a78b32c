/**
 * `hook-warning-unheard` (a `--run` note): a guard whose warning tier writes to stderr and exits 0
 * warns no model on Claude Code's PreToolUse (test/harness/unheard-output.test.ts pins that the text
 * is in no model request). Measured miss on a held-out public guard with a "🟡" warning tier. Silent
 * for a block-worded message (the finding about a guard that fails open loudly owns those runs), for
 * a real block (exit 2), and for a harness whose dialect does not pin what stderr at exit 0 does.
 */
import { describe, expect, it } from "vitest";
import { dialectOf } from "../../src/adapters/registry.js";
import type { HookRunResult } from "../../src/core/hook-decision/types.js";
import { runDynamicAudit } from "../../src/tools/audit/dynamic-audit.js";
import { auditHarness } from "../../src/tools/audit/static-audit.js";
import { unheardWarning } from "../../src/tools/audit/unheard-warning.js";
import { tempTrees } from "../support/temp-tree.js";

const repo = tempTrees("vigiles-unheard-");

/** On `rm -rf`, writes `message` to stderr and exits `code`; silent otherwise. */
const guard = (message: string, code = 0) =>
  `#!/bin/sh\nin=$(cat)\ncase "$in" in\n  *'rm -rf'*) echo '${message}' >&2; exit ${code};;\nesac\nexit 0\n`;

const claude = (script: string) => ({
  ".claude/settings.json": JSON.stringify({
    hooks: {
      PreToolUse: [
        { matcher: "Bash", hooks: [{ type: "command", command: '"$CLAUDE_PROJECT_DIR"/guard.sh' }] },
      ],
    },
  }),
  "guard.sh": script,
});

const run = (over: Partial<HookRunResult>): HookRunResult => ({
  event: "PreToolUse",
  decision: "none",
  blocked: false,
  halted: false,
  decidedBy: "no-decision",
  exitCode: 0,
  signal: null,
  stdout: "",
  stderr: "",
  timedOut: false,
  truncated: false,
  durationMs: 5,
  ...over,
});

describe("unheardWarning: which runs it reads", () => {
  const claudeCode = dialectOf("claude-code");
  it("reads a warning on stderr at exit 0 with no answer", () => {
    expect(
      unheardWarning(run({ stderr: "⚠ warning: recursive delete" }), claudeCode, "PreToolUse")?.text,
    ).toBe("⚠ warning: recursive delete");
    expect(
      unheardWarning(run({ stderr: "🟡 [中等] 检测到 chmod 777" }), claudeCode, "PreToolUse"),
    ).toBeDefined();
  });

  it.each([
    ["a block-worded message", { stderr: "BLOCKED: rm -rf is not allowed" }],
    ["a warning that names a deny", { stderr: "warning: this would be denied in CI" }],
    ["a log line", { stderr: "[guard] checked 1 command" }],
    ["a tool's own warning", { stderr: "npm WARN deprecated left-pad@1.0.0" }],
    ["exit 2", { stderr: "warning: risky", exitCode: 2 }],
    ["an answer on stdout", { stderr: "warning: risky", stdout: '{"systemMessage":"x"}' }],
    ["a decision", { stderr: "warning: risky", decision: "ask" as const }],
  ])("not %s", (_what, over) => {
    expect(unheardWarning(run(over), claudeCode, "PreToolUse")).toBeUndefined();
  });

  it("not on an event or a harness where stderr at exit 0 is not pinned", () => {
    const r = run({ stderr: "warning: risky" });
    expect(unheardWarning(r, claudeCode, "PostToolUse")).toBeUndefined();
    expect(unheardWarning(r, dialectOf("gemini"), "BeforeTool")).toBeUndefined();
  });
});

describe("audit --run: hook-warning-unheard", () => {
  it("notes a Claude Code guard whose warning goes to stderr at exit 0", async () => {
    const root = repo(claude(guard("⚠ warning: recursive delete, double-check the path")));
    const { findings } = await runDynamicAudit(auditHarness(root), { maxRunMs: 10_000 });
    const hits = findings.filter((f) => f.ruleId === "hook-warning-unheard");
    expect(hits).toHaveLength(1);
    expect(hits[0]?.severity).toBe("note");
    expect(hits[0]?.message).toMatch(
      /to stderr .* exited 0 with no answer: Claude Code puts that in no model request/,
    );
  }, 120_000);

  it("is silent for a block-worded message at exit 0 and for a real block (exit 2)", async () => {
    for (const script of [guard("BLOCKED: rm -rf is not allowed"), guard("warning: recursive delete", 2)]) {
      const root = repo(claude(script));
      const { findings } = await runDynamicAudit(auditHarness(root), { maxRunMs: 10_000 });
      expect(findings.filter((f) => f.ruleId === "hook-warning-unheard")).toEqual([]);
    }
  }, 120_000);
});
