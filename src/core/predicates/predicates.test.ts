import { describe, expect, it } from "vitest";
import { createTrace } from "../trace-builder.js";
import { didHookFire, hookBlocked, hookMatches } from "./hooks.js";
import { outputContains } from "./output.js";
import { skillCalls, skillResolved } from "./skills.js";
import { toolNameMatches } from "./tool-names.js";
import { toolCount, toolUsedWith, usedInOrder, usedTool } from "./tools.js";

const run = createTrace({
  toolCalls: [
    { name: "Read", input: { file_path: "a.ts" } },
    { name: "Edit", input: { file_path: "src/billing.ts" } },
    { name: "Write", input: { file_path: "x" } },
    { name: "Task", id: "t1", input: { subagent_type: "reviewer" } },
    { name: "Grep", parentId: "t1" },
    { name: "mcp__github__merge_pull_request" },
    { name: "Write", input: { file_path: "y" } },
  ],
  output: "All done.",
});

describe("tool predicates", () => {
  it("match names exactly and by pattern", () => {
    expect(usedTool(run, "Read")).toBe(true);
    expect(usedTool(run, "read")).toBe(false);
    expect(usedTool(run, "Bash")).toBe(false);
    expect(usedTool(run, /^mcp__github__merge/)).toBe(true);
    expect(usedTool(run, /^mcp__slack/)).toBe(false);
  });

  it("treat Agent and Task as one tool, by name and by pattern", () => {
    expect(usedTool(run, "Agent")).toBe(true);
    expect(usedTool(run, "Task")).toBe(true);
    expect(usedTool(run, /^Agent$/)).toBe(true);
    expect(toolNameMatches("Agent", "Task")).toBe(true);
    expect(toolNameMatches("Bash", /^Task$/)).toBe(false);
  });

  it("count calls, subagent calls included", () => {
    expect(toolCount(run, "Write")).toBe(2);
    expect(toolCount(run, "Grep")).toBe(1);
    expect(toolCount(run, "Bash")).toBe(0);
  });

  it("test a call's input", () => {
    expect(toolUsedWith(run, "Edit", (i) => i.file_path === "src/billing.ts")).toBe(true);
    expect(toolUsedWith(run, "Edit", (i) => i.file_path === "other.ts")).toBe(false);
    expect(toolUsedWith(run, "Bash", () => true)).toBe(false);
  });

  it("find an ordered subsequence", () => {
    expect(usedInOrder(run, ["Read", "Edit"])).toBe(true);
    expect(usedInOrder(run, ["Read", "Write", "Write"])).toBe(true);
    expect(usedInOrder(run, ["Edit", "Read"])).toBe(false);
    expect(usedInOrder(run, ["Write", "Write", "Write"])).toBe(false);
  });

  it("a global regex gives the same answer every time", () => {
    const re = /Read/g;
    expect(usedTool(run, re)).toBe(true);
    expect(usedTool(run, re)).toBe(true);
  });
});

describe("outputContains", () => {
  it("finds a substring or a pattern in the final answer", () => {
    expect(outputContains(run, "done")).toBe(true);
    expect(outputContains(run, "Done")).toBe(false);
    expect(outputContains(run, /done/i)).toBe(true);
    expect(outputContains(run, /^done/)).toBe(false);
  });
});

