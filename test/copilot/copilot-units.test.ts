// Pure parts of the Copilot adapter and of Copilot's hook rules in core: the folding table (each row
// as test/copilot/copilot-harness.test.ts measured it on the real 1.0.102, or as the docs say where
// no run could show it), the tool-name translation both ways, and the settings.hooks translation.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { detectHarness } from "../../src/tools/test-runner/detect-harness.js";
import { foldHookDecision } from "../../src/tiers/run-hook/fold.js";
import { copilotEventRules, copilotHookEvents } from "../../src/adapters/copilot-cli/dialect/rules.js";
import { fromCopilotCall, toCopilotCall } from "../../src/adapters/copilot-cli/dialect/tool-names.js";
import { translateSettingsHooks } from "../../src/adapters/copilot-cli/settings-hooks.js";
import { wrapCopilotHooksFile } from "../../src/adapters/copilot-cli/hook-wrap.js";
import { CopilotUnsupportedError } from "../../src/adapters/copilot-cli/errors.js";
import { portabilityDifferences } from "../../src/adapters/copilot-cli/dialect/audit-rules.js";
import { runHook } from "../../src/tiers/run-hook/run-hook.js";
import { defaultAdapter } from "../../src/tiers/harness/default-adapter.js";
import { copilotAdapter } from "../../src/adapters/copilot-cli/adapter.js";
import { findCopilotManagedSettings } from "../../src/adapters/copilot-cli/managed-settings.js";

const fold = (event: string, exitCode: number | null, stdout = "", timedOut = false) =>
  foldHookDecision({ event, exitCode, stdout, stderr: "why", timedOut, harness: "copilot" });

describe("Copilot hook folding (harness: copilot)", () => {
  test("preToolUse: any non-zero exit denies (measured), a timeout lets the call run (measured)", () => {
    expect(fold("preToolUse", 2)).toMatchObject({ blocked: true, reason: "hook exited with code 2" });
    expect(fold("preToolUse", 1)).toMatchObject({ blocked: true, reason: "hook errored" });
    expect(fold("preToolUse", 126).blocked).toBe(true);
    expect(fold("preToolUse", null, "", true)).toMatchObject({ blocked: false, decidedBy: "timeout" });
  });

  test("preToolUse answers with top-level fields; Claude's hookSpecificOutput is ignored on the camelCase name (measured)", () => {
    const deny = '{"permissionDecision":"deny","permissionDecisionReason":"no"}';
    expect(fold("preToolUse", 0, deny)).toMatchObject({ decision: "deny", blocked: true, reason: "no" });
    const claudeShape =
      '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}';
    const ignored = fold("preToolUse", 0, claudeShape);
    expect(ignored.blocked).toBe(false);
    expect(ignored.warnings?.join(" ")).toMatch(/ignores it on the camelCase event/);
    // The PascalCase name selects the VS Code-compatible variant, which honours it (measured).
    expect(fold("PreToolUse", 0, claudeShape)).toMatchObject({ blocked: true, reason: "no" });
    const modified = fold("preToolUse", 0, '{"permissionDecision":"allow","modifiedArgs":{"command":"ls"}}');
    expect(modified).toMatchObject({ decision: "allow", updatedInput: { command: "ls" } });
    expect(fold("preToolUse", 0, '{"permissionDecision":"block"}').decision).toBe("invalid");
  });

  test("other events: exit 2 is logged and skipped; permissionRequest denies on any non-zero exit (measured)", () => {
    expect(fold("postToolUse", 2).blocked).toBe(false);
    expect(fold("agentStop", 2).blocked).toBe(false);
    expect(fold("permissionRequest", 2)).toMatchObject({
      blocked: true,
      reason: "Permission denied by hook.",
    });
    expect(fold("permissionRequest", 1)).toMatchObject({
      blocked: true,
      reason: "Permission request hook failed",
    });
    expect(fold("permissionRequest", null, "", true).blocked).toBe(false);
    expect(fold("permissionRequest", 0, '{"behavior":"allow"}')).toMatchObject({ decision: "allow" });
    expect(fold("permissionRequest", 0, '{"behavior":"deny","message":"m"}')).toMatchObject({
      blocked: true,
      reason: "m",
    });
    expect(fold("agentStop", 0, '{"decision":"block","reason":"go on"}')).toMatchObject({
      blocked: true,
      reason: "go on",
    });
    expect(fold("postToolUse", 0, '{"decision":"block"}').decision).toBe("invalid");
  });

  test("an unknown event (a Claude name Copilot lacks) says so", () => {
    expect(fold("PostToolBatch", 0).warnings?.[0]).toMatch(/no hook event named "PostToolBatch"/);
    expect(copilotEventRules("Stop")).toBe(copilotEventRules("agentStop"));
    expect(copilotHookEvents()).toContain("userPromptSubmitted");
  });

  test("Claude Code's folding is unchanged by the Copilot table", () => {
    expect(
      foldHookDecision({ event: "PostToolUse", exitCode: 1, stdout: "", stderr: "", timedOut: false })
        .blocked,
    ).toBe(false);
  });
});

