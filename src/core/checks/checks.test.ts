import { describe, expect, it } from "vitest";
import { AssertionFailedError, InvalidOptionError, VacuousAssertionError } from "../errors.js";
import type { HookRunResult } from "../hook-decision/types.js";
import { createTrace } from "../trace-builder.js";
import { assertChecks, evaluateChecks } from "./assert-checks.js";
import { checkFromJSON } from "./from-json.js";
import { allowed, blocked } from "./hook-checks.js";
import { hookFired } from "./hook-fired.js";
import { turns, wrote } from "./run-checks.js";
import { subagent } from "./subagent.js";
import { output, received } from "./text-checks.js";
import { isMcpToolName, mcp, skill, tool } from "./tool-checks.js";
import type { Check } from "./types.js";
import { cost, latency, tokens } from "./usage-checks.js";

function hookRun(over: Partial<HookRunResult> = {}): HookRunResult {
  return {
    event: "PreToolUse",
    decision: "deny",
    blocked: true,
    decidedBy: "exit-code",
    halted: false,
    exitCode: 2,
    signal: null,
    stdout: "",
    stderr: "no force-push",
    timedOut: false,
    truncated: false,
    durationMs: 12,
    ...over,
  };
}

const run = createTrace({
  toolCalls: [
    { name: "Read", input: { file_path: "a.ts" } },
    { name: "Skill", input: { skill: "demo:greet" }, result: "Launching skill: demo:greet" },
    {
      name: "Skill",
      input: { skill: "nope" },
      result: { text: "<tool_use_error>Unknown skill: nope", isError: true },
    },
    {
      name: "Agent",
      id: "a1",
      input: { subagent_type: "reviewer", prompt: "review" },
      result: "LGTM, 2 nits",
    },
    { name: "Grep", parentId: "a1" },
    { name: "Agent", id: "a2", input: { subagent_type: "reviewer" }, parentId: "a1", result: "nested" },
    { name: "Read", parentId: "a2" },
    { name: "mcp__plugin_tools_github__merge_pull_request" },
    { name: "Bash", input: { command: "ls" } },
  ],
  hooks: [
    { event: "UserPromptSubmit" },
    { event: "PreToolUse", name: "PreToolUse:Bash", exitCode: 2, blocked: true, stderr: "nope" },
  ],
  output: "All done.",
  modelRequests: [
    { sideChannel: true, messages: ["title please: SECRET-SIDE"] },
    {
      system: "You are Claude. <injected-rule>",
      messages: ["hello", { role: "user", text: "tool result <ctx>42</ctx>" }],
    },
    { messages: ["more"] },
  ],
  usage: { costUsd: 0.02, durationMs: 1500, inputTokens: 1000, outputTokens: 200 },
  filesWritten: ["DONE"],
  files: { DONE: "yes", "pre-existing.txt": "x" },
});

const bare = createTrace({ toolCalls: [{ name: "Edit" }], files: { "pre-existing.txt": "x" } });

function verdict(check: Check, subject: Parameters<Check["evaluate"]>[0] = run) {
  return check.evaluate(subject);
}

