// The Qwen Code adapter against the REAL pinned Qwen Code (0.24.4) and the chat-completions mock,
// confined (bubblewrap, private HOME). One shared run drives a PreToolUse guard registered in the
// project's own .qwen/settings.json through the ways Qwen reads a hook's answer (exit 2 with a
// reason, a Claude-shaped JSON deny, a matcher in Claude Code's tool name), and checks PostToolUse
// and UserPromptSubmit context reaching the model; fires come from the transparent recorder (the
// stream carries none). Each fact here backs a row of the dialect (src/adapters/qwen-code/dialect).
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { qwenAdapter } from "../../src/adapters/qwen-code/adapter.js";
import { runHarnessTest, type HarnessTestResult } from "../../src/tiers/harness/run-harness-test.js";
import { ScriptOverrunError, UnknownToolError } from "../../src/tiers/harness/errors.js";

const RUN_TIMEOUT = 240_000;

const GUARD = `#!/bin/sh
p=$(cat)
case "$p" in
  *rm\\ -rf*) echo "guard: rm -rf is not allowed" >&2; exit 2;;
  *CLAUDE_DENY*) echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"guard: claude-shaped deny"}}'; exit 0;;
esac
exit 0
`;
/** A second guard registered with Claude Code's tool name: Qwen compares `Bash` as an exact alias. */
const ALIAS_GUARD = `#!/bin/sh
p=$(cat)
case "$p" in *ALIAS_DENY*) echo "alias guard" >&2; exit 2;; esac
exit 0
`;
const context = (event: string, mark: string) =>
  `echo '{"hookSpecificOutput":{"hookEventName":"${event}","additionalContext":"${mark}"}}'`;

const SETTINGS = {
  hooks: {
    PreToolUse: [
      {
        matcher: "run_shell_command",
        hooks: [{ type: "command", command: 'sh "$QWEN_PROJECT_DIR/guard.sh"', timeout: 10 }],
      },
      {
        matcher: "Bash",
        hooks: [{ type: "command", command: 'sh "$CLAUDE_PROJECT_DIR/alias.sh"', timeout: 10 }],
      },
    ],
    PostToolUse: [
      {
        matcher: "run_shell_command",
        hooks: [{ type: "command", command: context("PostToolUse", "POST_TOOL_MARK") }],
      },
    ],
    UserPromptSubmit: [{ hooks: [{ type: "command", command: "cat >/dev/null; echo PROMPT_PLAIN_MARK" }] }],
  },
};

describe("Qwen Code against the real CLI", () => {
  let run: HarnessTestResult;
  beforeAll(async () => {
    run = await runHarnessTest(
      {
        prompt: "tidy up",
        model: [
          { tool: "Bash", input: { command: "printf hello > out.txt" } },
          { tool: "Bash", input: { command: "rm -rf keep" } },
          { tool: "Bash", input: { command: "echo CLAUDE_DENY > DENIED_RAN" } },
          { tool: "Bash", input: { command: "echo ALIAS_DENY > ALIAS_RAN" } },
          { tool: "Write", input: { file_path: "written.txt", content: "W" } },
          { text: "done" },
        ],
        files: {
          ".qwen/settings.json": JSON.stringify(SETTINGS),
          "guard.sh": GUARD,
          "alias.sh": ALIAS_GUARD,
          "keep/precious.txt": "keep me\n",
        },
        transcript: true,
        timeoutMs: RUN_TIMEOUT,
      },
      { adapter: qwenAdapter },
    );
  }, RUN_TIMEOUT + 30_000);
  afterAll(() => run?.cleanup());

  test("calls are read back in Claude Code's names with their results; the answer is the last text", () => {
    expect(run.toolCalls.map((c) => c.name)).toEqual(["Bash", "Bash", "Bash", "Bash", "Write"]);
    expect(run.file("out.txt")).toBe("hello");
    expect(run.file("written.txt")).toBe("W");
    expect(run.output).toBe("done");
    expect(run.turns).toBe(6);
  });

  test("exit 2 blocks the call and its stderr is the error the model reads", () => {
    expect(run.file("keep/precious.txt")).toBe("keep me\n");
    const call = run.toolCalls[1];
    expect(call?.result).toMatchObject({ isError: true, denied: true, deniedBy: "hook" });
    expect(call?.result?.text).toContain("guard: rm -rf is not allowed");
  });

  test("a Claude-shaped permissionDecision deny blocks the call", () => {
    expect(run.file("DENIED_RAN")).toBeNull();
    expect(run.toolCalls[2]?.result).toMatchObject({ isError: true, denied: true });
  });

  test("a matcher naming Claude Code's tool (Bash) fires on run_shell_command", () => {
    expect(run.file("ALIAS_RAN")).toBeNull();
    const aliasFires = (run.hooks ?? []).filter(
      (h) => h.event === "PreToolUse" && h.stderr.includes("alias guard"),
    );
    expect(aliasFires).toHaveLength(1);
  });

  test("PostToolUse context and UserPromptSubmit plain text reach the model", () => {
    const texts = (run.modelRequests ?? []).flatMap((r) => r.messages.map((m) => m.text)).join("\n");
    expect(texts).toContain("POST_TOOL_MARK");
    expect(texts).toContain("<qwen:user-prompt-submit-context>\nPROMPT_PLAIN_MARK");
  });

  test("fires are recorded in Qwen's names and answer to Claude Code's", () => {
    const pre = (run.hooks ?? []).filter((h) => h.event === "PreToolUse");
    // Two guards on each of the four shell calls; the Write call matches neither.
    expect(pre).toHaveLength(8);
    expect(pre[0]).toMatchObject({ name: "PreToolUse:run_shell_command", alias: "PreToolUse:Bash" });
    expect(pre.filter((h) => h.blocked)).toHaveLength(3);
  });
});