describe("tool names", () => {
  test("Claude names become Copilot's tools and come back", () => {
    const write = toCopilotCall({ tool: "Write", input: { file_path: "a.md", content: "x" } });
    expect(write).toEqual({ tool: "create", input: { path: "a.md", file_text: "x" } });
    expect(fromCopilotCall(write.tool, write.input)).toEqual({
      name: "Write",
      input: { file_path: "a.md", content: "x" },
    });
    const bash = toCopilotCall({ tool: "Bash", input: { command: "ls" } });
    expect(bash).toEqual({ tool: "bash", input: { command: "ls", description: "ls" } });
    expect(
      toCopilotCall({ tool: "Task", input: { subagent_type: "explore", prompt: "p" } }).input,
    ).toMatchObject({
      agent_type: "explore",
      prompt: "p",
    });
    expect(toCopilotCall({ tool: "sql", input: { q: 1 } })).toEqual({ tool: "sql", input: { q: 1 } });
    // Skill takes the same `{skill}` input under Copilot's name, and comes back as Skill (skill() reads it).
    expect(toCopilotCall({ tool: "Skill", input: { skill: "greet" } })).toEqual({
      tool: "skill",
      input: { skill: "greet" },
    });
    expect(fromCopilotCall("skill", { skill: "greet" })).toEqual({
      name: "Skill",
      input: { skill: "greet" },
    });
  });
});

describe("settings.hooks translation and recording", () => {
  test("a Claude PreToolUse group keeps its event name, matcher and timeout (seconds both)", () => {
    const out = translateSettingsHooks({
      PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "sh g.sh", timeout: 5 }] }],
    });
    expect(out).toEqual({
      version: 1,
      hooks: {
        PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", bash: "sh g.sh", timeoutSec: 5 }] }],
      },
    });
  });

  test("an event or handler that does not carry over is refused by name", () => {
    expect(() => translateSettingsHooks({ PostToolBatch: [{ hooks: [] }] })).toThrow(CopilotUnsupportedError);
    expect(() =>
      translateSettingsHooks({ PreToolUse: [{ hooks: [{ type: "http", url: "http://x" }] }] }),
    ).toThrow(/only command hooks carry over/);
  });

  test("every command of a hooks file runs through the recorder", () => {
    const text = wrapCopilotHooksFile(
      JSON.stringify({
        version: 1,
        hooks: { preToolUse: [{ type: "command", bash: "./g.sh", timeoutSec: 3 }] },
      }),
      ".github/hooks/g.json",
      { script: "/t/rec.sh", firesDir: "/t/fires" },
    );
    const parsed = JSON.parse(text) as { hooks: { preToolUse: { bash: string; timeoutSec: number }[] } };
    expect(parsed.hooks.preToolUse[0]).toEqual({
      type: "command",
      bash: "'/bin/sh' '/t/rec.sh' '/t/fires' 'preToolUse' '' './g.sh'",
      timeoutSec: 3,
    });
  });
});

