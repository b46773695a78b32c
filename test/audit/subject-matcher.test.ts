/**
 * `matcher-matches-nothing` on events whose matcher is compared with something other than a tool
 * name (the dialect's `matcherSubject`): a value outside the subject's listed values, or a hook
 * event's name (`Stop` on SubagentStop, which compares the agent type; pinned by a real run in
 * test/harness/audit-rule-pins.test.ts). Names the audit cannot check (custom agents) are left alone.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { dialectOf } from "../../src/adapters/registry.js";
import type { HookRegistration } from "../../src/core/audit/hooks-config.js";
import { checkSubjectMatcher } from "../../src/core/audit/rules/hook-matcher.js";
import { auditHarness } from "../../src/tools/audit/static-audit.js";

function check(harness: string, event: string, matcher: string): string[] {
  const at = { line: 1, column: 1 };
  const reg: HookRegistration = {
    file: "settings.json",
    harness: harness as HookRegistration["harness"],
    dialect: dialectOf(harness),
    event,
    eventRange: at,
    matcher,
    matcherRange: at,
    type: "command",
    command: "true",
    handlerRange: at,
  };
  return checkSubjectMatcher(reg).map((f) => `${f.ruleId}: ${f.message}`);
}

describe("a matcher that names a hook event", () => {
  it("on SubagentStop (the agent type) never runs", () => {
    expect(check("claude-code", "SubagentStop", "Stop")).toEqual([
      'matcher-matches-nothing: Matcher "Stop" names the hook event "Stop", but SubagentStop compares its matcher with `agent_type`, which is never an event\'s name: the hook never runs.',
    ]);
    expect(check("claude-code", "SubagentStop", "SubagentStop")).toHaveLength(1);
    expect(check("claude-code", "SubagentStart", "PreToolUse")).toHaveLength(1);
    expect(check("claude-code", "Notification", "Stop")).toHaveLength(1);
  });

  it("as one entry of a list, that entry never matches", () => {
    expect(check("claude-code", "SubagentStop", "reviewer|Stop")).toEqual([
      expect.stringMatching(/names the hook event "Stop".*: "Stop" never matches\.$/),
    ]);
  });

  it("on every harness that compares the name exactly (Codex), not where it is an unanchored regex (Qwen Code)", () => {
    expect(check("codex", "SubagentStop", "Stop")).toHaveLength(1);
    // Qwen Code 0.24.4 reads a lone word as an unanchored regex: "Stop" matches an agent "StopGuard".
    expect(check("qwen-code", "SubagentStop", "Stop")).toEqual([]);
  });

  it("leaves names the audit cannot check alone: custom agents, built-in agents, tool names, regexes", () => {
    for (const matcher of ["my-reviewer", "Explore", "general-purpose", "Task", "Agent", "Stop.*", "*", ""])
      expect(check("claude-code", "SubagentStop", matcher), matcher).toEqual([]);
    expect(check("claude-code", "Notification", "permission_prompt")).toEqual([]);
    expect(check("claude-code", "Notification", "some_future_type")).toEqual([]);
  });

  it("leaves tool events and events without a subject to their own rules", () => {
    expect(check("claude-code", "PreToolUse", "Stop")).toEqual([]);
    expect(check("claude-code", "Stop", "SubagentStop")).toEqual([]);
  });
});

describe("a matcher outside the subject's listed values", () => {
  it("SessionStart, PreCompact: another case or an event name matches no source or trigger", () => {
    expect(check("claude-code", "SessionStart", "Startup")).toEqual([
      'matcher-matches-nothing: SessionStart compares its matcher with `source`, one of startup, resume, clear, compact, fork: "Startup" matches none of them, so the hook never runs.',
    ]);
    expect(check("claude-code", "SessionStart", "Stop")).toEqual([
      expect.stringMatching(/matches none of them \("Stop" names a hook event\), so the hook never runs/),
    ]);
    expect(check("claude-code", "PreCompact", "Manual")).toHaveLength(1);
    expect(check("qwen-code", "PreCompact", "PreCompact")).toHaveLength(1);
  });

  it("is silent when any value matches, as the harness compares it", () => {
    for (const matcher of ["startup", "resume|clear|compact|fork", "^(start|res)", "*"])
      expect(check("claude-code", "SessionStart", matcher), matcher).toEqual([]);
    // The hook runs on startup; only its "Stop" entry is dead.
    expect(check("claude-code", "SessionStart", "startup|Stop")).toEqual([
      expect.stringMatching(/"Stop" never matches\.$/),
    ]);
    expect(check("claude-code", "PreCompact", "auto")).toEqual([]);
  });
});

describe("through the audit", () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  const audit = (files: Record<string, string>) => {
    const root = mkdtempSync(join(tmpdir(), "vigiles-subject-matcher-"));
    dirs.push(root);
    for (const [rel, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, rel)), { recursive: true });
      writeFileSync(join(root, rel), text);
    }
    return auditHarness(root).findings.filter((f) => f.ruleId === "matcher-matches-nothing");
  };

  it("reports a Gemini CLI hook file's SessionStart matcher naming an event (its own-rule path)", () => {
    const found = audit({
      ".gemini/settings.json": JSON.stringify({
        hooks: { SessionStart: [{ matcher: "AfterAgent", hooks: [{ type: "command", command: "true" }] }] },
      }),
    });
    expect(found.map((f) => f.message)).toEqual([
      expect.stringMatching(
        /names the hook event "AfterAgent", but SessionStart compares its matcher with `source`/,
      ),
    ]);
  });
});