describe("tool, skill, mcp", () => {
  it("tool holds for a used tool and names the tools used when it fails", () => {
    expect(verdict(tool("Bash")).pass).toBe(true);
    expect(verdict(tool(/^mcp__/)).pass).toBe(true);
    const miss = verdict(tool("Write"));
    expect(miss.pass).toBe(false);
    expect(miss.message).toBe(
      'expected the agent to use tool "Write", but it used [Read, Skill, Skill, Agent, Grep, Agent, Read, mcp__plugin_tools_github__merge_pull_request, Bash]',
    );
    expect(verdict(tool("Bash"), createTrace()).message).toContain("it used no tools");
  });

  it("skill holds only for a resolved skill and lists the Skill calls otherwise", () => {
    expect(verdict(skill("demo:greet")).pass).toBe(true);
    expect(verdict(skill("greet")).pass).toBe(true);
    const unknown = verdict(skill("nope"));
    expect(unknown.pass).toBe(false);
    expect(unknown.message).toContain("every call for it failed");
    expect(unknown.message).toContain("Unknown skill");
    const absent = verdict(skill("other:thing"));
    expect(absent.message).toContain("Skill calls: [demo:greet, nope (error");
    expect(verdict(skill("x"), bare).message).toContain("no Skill call was made");
  });

  it("mcp matches plain and plugin server names", () => {
    expect(isMcpToolName("mcp__github__merge", "github", "merge")).toBe(true);
    expect(isMcpToolName("mcp__plugin_tools_github__merge", "github", "merge")).toBe(true);
    expect(isMcpToolName("mcp__plugin_my_tools_git_hub__merge", "git_hub", "merge")).toBe(true);
    expect(isMcpToolName("mcp__gitlab__merge", "github", "merge")).toBe(false);
    expect(isMcpToolName("mcp__github__merge_all", "github", "merge")).toBe(false);
    expect(isMcpToolName("mcp__github__merge_all", "github")).toBe(true);
    expect(verdict(mcp("github", "merge_pull_request")).pass).toBe(true);
    expect(verdict(mcp("github")).pass).toBe(true);
    expect(verdict(mcp("slack", "post")).message).toContain(
      "expected the agent to use MCP tool mcp__slack__post",
    );
  });

  it("rejects empty names up front", () => {
    expect(() => tool("")).toThrow(InvalidOptionError);
    expect(() => skill("  ")).toThrow(InvalidOptionError);
    expect(() => mcp("", "x")).toThrow(InvalidOptionError);
  });
});

describe("output, received", () => {
  it("output quotes the answer when it fails", () => {
    expect(verdict(output(/done/)).pass).toBe(true);
    expect(verdict(output("All")).pass).toBe(true);
    expect(verdict(output("nothing")).message).toBe(
      'expected the final answer to contain "nothing", but it was "All done."',
    );
  });

  it("received reads agent messages and the system prompt, not bookkeeping requests", () => {
    expect(verdict(received("<injected-rule>")).pass).toBe(true);
    expect(verdict(received(/<ctx>\d+<\/ctx>/)).pass).toBe(true);
    expect(verdict(received("SECRET-SIDE")).pass).toBe(false);
    expect(verdict(received("absent")).message).toContain("none of the 2 agent requests carried it");
  });

  it("received fails as not recorded when no mock saw the requests", () => {
    const r = verdict(received("x"), bare);
    expect(r.pass).toBe(false);
    expect(r.message).toContain("not recorded");
  });
});

