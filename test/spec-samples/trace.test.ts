// Every code sample of the spec sections "The Trace model", "Predicates", "Assertions", "Assert a
// subagent's typed outcome", "The check vocabulary" and "vitest / jest matchers", run as written
// against Traces built by hand. Imports name the source entries in place of the package:
// "vigiles" is src/entries/index.ts, "vigiles/spec" src/entries/spec.ts, "vigiles/vitest" src/entries/vitest.ts.
// Samples that belong to other areas (assertBlocksDisasters, paid_measure, assertRates) are left to their tests.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  usedTool,
  toolCount,
  skillResolved,
  toolUsedWith,
  outputContains,
  hookFired,
  hookBlocked,
  assertToolSequence,
  assertToolCount,
  assertToolUsedWith,
  assertToolCalls,
  assertHookBlocked,
  assertHookFired,
  assertOutputContains,
  assertCreated,
  assertAgentOk,
  assertAgentErr,
  assertAgentResult,
  tool,
  skill,
  output,
  blocked,
  cost,
  assertChecks,
  vigilesMatchers,
  createTrace,
  AssertionFailedError,
  assertHookAllowed,
  runHook as realRunHook,
  runHarnessTest,
  subagent,
  received,
  wrote,
} from "../../src/entries/index.js";
import type { HarnessTestResult } from "../../src/entries/index.js";
import { scriptModel } from "../../src/entries/claude-code.js";
import type { HookRunResult, Trace } from "../../src/entries/index.js";
import { experimental_agent } from "../../src/entries/spec.js";
import "../../src/entries/vitest.js";

/** A run that did everything the samples ask about. */
const trace: Trace = createTrace({
  toolCalls: [
    { name: "Skill", input: { skill: "demo:greet" }, result: "Launching skill: demo:greet" },
    { name: "Read", input: { file_path: "src/billing.ts" } },
    { name: "Edit", input: { file_path: "src/billing.ts", old_string: "a", new_string: "b" } },
    { name: "mcp__github__merge_pull_request", input: { number: 7 } },
    { name: "Write", input: { file_path: "DONE", content: "ok" } },
    { name: "Bash", input: { command: "git push -f" }, result: { text: "blocked by hook", isError: true } },
  ],
  hooks: [
    { event: "UserPromptSubmit" },
    { event: "PreToolUse", name: "PreToolUse:Edit" },
    { event: "PreToolUse", name: "PreToolUse:Bash", exitCode: 2, blocked: true, stderr: "no force-push" },
  ],
  output: "Done: on it, all done.",
  modelRequests: [{ system: "You are Claude.", messages: ["fix billing"] }],
  usage: { costUsd: 0.01, durationMs: 900, inputTokens: 900, outputTokens: 80 },
  filesWritten: ["src/billing.ts", "DONE"],
  files: { DONE: "ok", "src/billing.ts": "b" },
  sh: (command) => ({ stdout: command === "cat DONE" ? "ok" : "", stderr: "", exitCode: 0 }),
});
const r = trace;

describe("The Trace model", () => {
  it("has every field the table lists", () => {
    expect(trace.toolCalls.map((c) => [c.name, c.input])).toContainEqual([
      "Write",
      { file_path: "DONE", content: "ok" },
    ]);
    expect(trace.hooks?.[2]).toMatchObject({
      name: "PreToolUse:Bash",
      event: "PreToolUse",
      exitCode: 2,
      blocked: true,
    });
    expect(trace.output).toBe("Done: on it, all done.");
    expect(trace.modelRequests?.[0]?.messages[0]?.text).toBe("fix billing");
    expect(trace.turns).toBe(1);
    expect(trace.file("DONE")).toBe("ok");
    expect(trace.file("missing")).toBeNull();
    expect(trace.sh?.("cat DONE").stdout).toBe("ok");
    expect(trace.usage).toEqual({ costUsd: 0.01, durationMs: 900, inputTokens: 900, outputTokens: 80 });
  });
});