describe("skillResolved", () => {
  const launched = (name: string) => ({ text: `Launching skill: ${name}`, isError: false });
  const unknown = { text: "<tool_use_error>Unknown skill: nope</tool_use_error>", isError: true };

  it("accepts the {skill} and the older {command} input", () => {
    expect(
      skillResolved(
        createTrace({
          toolCalls: [{ name: "Skill", input: { skill: "demo:greet" }, result: launched("demo:greet") }],
        }),
        "demo:greet",
      ),
    ).toBe(true);
    expect(
      skillResolved(
        createTrace({ toolCalls: [{ name: "Skill", input: { command: "demo:greet" }, result: "ok" }] }),
        "demo:greet",
      ),
    ).toBe(true);
    expect(
      skillResolved(
        createTrace({ toolCalls: [{ name: "Skill", input: { command: "/greet" }, result: "ok" }] }),
        "greet",
      ),
    ).toBe(true);
  });

  it("matches plugin and bare names both ways, and reads which plugin launched", () => {
    const bareCall = createTrace({
      toolCalls: [{ name: "Skill", input: { skill: "greet" }, result: launched("demo:greet") }],
    });
    expect(skillResolved(bareCall, "demo:greet")).toBe(true);
    expect(skillResolved(bareCall, "greet")).toBe(true);
    expect(skillResolved(bareCall, "other:greet")).toBe(false);
    const pluginCall = createTrace({
      toolCalls: [{ name: "Skill", input: { skill: "demo:greet" }, result: "ok" }],
    });
    expect(skillResolved(pluginCall, "greet")).toBe(true);
    expect(skillResolved(pluginCall, "other:greet")).toBe(false);
    expect(skillResolved(pluginCall, "demo:wave")).toBe(false);
  });

  it("does not count an unknown skill, an error or a call without a result", () => {
    expect(
      skillResolved(
        createTrace({ toolCalls: [{ name: "Skill", input: { skill: "nope" }, result: unknown }] }),
        "nope",
      ),
    ).toBe(false);
    expect(
      skillResolved(
        createTrace({
          toolCalls: [
            { name: "Skill", input: { skill: "x" }, result: { text: "Unknown skill: x", isError: false } },
          ],
        }),
        "x",
      ),
    ).toBe(false);
    expect(skillResolved(createTrace({ toolCalls: [{ name: "Skill", input: { skill: "x" } }] }), "x")).toBe(
      false,
    );
    expect(
      skillResolved(createTrace({ toolCalls: [{ name: "Read", input: { skill: "x" }, result: "ok" }] }), "x"),
    ).toBe(false);
  });

  it("resolves when a later call succeeds after a failed one", () => {
    const t = createTrace({
      toolCalls: [
        { name: "Skill", input: { skill: "greet" }, result: unknown },
        { name: "Skill", input: { skill: "demo:greet" }, result: launched("demo:greet") },
      ],
    });
    expect(skillResolved(t, "demo:greet")).toBe(true);
    expect(skillCalls(t).map((s) => s.resolved)).toEqual([false, true]);
  });
});

describe("hook predicates", () => {
  const hooks = createTrace({
    hooks: [
      { event: "UserPromptSubmit" },
      { event: "PreToolUse", name: "PreToolUse:Edit" },
      { event: "PreToolUse", name: "PreToolUse:Bash", exitCode: 2, blocked: true },
      { event: "PreToolUse", name: "PreToolUse:Agent" },
    ],
  });

  it("match by event or by Event:Subject", () => {
    expect(didHookFire(hooks, "PreToolUse")).toBe(true);
    expect(didHookFire(hooks, "PreToolUse:Edit")).toBe(true);
    expect(didHookFire(hooks, "PreToolUse:Write")).toBe(false);
    expect(didHookFire(hooks, "Stop")).toBe(false);
    expect(didHookFire(hooks, "PreToolUse:Task")).toBe(true);
    expect(
      hookMatches(
        {
          name: "PreToolUse",
          event: "PreToolUse",
          exitCode: 0,
          blocked: false,
          output: "",
          stdout: "",
          stderr: "",
          outcome: "success",
        },
        "PreToolUse:Edit",
      ),
    ).toBe(false);
  });

  it("hookBlocked needs a fire that blocked", () => {
    expect(hookBlocked(hooks, "PreToolUse")).toBe(true);
    expect(hookBlocked(hooks, "PreToolUse:Bash")).toBe(true);
    expect(hookBlocked(hooks, "PreToolUse:Edit")).toBe(false);
    expect(hookBlocked(hooks, "UserPromptSubmit")).toBe(false);
    expect(hookBlocked(hooks)).toBe(true);
  });

  it("answer false when fires were not recorded", () => {
    const none = createTrace();
    expect(didHookFire(none, "PreToolUse")).toBe(false);
    expect(hookBlocked(none)).toBe(false);
  });
});