describe("hooks", () => {
  it("hookFired is a predicate over a Trace and a check from an event", () => {
    expect(hookFired(run, "UserPromptSubmit")).toBe(true);
    expect(hookFired(run, "Stop")).toBe(false);
    expect(verdict(hookFired("PreToolUse:Bash")).pass).toBe(true);
    const miss = verdict(hookFired("Stop"));
    expect(miss.message).toBe(
      'expected a hook to fire for "Stop", but hooks fired: [UserPromptSubmit, PreToolUse:Bash (blocked, exit 2)]',
    );
  });

  it("hook checks on a Trace without recorded fires fail as not recorded, never pass", () => {
    for (const check of [hookFired("Stop"), blocked(), allowed(), allowed("PreToolUse")]) {
      const r = verdict(check, bare);
      expect(r.pass, check.label).toBe(false);
      expect(r.message).toContain("not recorded (run with transcript: true)");
    }
  });

  it("blocked and allowed read a runHook result, with decision, exit code and both streams", () => {
    const deny = hookRun({ stdout: "{}", stderr: "no force-push" });
    expect(verdict(blocked(), deny).pass).toBe(true);
    const allowedRun = hookRun({
      decision: "allow",
      blocked: false,
      decidedBy: "permission-decision",
      exitCode: 0,
      stdout: '{"x":1}',
      stderr: "warned",
    });
    expect(verdict(allowed(), allowedRun).pass).toBe(true);
    const r = verdict(blocked(), allowedRun);
    expect(r.pass).toBe(false);
    expect(r.message).toBe(
      'expected the hook to block, but decision allow (by permission-decision), blocked false, exit 0, stdout "{\\"x\\":1}", stderr "warned"',
    );
    expect(verdict(allowed(), deny).message).toContain("exit 2");
    expect(verdict(allowed(), deny).message).toContain('stderr "no force-push"');
    expect(verdict(allowed(), hookRun({ decision: "ask", blocked: false })).pass).toBe(false);
  });

  it("blocked and allowed read a Trace's fires", () => {
    expect(verdict(blocked()).pass).toBe(true);
    expect(verdict(blocked("PreToolUse")).pass).toBe(true);
    expect(verdict(blocked("UserPromptSubmit")).pass).toBe(false);
    expect(verdict(allowed("UserPromptSubmit")).pass).toBe(true);
    expect(verdict(allowed("PreToolUse")).message).toContain("PreToolUse:Bash blocked");
    expect(verdict(allowed("PreToolUse")).message).toContain(
      'PreToolUse:Bash: exit 2, stdout "", stderr "nope"',
    );
    expect(verdict(blocked("UserPromptSubmit")).message).toContain(
      'UserPromptSubmit: exit 0, stdout "", stderr ""',
    );
    expect(verdict(allowed("Stop")).pass).toBe(false);
    expect(verdict(allowed(), createTrace({ hooks: [] })).message).toContain("no hook fired");
  });

  it("a Trace check fed a hook result fails and says what it got", () => {
    const r = verdict(tool("Bash"), hookRun());
    expect(r.pass).toBe(false);
    expect(r.message).toContain('tool("Bash") reads a run\'s Trace, but got a runHook result (decision deny');
  });
});

describe("turns, wrote", () => {
  it("turns checks a range", () => {
    expect(run.turns).toBe(2);
    expect(verdict(turns({ min: 2, max: 3 })).pass).toBe(true);
    expect(verdict(turns({ max: 1 })).message).toBe("expected at most 1 turns, but the agent took 2");
    expect(() => turns({})).toThrow(InvalidOptionError);
    expect(() => turns({ min: 3, max: 1 })).toThrow(/greater than max/);
  });

  it("wrote reads filesWritten when recorded", () => {
    expect(verdict(wrote("DONE")).pass).toBe(true);
    expect(verdict(wrote("./DONE")).pass).toBe(true);
    expect(verdict(wrote("pre-existing.txt")).message).toBe(
      'expected the run to write "pre-existing.txt", but it wrote [DONE]',
    );
  });

  it("wrote falls back to the post-run tree and says writes were not recorded", () => {
    const r = verdict(wrote("pre-existing.txt"), bare);
    expect(r.pass).toBe(true);
    expect(r.message).toContain("writes were not recorded");
    expect(verdict(wrote("DONE"), bare).pass).toBe(false);
  });
});

describe("usage budgets", () => {
  it("hold within budget and fail over it", () => {
    expect(verdict(cost({ maxUsd: 0.05 })).pass).toBe(true);
    expect(verdict(cost({ maxUsd: 0.01 })).message).toBe(
      "expected the run to cost at most $0.01, but it cost $0.0200",
    );
    expect(verdict(latency({ maxMs: 2000 })).pass).toBe(true);
    expect(verdict(latency({ maxMs: 1000 })).pass).toBe(false);
    expect(verdict(tokens({ max: 1200 })).pass).toBe(true);
    expect(verdict(tokens({ max: 1199 })).pass).toBe(false);
    expect(verdict(tokens({ maxOutput: 100, maxInput: 5000 })).message).toBe(
      "expected output tokens ≤ 100, but the run used 1000 in + 200 out",
    );
  });

  it("fail as not recorded without usage, and reject bad limits", () => {
    expect(verdict(cost({ maxUsd: 1 }), bare).message).toContain("usage was not recorded");
    expect(() => tokens({})).toThrow(InvalidOptionError);
    expect(() => cost({ maxUsd: -1 })).toThrow(InvalidOptionError);
  });
});

