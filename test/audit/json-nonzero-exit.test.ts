/**
 * JSON printed before a non-zero exit other than 2 (a guard under `set -euo pipefail` that prints its
 * answer, then a later command fails), issue 35. What each pinned CLI really does, measured here:
 * - GitHub Copilot CLI 1.0.102 reads no stdout on exit 1: preToolUse denies the call "(hook errored)"
 *   whatever the JSON says (an allow blocks, a deny's reason is lost); the additionalContext of a
 *   userPromptSubmitted or postToolUse hook never reaches the model.
 * - Claude Code 2.1.328 still reads the JSON on exit 1 (and 3): a permissionDecision deny or a legacy
 *   decision block blocks the call with its reason ("PreToolUse:Bash hook error: <reason>"), and a
 *   UserPromptSubmit's additionalContext reaches the model; stderr alone on exit 1 lets the call run.
 * - Gemini CLI 0.61.0 parses stdout whatever the exit code (test/gemini/gemini-harness.test.ts, "a
 *   JSON deny counts on exit 1 too").
 * The folds say the same, and `exit2-json-ignored` reads the fold: reported where the JSON is lost
 * (Copilot, and exit 2 on Claude Code), not where it is read.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { copilotAdapter } from "../../src/adapters/copilot-cli/adapter.js";
import { requestContains } from "../../src/tiers/harness/availability.js";
import { runHarnessTest } from "../../src/tiers/harness/run-harness-test.js";
import { foldHookDecision } from "../../src/tiers/run-hook/fold.js";
import { auditHarness } from "../../src/tools/audit/static-audit.js";

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function repo(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "vigiles-json-exit-"));
  dirs.push(root);
  for (const [rel, text] of Object.entries(files)) {
    const path = join(root, rel);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  }
  return root;
}

/** Answers by the call's command, each answer printed and then followed by `exit <code>`. */
const guard = (cases: Record<string, { json?: unknown; stderr?: string; code: number }>) =>
  [
    "#!/bin/bash",
    "p=$(cat)",
    'case "$p" in',
    ...Object.entries(cases).map(
      ([word, c]) =>
        `  *'${word}'*) ${c.json !== undefined ? `echo '${JSON.stringify(c.json)}'; ` : ""}${c.stderr !== undefined ? `echo '${c.stderr}' >&2; ` : ""}exit ${c.code} ;;`,
    ),
    "esac",
    "exit 0",
    "",
  ].join("\n");

