import { describe, expect, it } from "vitest";
import { permissionRuleMatches, splitCommand } from "../../core/hook-config/if-rule.js";
import { testMatcher } from "../../core/hook-config/matcher.js";
import { InvalidHooksConfigError, parseHooksConfig } from "../../core/hook-config/parse.js";
import { selectHandlers } from "./harness-rules.js";

describe("testMatcher", () => {
  it.each([
    [undefined, "Bash", true],
    ["", "Anything", true],
    ["*", "Bash", true],
    ["Bash", "Bash", true],
    ["Bash", "bash", false],
    ["Bash", "BashOutput", false], // exact names, not a substring
    ["Edit|Write", "Write", true],
    ["Edit,Write", "Write", true],
    ["Edit | Write", "Write", true],
    ["Agent|Task", "Task", true],
    ["Edit|Write", "MultiEdit", false],
    ["mcp__.*", "mcp__github__merge", true],
    ["Bas.", "xBashy", true], // unanchored regex
    ["^Bash$", "Bash", true],
    ["^Bash$", "BashOutput", false],
    ["Notebook.*", "NotebookEdit", true],
  ])("matcher %j vs %j -> %s", (matcher, subject, want) => {
    expect(testMatcher(matcher, subject).matches).toBe(want);
  });

  it("an invalid regex never matches and says so", () => {
    const v = testMatcher("Bash(", "Bash(");
    expect(v).toMatchObject({ matches: false, kind: "regex" });
    expect(v.error).toBeTruthy();
  });
});

describe("permissionRuleMatches (if:)", () => {
  const ctx = { cwd: "/repo", home: "/home/u" };
  const bash = (rule: string, command: string) =>
    permissionRuleMatches(rule, "Bash", { command }, ctx).matches;

  it("Bash prefix rules", () => {
    expect(bash("Bash(git push:*)", "git push -f origin main")).toBe(true);
    expect(bash("Bash(git push:*)", "git push")).toBe(true);
    expect(bash("Bash(git push:*)", "git status")).toBe(false);
    expect(bash("Bash(git push *)", "git pushx")).toBe(false);
    expect(bash("Bash(git push:*)", "cd x && git push --force")).toBe(true);
    expect(bash("Bash(rm *)", "ls; rm -rf /")).toBe(true);
    expect(bash("Bash(npm run *)", "npm test")).toBe(false);
    expect(bash("Bash(git * main)", "git push origin main")).toBe(true);
    expect(bash("Bash", "anything")).toBe(true);
    expect(bash("Bash(ls)", "ls")).toBe(true);
    expect(bash("Bash(ls)", "ls -la")).toBe(false);
    expect(permissionRuleMatches("Bash(ls)", "Edit", { file_path: "/repo/x" }, ctx).matches).toBe(false);
  });

  it("Edit(src/**) is anchored at cwd since 2.1.214; **/src/** matches any depth", () => {
    const edit = (rule: string, file_path: string) =>
      permissionRuleMatches(rule, "Edit", { file_path }, ctx).matches;
    expect(edit("Edit(src/**)", "/repo/src/a/b.ts")).toBe(true);
    expect(edit("Edit(src/**)", "/repo/pkg/src/b.ts")).toBe(false);
    expect(edit("Edit(**/src/**)", "/repo/pkg/src/b.ts")).toBe(true);
    expect(edit("Edit(src/**)", "src/rel.ts")).toBe(true);
    expect(edit("Edit(*.ts)", "/repo/deep/x.ts")).toBe(true);
    expect(edit("Edit(*.ts)", "/repo/deep/x.js")).toBe(false);
    expect(edit("Edit(//etc/**)", "/etc/passwd")).toBe(true);
    expect(edit("Edit(~/.ssh/**)", "/home/u/.ssh/id_rsa")).toBe(true);
    expect(edit("Edit(src/**)", "/elsewhere/src/x.ts")).toBe(false);
    expect(edit("Edit(.env)", "/repo/.env")).toBe(true);
  });

  it("WebFetch domains, Skill and Agent names, unknown content", () => {
    expect(
      permissionRuleMatches(
        "WebFetch(domain:example.com)",
        "WebFetch",
        { url: "https://api.example.com/x" },
        ctx,
      ).matches,
    ).toBe(true);
    expect(
      permissionRuleMatches("WebFetch(domain:example.com)", "WebFetch", { url: "https://example.org" }, ctx)
        .matches,
    ).toBe(false);
    expect(permissionRuleMatches("Skill(demo:*)", "Skill", { skill: "demo:greet" }, ctx).matches).toBe(true);
    expect(permissionRuleMatches("Task(reviewer)", "Agent", { subagent_type: "reviewer" }, ctx).matches).toBe(
      true,
    );
    expect(permissionRuleMatches("mcp__github", "mcp__github__merge", {}, ctx).matches).toBe(true);
    const unknown = permissionRuleMatches("WebSearch(cats)", "WebSearch", { query: "cats" }, ctx);
    expect(unknown.matches).toBe(false);
    expect(unknown.reason).toMatch(/does not know/);
  });

  it("splitCommand respects quotes", () => {
    expect(splitCommand(`echo "a && b"; (rm -rf x) | cat`)).toEqual([`echo "a && b"`, "rm -rf x", "cat"]);
  });
});