describe("runHook(…, { harness: 'copilot' })", () => {
  test("sends Copilot's camelCase payload and folds with Copilot's rules", () => {
    const event = { hook_event_name: "preToolUse", tool_name: "Bash", tool_input: { command: "rm -rf /" } };
    const guard = "cat; echo 'no' >&2; exit 1";
    const r = runHook(guard, event, { harness: "copilot" });
    const sent = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(sent).toMatchObject({ toolName: "bash", toolArgs: { command: "rm -rf /" } });
    expect(typeof sent["timestamp"]).toBe("number");
    // Exit 1 is a non-blocking error under Claude Code, and a deny under Copilot's preToolUse.
    expect(r.blocked).toBe(true);
    expect(runHook(guard, { ...event, hook_event_name: "PreToolUse" }).blocked).toBe(false);
  });

  test("a PascalCase name keeps the snake_case payload; exit 2 on postToolUse does not block", () => {
    const pascal = runHook(
      "cat",
      { hook_event_name: "PreToolUse", tool_name: "Bash" },
      { harness: "copilot" },
    );
    expect(JSON.parse(pascal.stdout)).toMatchObject({ hook_event_name: "PreToolUse", tool_name: "Bash" });
    const post = runHook(
      "exit 2",
      { hook_event_name: "postToolUse", tool_name: "Bash" },
      { harness: "copilot" },
    );
    expect(post.blocked).toBe(false);
  });
});

describe("harness selection", () => {
  test("VIGILES_HARNESS=copilot picks the Copilot adapter", async () => {
    expect(await defaultAdapter({ VIGILES_HARNESS: "copilot" })).toBe(copilotAdapter);
  });
});

describe("vigiles test's harness detection", () => {
  test("a repository with .github/hooks and no Claude or Codex markers is a Copilot one", () => {
    const root = mkdtempSync(join(tmpdir(), "vigiles-detect-"));
    try {
      mkdirSync(join(root, ".github", "hooks"), { recursive: true });
      writeFileSync(join(root, "AGENTS.md"), "be brief\n");
      expect(detectHarness(root)).toEqual({ harness: "copilot-cli", evidence: [".github/hooks"] });
      mkdirSync(join(root, ".claude"));
      expect(detectHarness(root).harness).toBe("claude-code");
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("portability of one guard across Claude Code and Copilot", () => {
  test("names each verdict that means different things on the two harnesses", () => {
    expect(portabilityDifferences("set -e\ngrep -q x", "PreToolUse", "preToolUse")).toEqual([
      "an error exit (exit 1, set -e) lets the call through under Claude Code and denies it under Copilot",
    ]);
    expect(portabilityDifferences("exit 2", "Stop", "agentStop")[0]).toMatch(
      /blocks nothing on Copilot's agentStop/,
    );
    expect(portabilityDifferences('{"hookSpecificOutput":{}}', "PreToolUse", "preToolUse")[0]).toMatch(
      /ignored/,
    );
    expect(portabilityDifferences('{"hookSpecificOutput":{}}', "PreToolUse", "PreToolUse")).toEqual([]);
    expect(portabilityDifferences("exit 2", "PreToolUse", "preToolUse")).toEqual([]);
    // permissionRequest denies on any non-zero exit under Copilot (measured), not under Claude Code.
    expect(portabilityDifferences("exit 1", "PermissionRequest", "permissionRequest")).toEqual([
      "an error exit (exit 1, set -e) lets the call through under Claude Code and denies it under Copilot",
    ]);
  });
});

describe("managed settings (/etc/github-copilot)", () => {
  test("any managed-settings.json or policy.d file refuses an unconfined run; none, nothing", () => {
    const dir = mkdtempSync(join(tmpdir(), "vigiles-copilot-managed-"));
    try {
      expect(findCopilotManagedSettings(join(dir, "absent"))).toEqual([]);
      writeFileSync(join(dir, "managed-settings.json"), "{}");
      mkdirSync(join(dir, "policy.d"));
      writeFileSync(join(dir, "policy.d", "10-hooks.json"), "{}");
      const found = findCopilotManagedSettings(dir);
      expect(found).toHaveLength(2);
      expect(found[1]).toContain(join(dir, "policy.d", "10-hooks.json"));
      expect(copilotAdapter.findManagedRouting).toBeTypeOf("function");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