describe("a bad script is a named error under Qwen Code", () => {
  test.concurrent(
    "an overrun and an unknown tool throw",
    async () => {
      await expect(
        runHarnessTest(
          { prompt: "go", model: [{ tool: "Bash", input: { command: "true" } }], timeoutMs: RUN_TIMEOUT },
          { adapter: qwenAdapter },
        ),
      ).rejects.toBeInstanceOf(ScriptOverrunError);
      await expect(
        runHarnessTest(
          {
            prompt: "go",
            model: [{ tool: "NoSuchTool", input: {} }, { text: "done" }],
            timeoutMs: RUN_TIMEOUT,
          },
          { adapter: qwenAdapter },
        ),
      ).rejects.toBeInstanceOf(UnknownToolError);
    },
    2 * RUN_TIMEOUT,
  );
});

describe("skills and subagents in fixtures reach Qwen Code", () => {
  test.concurrent(
    "a project skill is invoked as Skill and its body reaches the model; a project agent is loaded",
    async () => {
      const r = await runHarnessTest(
        {
          prompt: "tidy",
          model: [{ tool: "Skill", input: { skill: "tidy" } }, { text: "done" }],
          skills: { tidy: "---\nname: tidy\ndescription: tidies the build\n---\nSKILL_BODY_MARK\n" },
          agents: {
            helper:
              "---\nname: helper\ndescription: AGENT_DESCRIPTION_MARK\n---\nYou help with the build when asked.\n",
          },
          timeoutMs: RUN_TIMEOUT,
        },
        { adapter: qwenAdapter },
      );
      try {
        expect(r.toolCalls.map((c) => [c.name, c.input, c.result?.isError])).toEqual([
          ["Skill", { skill: "tidy" }, false],
        ]);
        const sent = (r.modelRequests ?? []).map((q) => JSON.stringify(q.body)).join("\n");
        expect(sent).toContain("SKILL_BODY_MARK");
        // The init event lists the subagents Qwen loaded (.qwen/agents/helper.md among its built-ins).
        const init = r.stdout
          .split("\n")
          .filter((l) => l.startsWith("{"))
          .map((l) => JSON.parse(l) as { type?: string; subtype?: string; agents?: string[] })
          .find((e) => e.type === "system" && e.subtype === "init");
        expect(init?.agents).toContain("helper");
      } finally {
        r.cleanup();
      }
    },
    RUN_TIMEOUT,
  );
});

// hooks.md: `timeout` is in seconds, but 1000 or more is read as milliseconds. Each slow hook
// sleeps 3 s and then denies: killed at its timeout it decides nothing and the call runs; the
// control (10 s) lives to deny, so a run where nothing is killed cannot pass.
const SLOW = (mark: string) =>
  `p=$(cat); case "$p" in *${mark}*) sleep 3; echo '{"decision":"deny","reason":"too late"}';; esac; exit 0`;

describe("Qwen Code reads a command hook's timeout in seconds, 1000 and over in milliseconds", () => {
  test.concurrent(
    "timeout 1 and timeout 1500 kill a 3 s hook (the call runs); timeout 10 lets it deny",
    async () => {
      const guard = (mark: string, timeout: number) => ({
        matcher: "run_shell_command",
        hooks: [{ type: "command", command: SLOW(mark), timeout }],
      });
      const r = await runHarnessTest(
        {
          prompt: "go",
          model: [
            { tool: "Bash", input: { command: "echo SECONDS > SECONDS_RAN" } },
            { tool: "Bash", input: { command: "echo MILLIS > MILLIS_RAN" } },
            { tool: "Bash", input: { command: "echo CONTROL > CONTROL_RAN" } },
            { text: "done" },
          ],
          files: {
            ".qwen/settings.json": JSON.stringify({
              hooks: { PreToolUse: [guard("SECONDS", 1), guard("MILLIS", 1500), guard("CONTROL", 10)] },
            }),
          },
          transcript: true,
          // The two killed hooks are what this test observes.
          allowHookCrashes: true,
          timeoutMs: RUN_TIMEOUT,
        },
        { adapter: qwenAdapter },
      );
      try {
        expect(r.hooks?.filter((h) => h.outcome === "cancelled")).toHaveLength(2);
        expect(r.file("SECONDS_RAN")).toBe("SECONDS\n");
        expect(r.file("MILLIS_RAN")).toBe("MILLIS\n");
        expect(r.file("CONTROL_RAN")).toBeNull();
      } finally {
        r.cleanup();
      }
    },
    RUN_TIMEOUT,
  );
});