describe("subagent", () => {
  it("holds when the subagent ran, and evaluates nested checks over its own calls", () => {
    expect(verdict(subagent("reviewer")).pass).toBe(true);
    expect(verdict(subagent("reviewer", [tool("Grep"), output(/LGTM/)])).pass).toBe(true);
    // Read was made by the nested reviewer (a2, under a1), so a1's view includes it.
    expect(verdict(subagent("reviewer", [tool("Read"), output("LGTM")])).pass).toBe(true);
    const r = verdict(subagent("reviewer", [tool("Bash")]));
    expect(r.pass).toBe(false);
    expect(r.message).toContain('expected the agent to use tool "Bash", but it used [Grep, Agent, Read]');
    expect(r.message).toContain("run 2:");
  });

  it("fails when no such subagent ran, naming the ones that did", () => {
    expect(verdict(subagent("planner")).message).toContain("subagents: [reviewer, reviewer]");
    expect(verdict(subagent("planner"), bare).message).toContain("no subagent ran");
  });

  it("caps the lists in its messages", () => {
    const many = createTrace({
      toolCalls: Array.from({ length: 8 }, (_, i) => ({
        name: "Agent",
        input: { subagent_type: `t${i}` },
        result: "ok",
      })),
    });
    expect(verdict(subagent("x"), many).message).toContain("subagents: [t0, t1, t2, t3, t4, … 3 more]");
  });

  it("fails when the subagent call errored", () => {
    const t = createTrace({
      toolCalls: [
        {
          name: "Task",
          input: { subagent_type: "ghost" },
          result: { text: "Agent type 'ghost' not found", isError: true },
        },
      ],
    });
    expect(verdict(subagent("ghost")).pass).toBe(false);
    expect(verdict(subagent("ghost"), t).message).toContain("not found");
  });

  it("nested hook and turn checks fail as not recorded", () => {
    const r = verdict(subagent("reviewer", [hookFired("PreToolUse"), turns({ min: 1 })]));
    expect(r.pass).toBe(false);
    expect(r.message).toContain("not recorded");
  });
});

describe("assertChecks", () => {
  it("collects every failure before it throws", () => {
    expect(() => assertChecks(run, [tool("Bash"), output(/done/)])).not.toThrow();
    let caught: unknown;
    try {
      assertChecks(run, [tool("Write"), tool("Bash"), output("nope")]);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AssertionFailedError);
    const message = (caught as Error).message;
    expect(message).toContain("2 of 3 checks failed");
    expect(message).toContain('✗ tool("Write"): expected the agent to use tool "Write"');
    expect(message).toContain('✗ output("nope"): expected the final answer to contain "nope"');
  });

  it("refuses an empty list and non-checks", () => {
    expect(() => assertChecks(run, [])).toThrow(VacuousAssertionError);
    expect(() => assertChecks(run, [{} as Check])).toThrow(InvalidOptionError);
  });

  it("evaluateChecks returns every verdict without throwing", () => {
    expect(evaluateChecks(run, [tool("Bash"), tool("Write")]).map((o) => o.pass)).toEqual([true, false]);
  });
});