describe("parseHooksConfig", () => {
  const group = { matcher: "Bash", hooks: [{ type: "command", command: "./guard.sh", timeout: 5 }] };

  it("reads settings.json, a hooks object, a described hooks.json and a single group", () => {
    const want = { PreToolUse: [group] };
    expect(parseHooksConfig({ hooks: want, permissions: {} })).toEqual(want);
    expect(parseHooksConfig(want)).toEqual(want);
    expect(parseHooksConfig({ description: "guards", hooks: want })).toEqual(want);
    expect(parseHooksConfig(JSON.stringify({ hooks: want }))).toEqual(want);
    expect(parseHooksConfig(group, "PreToolUse")).toEqual(want);
  });

  it("names the bad field", () => {
    expect(() =>
      parseHooksConfig({ hooks: { PreToolUse: [{ hooks: [{ type: "shell", command: "x" }] }] } }),
    ).toThrow(/PreToolUse\.0\.hooks\.0\.type/);
    expect(() => parseHooksConfig({ PreToolUse: [{ hooks: [{ type: "command" }] }] })).toThrow(
      InvalidHooksConfigError,
    );
    expect(() => parseHooksConfig(group)).toThrow(/needs the event/);
    expect(() => parseHooksConfig("{oops")).toThrow(/not valid JSON/);
  });
});

describe("selectHandlers", () => {
  const config = parseHooksConfig({
    hooks: {
      PreToolUse: [
        {
          matcher: "Bash",
          hooks: [
            { type: "command", command: "a" },
            { type: "command", command: "b", if: "Bash(git push:*)" },
          ],
        },
        { matcher: "Edit|Write", hooks: [{ type: "command", command: "c", if: "Edit(src/**)" }] },
        { hooks: [{ type: "command", command: "d" }] },
      ],
      Stop: [{ matcher: "ignored", hooks: [{ type: "command", command: "s", if: "Bash(x)" }] }],
    },
  });

  it("selects by matcher and if:, with reasons", () => {
    const sel = selectHandlers(config, {
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command: "git status" },
      cwd: "/repo",
    });
    expect(sel.map((s) => [s.at, s.selected])).toEqual([
      ["PreToolUse[0].hooks[0]", true],
      ["PreToolUse[0].hooks[1]", false],
      ["PreToolUse[1].hooks[0]", false],
      ["PreToolUse[2].hooks[0]", true],
    ]);
    expect(sel[1]?.reason).toMatch(/Bash\(git push:\*\) matches no part/);
    expect(sel[2]?.reason).toMatch(/exact names: Edit, Write\) does not match tool_name "Bash"/);

    const push = selectHandlers(config, {
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command: "git push -f" },
    });
    expect(push[1]?.selected).toBe(true);

    const edit = selectHandlers(config, {
      hook_event_name: "PreToolUse",
      tool_name: "Edit",
      tool_input: { file_path: "/repo/src/x.ts" },
      cwd: "/repo",
    });
    expect(edit.filter((s) => s.selected).map((s) => s.handler.command)).toEqual(["c", "d"]);
  });

  it("events without a matcher subject ignore the matcher and if:", () => {
    const sel = selectHandlers(config, { hook_event_name: "Stop", stop_hook_active: false });
    expect(sel).toHaveLength(1);
    expect(sel[0]?.selected).toBe(true);
    expect(sel[0]?.reason).toMatch(/no matcher subject.*ignored.*not a tool event/);
  });

  it("an event with no registrations selects nothing", () => {
    expect(selectHandlers(config, { hook_event_name: "SessionStart", source: "startup" })).toEqual([]);
  });
});