describe("JSON before a non-zero exit, real CLIs", () => {
  test("Copilot CLI: exit 1 denies a preToolUse call whatever the JSON says, and drops additionalContext", async () => {
    const r = await runHarnessTest(
      {
        prompt: "go",
        model: [
          { tool: "Bash", input: { command: "touch ALLOWED" } },
          { tool: "Bash", input: { command: "touch DENIED" } },
          { tool: "Bash", input: { command: "touch PLAIN" } },
          { text: "done" },
        ],
        files: {
          ".github/hooks/g.json": JSON.stringify({
            version: 1,
            hooks: {
              preToolUse: [{ type: "command", bash: "bash ./guard.sh", timeoutSec: 10 }],
              userPromptSubmitted: [
                {
                  type: "command",
                  bash: `cat >/dev/null; echo '{"additionalContext":"CTX-PROMPT-EXIT1"}'; exit 1`,
                },
              ],
              postToolUse: [
                {
                  type: "command",
                  bash: `cat >/dev/null; echo '{"additionalContext":"CTX-POST-EXIT1"}'; exit 1`,
                },
              ],
            },
          }),
          "guard.sh": guard({
            "touch ALLOWED": { json: { permissionDecision: "allow" }, code: 1 },
            "touch DENIED": {
              json: { permissionDecision: "deny", permissionDecisionReason: "REASON-EXIT1" },
              code: 1,
            },
          }),
        },
        sandbox: false,
        allowHookCrashes: true,
      },
      { adapter: copilotAdapter },
    );
    try {
      expect(r.file("ALLOWED")).toBeNull();
      expect(r.file("DENIED")).toBeNull();
      expect(r.file("PLAIN")).toBe("");
      const errored = /^Denied by preToolUse hook from "\.github\/hooks\/g\.json" \(hook errored\)/;
      expect(r.toolCalls[0]?.result?.text).toMatch(errored);
      expect(r.toolCalls[1]?.result?.text).toMatch(errored);
      for (const lost of ["REASON-EXIT1", "CTX-PROMPT-EXIT1", "CTX-POST-EXIT1"])
        expect(requestContains(r, lost)).toBe(false);
      // The fold agrees: denied by the exit, the JSON unread.
      const folded = foldHookDecision({
        event: "preToolUse",
        exitCode: 1,
        stdout: '{"permissionDecision":"allow"}',
        stderr: "",
        timedOut: false,
        harness: "copilot-cli",
      });
      expect(folded).toMatchObject({ decision: "deny", blocked: true, decidedBy: "exit-code" });
    } finally {
      r.cleanup();
    }
  }, 240_000);

  test("Claude Code: the JSON is still read on exit 1 and 3; stderr alone on exit 1 lets the call run", async () => {
    const specific = (reason: string) => ({
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: "deny",
        permissionDecisionReason: reason,
      },
    });
    const r = await runHarnessTest({
      prompt: "go",
      model: [
        { tool: "Bash", input: { command: "touch SPECIFIC" } },
        { tool: "Bash", input: { command: "touch LEGACY" } },
        { tool: "Bash", input: { command: "touch STDERR" } },
        { tool: "Bash", input: { command: "touch EXIT3" } },
        { text: "done" },
      ],
      files: {
        "guard.sh": guard({
          "touch SPECIFIC": { json: specific("REASON-A"), code: 1 },
          "touch LEGACY": { json: { decision: "block", reason: "REASON-B" }, code: 1 },
          "touch STDERR": { stderr: "REASON-C", code: 1 },
          "touch EXIT3": { json: specific("REASON-D"), code: 3 },
        }),
      },
      settings: {
        hooks: {
          PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "bash {cwd}/guard.sh" }] }],
          UserPromptSubmit: [
            {
              hooks: [
                {
                  type: "command",
                  command: `cat >/dev/null; echo '{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"CTX-PROMPT-EXIT1"}}'; exit 1`,
                },
              ],
            },
          ],
        },
      },
      sandbox: false,
      allowHookCrashes: true,
    });
    try {
      expect(r.file("SPECIFIC")).toBeNull();
      expect(r.file("LEGACY")).toBeNull();
      expect(r.file("EXIT3")).toBeNull();
      expect(r.file("STDERR")).toBe("");
      expect(r.toolCalls.map((c) => c.result?.text)).toEqual([
        "PreToolUse:Bash hook error: REASON-A",
        "PreToolUse:Bash hook error: REASON-B",
        expect.any(String),
        "PreToolUse:Bash hook error: REASON-D",
      ]);
      expect(requestContains(r, "CTX-PROMPT-EXIT1")).toBe(true);
      // The fold agrees.
      const folded = foldHookDecision({
        event: "PreToolUse",
        exitCode: 1,
        stdout: JSON.stringify(specific("REASON-A")),
        stderr: "",
        timedOut: false,
      });
      expect(folded).toMatchObject({ decision: "deny", blocked: true, reason: "REASON-A" });
    } finally {
      r.cleanup();
    }
  }, 240_000);
});

describe("exit2-json-ignored reads the fold", () => {
  const allowThenExit1 = guard({ "git status": { json: { permissionDecision: "allow" }, code: 1 } });

  test("Copilot CLI: a .github/hooks guard that prints an allow and exits 1 is reported, with the deny it causes", () => {
    const root = repo({
      ".github/hooks/g.json": JSON.stringify({
        version: 1,
        hooks: { preToolUse: [{ type: "command", bash: "bash .github/hooks/guard.sh" }] },
      }),
      ".github/hooks/guard.sh": allowThenExit1,
    });
    const f = auditHarness(root).findings.filter((x) => x.ruleId === "exit2-json-ignored");
    expect(f.map((x) => x.message)).toEqual([
      expect.stringMatching(
        /followed by exit 1 .*: on exit 1 GitHub Copilot CLI ignores stdout and denies the call as a hook error/,
      ),
    ]);
  });

  test("Claude Code and Gemini CLI, which read the JSON on exit 1: not reported", () => {
    const claude = repo({
      ".claude/settings.json": JSON.stringify({
        hooks: {
          PreToolUse: [
            { matcher: "Bash", hooks: [{ type: "command", command: '"$CLAUDE_PROJECT_DIR/guard.sh"' }] },
          ],
        },
      }),
      "guard.sh": guard({
        "git status": {
          json: { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny" } },
          code: 1,
        },
      }),
    });
    const gemini = repo({
      ".gemini/settings.json": JSON.stringify({
        hooks: {
          BeforeTool: [
            {
              matcher: "run_shell_command",
              hooks: [{ type: "command", command: "bash $GEMINI_PROJECT_DIR/guard.sh" }],
            },
          ],
        },
      }),
      "guard.sh": guard({ "git status": { json: { decision: "deny", reason: "no" }, code: 1 } }),
    });
    for (const root of [claude, gemini]) {
      const report = auditHarness(root);
      expect(report.registrations.length).toBeGreaterThan(0);
      expect(report.findings.map((f) => f.ruleId)).not.toContain("exit2-json-ignored");
    }
  });
});