describe("serialisation", () => {
  const all: Check[] = [
    tool("Bash"),
    tool(/^mcp__github__/i),
    skill("demo:greet"),
    mcp("github", "merge_pull_request"),
    mcp("github"),
    subagent("reviewer", [tool("Grep"), output(/LGTM/)]),
    output("done"),
    received(/ctx/),
    hookFired("PreToolUse:Bash"),
    turns({ min: 1, max: 4 }),
    wrote("DONE"),
    blocked(),
    allowed("UserPromptSubmit"),
    cost({ maxUsd: 0.05 }),
    latency({ maxMs: 60000 }),
    tokens({ max: 5000, maxOutput: 300 }),
  ];

  it("round-trips every kind through JSON to a check with the same label and verdicts", () => {
    for (const check of all) {
      const json = JSON.parse(JSON.stringify(check)) as unknown;
      const revived = checkFromJSON(json);
      expect(revived.label).toBe(check.label);
      expect(revived.kind).toBe(check.kind);
      expect(revived.toJSON()).toEqual(check.toJSON());
      for (const subject of [run, bare, hookRun()]) {
        expect(revived.evaluate(subject)).toEqual(check.evaluate(subject));
      }
    }
  });

  it("serialises regexes as data", () => {
    expect(tool(/^mcp__/i).toJSON()).toEqual({ kind: "tool", name: { regex: "^mcp__", flags: "i" } });
    expect(subagent("r", [output("x")]).toJSON()).toEqual({
      kind: "subagent",
      name: "r",
      checks: [{ kind: "output", pattern: "x" }],
    });
  });

  it("revives foreign kinds through a reviver and refuses unknown ones", () => {
    const judged: Check = {
      kind: "judged",
      label: "judged(…)",
      evaluate: () => ({ pass: true, message: "ok" }),
      toJSON: () => ({ kind: "judged", rubric: "r" }),
    };
    expect(checkFromJSON({ kind: "judged", rubric: "r" }, { judged: () => judged })).toBe(judged);
    expect(() => checkFromJSON({ kind: "judged" })).toThrow(/unknown check kind "judged"/);
    expect(() => checkFromJSON({ kind: "skill" })).toThrow(/needs a string "id"/);
    expect(() => checkFromJSON("tool")).toThrow(InvalidOptionError);
    expect(() => checkFromJSON({ kind: "tool", name: { regex: 3 } })).toThrow(InvalidOptionError);
  });
});

describe("hook runs that did not run, and other subjects", () => {
  it("a registration not selected for the event neither blocks nor allows", () => {
    const skipped = hookRun({
      decision: "none",
      blocked: false,
      decidedBy: "no-decision",
      exitCode: null,
      stderr: "",
      selected: false,
      selection: [
        { at: "PreToolUse[0].hooks[0]", selected: false, reason: 'matcher "Edit" does not match Bash' },
      ],
    });
    const r = verdict(allowed(), skipped);
    expect(r.pass).toBe(false);
    expect(r.message).toContain(
      'not selected for this event (PreToolUse[0].hooks[0]: matcher "Edit" does not match Bash)',
    );
    expect(verdict(blocked(), skipped).pass).toBe(false);
  });

  it("shows a hook error in the message", () => {
    const crashed = hookRun({
      decision: "none",
      blocked: false,
      exitCode: 127,
      hookError: "exit 127: command not found",
    });
    expect(verdict(blocked(), crashed).message).toContain("hook error: exit 127: command not found");
  });

  it("wrote reads a hook run's recorded writes, and fails when they were not recorded", () => {
    expect(verdict(wrote("log.txt"), hookRun({ filesWritten: ["log.txt"] })).pass).toBe(true);
    expect(verdict(wrote("x"), hookRun({ filesWritten: [] })).message).toBe(
      'expected the run to write "x", but it wrote nothing',
    );
    expect(verdict(wrote("x"), hookRun()).message).toContain("did not record its writes");
    const script = { exitCode: 0, stdout: "", stderr: "", filesWritten: ["a.txt"] };
    expect(verdict(wrote("a.txt"), script as never).pass).toBe(true);
    expect(verdict(wrote("a.txt"), { exitCode: 0 } as never).message).toContain("filesWritten is undefined");
    expect(verdict(wrote("a.txt"), 42 as never).message).toContain("got number 42");
  });

  it("a Promise says to await the run", () => {
    const r = tool("Bash").evaluate(Promise.resolve(run) as never);
    expect(r.pass).toBe(false);
    expect(r.message).toContain("a Promise (await the run first)");
  });
});