describe("Predicates", () => {
  it("run as written", () => {
    const isRightFile = (i: Readonly<Record<string, unknown>>) => i.file_path === "src/billing.ts";

    expect(usedTool(trace, "Skill")).toBe(true); // boolean
    expect(usedTool(trace, /^mcp__github__merge/)).toBe(true); // boolean (regex)
    expect(toolCount(trace, "Write")).toBe(1); // number
    expect(skillResolved(trace, "demo:greet")).toBe(true); // boolean
    expect(toolUsedWith(trace, "Edit", (i) => isRightFile(i))).toBe(true); // boolean (tool argument)
    expect(outputContains(trace, /done/i)).toBe(true); // boolean (the final answer)
    expect(hookFired(trace, "PreToolUse:Edit")).toBe(true); // boolean (recorded from the stream)
    expect(hookBlocked(trace, "PreToolUse")).toBe(true); // boolean (fired AND exit ≠ 0)
  });

  it("answer false on a run that did none of it", () => {
    const idle = createTrace({ hooks: [] });
    expect([
      usedTool(idle, "Skill"),
      skillResolved(idle, "demo:greet"),
      toolUsedWith(idle, "Edit", () => true),
      outputContains(idle, /done/i),
      hookFired(idle, "PreToolUse:Edit"),
      hookBlocked(idle, "PreToolUse"),
    ]).toEqual([false, false, false, false, false, false]);
    expect(toolCount(idle, "Write")).toBe(0);
  });

  it("serve as a trigger-rate `fired` function", () => {
    const fired = (t: Trace) => skillResolved(t, "my-plugin:greet");
    const hit = createTrace({
      toolCalls: [{ name: "Skill", input: { skill: "greet" }, result: "Launching skill: my-plugin:greet" }],
    });
    expect(fired(hit)).toBe(true);
    expect(fired(trace)).toBe(false);
  });
});

describe("Assertions", () => {
  it("run as written", () => {
    assertToolSequence(r, ["Read", "Edit"]); // ordering — Read before Edit
    assertToolCount(r, "Write", { max: 1 }); // budget — no runaway writes
    assertToolUsedWith(r, "Edit", (i) => i.file_path === "src/billing.ts"); // argument
    // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the sample as the spec writes it
    assertToolCalls(r, (calls) => /* any custom rule over the list */ true);

    assertHookBlocked(r); // exit 2 / decision:"block" / permissionDecision:"deny"
    assertHookFired(r, "UserPromptSubmit");
    assertOutputContains(r, /on it/);
    assertCreated(r, "DONE"); // a file was created
  });

  it("throw on a run that did none of it", () => {
    const idle = createTrace({ hooks: [], filesWritten: [] });
    for (const run of [
      () => assertToolSequence(idle, ["Read", "Edit"]),
      () =>
        assertToolCount(createTrace({ toolCalls: [{ name: "Write" }, { name: "Write" }] }), "Write", {
          max: 1,
        }),
      () => assertToolUsedWith(idle, "Edit", (i) => i.file_path === "src/billing.ts"),
      () => assertToolCalls(idle, () => false),
      () => assertHookBlocked(idle),
      () => assertHookFired(idle, "UserPromptSubmit"),
      () => assertOutputContains(idle, /on it/),
      () => assertCreated(idle, "DONE"),
    ]) {
      expect(run).toThrow(AssertionFailedError);
    }
  });
});

describe("Assert a subagent's typed outcome", () => {
  const okRun = {
    output: 'Refactor finished.\n```vigiles:ok\n{"files":["src/a.ts"],"summary":"split a.ts"}\n```',
  };
  const errRun = { output: 'Stopped.\n```vigiles:err\n{"reason":"tests fail","step":"verify"}\n```' };

  it("runs as written", () => {
    const { result } = experimental_agent;

    const contract = result(
      { files: "string[]", summary: "string" }, // the ok track
      { reason: "string", step: "string" }, // the err track
    );

    {
      const r = okRun;
      const value = assertAgentOk(r.output, contract); // returns the validated `value`
      expect(value).toEqual({ files: ["src/a.ts"], summary: "split a.ts" });

      // The general predicate form, for rich detail:
      assertAgentResult(r.output, (res) => res.kind === "ok" && res.value.files.length > 0, contract);
    }
    {
      const r = errRun;
      const error = assertAgentErr(r.output, contract); // returns the validated `error`
      expect(error).toEqual({ reason: "tests fail", step: "verify" });
    }
  });

  it("fails on a wrong field with the contract, accepts any block without it, throws on no block", () => {
    const contract = experimental_agent.result(
      { files: "string[]", summary: "string" },
      { reason: "string", step: "string" },
    );
    const wrong = '```vigiles:ok\n{"files":"src/a.ts","summary":"s"}\n```';
    expect(() => assertAgentOk(wrong, contract)).toThrow(/field "files"/);
    expect(assertAgentOk(wrong)).toEqual({ files: "src/a.ts", summary: "s" });
    expect(() => assertAgentOk("I am done!", contract)).toThrow(/No vigiles:ok or vigiles:err block/);
  });
});

describe("The check vocabulary", () => {
  const spec = { prompt: "run the bash tool" };
  const runHarness = async (_spec: typeof spec): Promise<Trace> =>
    createTrace({ toolCalls: [{ name: "Bash", input: { command: "ls" } }], output: "done" });
  const runHook = (_cmd: string, _event: object): HookRunResult => ({
    event: "PreToolUse",
    decision: "deny",
    blocked: true,
    decidedBy: "permission-decision",
    reason: "no force-push",
    halted: false,
    exitCode: 0,
    signal: null,
    stdout: '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}',
    stderr: "",
    timedOut: false,
    truncated: false,
    durationMs: 3,
  });
  const cmd = "bash hooks/guard.sh";
  const event = { tool_name: "Bash", tool_input: { command: "git push -f" } };

  it("runs as written (strict)", async () => {
    // STRICT (deterministic tiers): throws, collecting ALL failures with messages.
    assertChecks(await runHarness(spec), [tool("Bash"), output(/done/)]);
    assertChecks(runHook(cmd, event), [blocked()]);
    expect(hookFired("UserPromptSubmit").evaluate(trace).pass).toBe(true);
    expect(skill("demo:greet").evaluate(trace).pass).toBe(true);
  });

  it("reads a real runHook result", () => {
    const guard = `grep -q 'push -f' && { echo 'no force-push' >&2; exit 2; } || exit 0`;
    const push = { hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "git push -f" } };
    const status = {
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command: "git status" },
    };
    const denied = realRunHook(guard, push);
    assertChecks(denied, [blocked()]);
    assertHookBlocked(denied);
    expect(denied).toBlock();
    const passed = realRunHook(guard, status);
    assertHookAllowed(passed);
    expect(passed).not.toBlock();
    expect(() => assertHookBlocked(passed)).toThrow(/decision .* exit 0, stdout "", stderr ""/);
    expect(() => assertHookAllowed(denied)).toThrow('stderr "no force-push\\n"');
  });

  it("fails with the product message", () => {
    const edits = createTrace({ toolCalls: [{ name: "Read" }, { name: "Edit" }] });
    expect(tool("Bash").evaluate(edits).message).toBe(
      'expected the agent to use tool "Bash", but it used [Read, Edit]',
    );
    expect(JSON.parse(JSON.stringify([tool("Bash"), output(/done/)]))).toEqual([
      { kind: "tool", name: "Bash" },
      { kind: "output", pattern: { regex: "done", flags: "" } },
    ]);
  });
});

describe("vitest / jest matchers", () => {
  it("register by hand", () => {
    expect.extend(vigilesMatchers);
    expect(trace).toPass(tool("Bash"));
  });

  it("toPass fronts the whole vocabulary (registered by vigiles/vitest)", () => {
    const hookResult: HookRunResult = {
      event: "PreToolUse",
      decision: "deny",
      blocked: true,
      decidedBy: "exit-code",
      halted: false,
      exitCode: 2,
      signal: null,
      stdout: "",
      stderr: "denied",
      timedOut: false,
      truncated: false,
      durationMs: 2,
    };
    expect(trace).toPass(tool("Bash"));
    expect(trace).toPass(skill("demo:greet"));
    expect(hookResult).toPass(blocked());
    expect(trace).toPass(cost({ maxUsd: 0.05 }));
    expect(trace).toPassAll([tool("Bash"), output(/done/)]);
    expect(trace).toHaveCreated("DONE");
    expect(hookResult).toBlock();
  });
});

// The harness tier is built: the same samples over a real Claude Code run against the mock model.
describe("the samples over a real Claude Code run", () => {
  let plugin = "";
  let real: HarnessTestResult | undefined;

  beforeAll(async () => {
    plugin = mkdtempSync(join(tmpdir(), "vigiles-trace-samples-"));
    mkdirSync(join(plugin, ".claude-plugin"));
    writeFileSync(join(plugin, ".claude-plugin/plugin.json"), JSON.stringify({ name: "demo" }));
    mkdirSync(join(plugin, "skills/greet"), { recursive: true });
    writeFileSync(
      join(plugin, "skills/greet/SKILL.md"),
      "---\nname: greet\ndescription: Greets the user\n---\nSay hi GREET-BODY-MARKER\n",
    );
    real = await runHarnessTest({
      prompt: "fix billing",
      model: scriptModel(
        [
          { tool: "Skill", input: { skill: "demo:greet" } },
          { tool: "Read", input: { file_path: "src/billing.ts" } },
          { tool: "Edit", input: { file_path: "src/billing.ts", old_string: "a", new_string: "b" } },
          { tool: "Write", input: { file_path: "DONE", content: "ok" } },
          { tool: "Bash", input: { command: "git push -f" } },
          {
            tool: "Agent",
            input: {
              subagent_type: "general-purpose",
              description: "review",
              prompt: "review it",
              run_in_background: false,
            },
          },
          { text: "Done: on it, all done." },
        ],
        { agents: { "general-purpose": [{ tool: "Bash", input: { command: "ls" } }, { text: "LGTM" }] } },
      ),
      files: { "src/billing.ts": "const a = 1;\n" },
      pluginDir: plugin,
      sandbox: false,
      settings: {
        hooks: {
          UserPromptSubmit: [{ hooks: [{ type: "command", command: "exit 0" }] }],
          PreToolUse: [
            { matcher: "Edit", hooks: [{ type: "command", command: "exit 0" }] },
            {
              matcher: "Bash",
              hooks: [
                {
                  type: "command",
                  command: "grep -q 'push -f' && { echo 'no force-push' >&2; exit 2; } || exit 0",
                },
              ],
            },
          ],
        },
      },
      allowedTools: ["Bash", "Read", "Edit", "Write", "Skill", "Agent"],
      transcript: true,
      timeoutMs: 90_000,
    });
  }, 120_000);

  afterAll(() => {
    real?.cleanup();
    if (plugin !== "") rmSync(plugin, { recursive: true, force: true });
  });

  it("predicates", () => {
    const trace = real as HarnessTestResult;
    expect(usedTool(trace, "Skill")).toBe(true);
    expect(usedTool(trace, /^mcp__github__merge/)).toBe(false);
    expect(toolCount(trace, "Write")).toBe(1);
    expect(skillResolved(trace, "demo:greet")).toBe(true);
    expect(toolUsedWith(trace, "Edit", (i) => i.file_path === "src/billing.ts")).toBe(true);
    expect(outputContains(trace, /done/i)).toBe(true);
    expect(hookFired(trace, "PreToolUse:Edit")).toBe(true);
    expect(hookBlocked(trace, "PreToolUse")).toBe(true);
    expect(hookBlocked(trace, "PreToolUse:Edit")).toBe(false);
  });

  it("assertions and checks", () => {
    const r = real as HarnessTestResult;
    assertToolSequence(r, ["Read", "Edit"]);
    assertToolCount(r, "Write", { max: 1 });
    assertToolUsedWith(r, "Edit", (i) => i.file_path === "src/billing.ts");
    assertHookBlocked(r);
    assertHookFired(r, "UserPromptSubmit");
    assertOutputContains(r, /on it/);
    assertCreated(r, "DONE");
    assertChecks(r, [
      tool("Bash"),
      output(/done/),
      skill("demo:greet"),
      subagent("general-purpose", [tool("Bash"), output(/LGTM/)]),
      received("GREET-BODY-MARKER"),
      wrote("DONE"),
      blocked("PreToolUse:Bash"),
    ]);
    expect(r).toPass(subagent("general-purpose"));
    expect(r).not.toPass(subagent("general-purpose", [tool("Write")]));
    expect(() => assertToolSequence(r, ["Edit", "Read"])).toThrow(
      'expected the tools in order ["Edit", "Read"], but it used [Skill, Read, Edit, Write, Bash, Agent, Bash]',
    );
  });
});
