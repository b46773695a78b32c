// Tools, skills, subagents and the runs that must throw, in the real Claude Code CLI against the mock.
import { describe, expect, test } from "vitest";
import { scriptModel } from "../../src/adapters/mock/script.js";
import { HarnessNotFoundError } from "../../src/adapters/claude-code/errors.js";
import { UnsafeEndpointError } from "../../src/adapters/shared/errors.js";
import { requestContains } from "../../src/tiers/harness/availability.js";
import {
  HarnessFlagRejectedError,
  ScriptOverrunError,
  UnknownToolError,
} from "../../src/tiers/harness/errors.js";
import { runHarnessTest, withHarness } from "../../src/tiers/harness/run-harness-test.js";

const SKILL = `---
name: greet
description: Greets the user in the house style. Use when asked to greet someone.
---
SKILL-BODY-MARKER: say "ahoy" and nothing else.
`;

describe.concurrent("tools and skills", { timeout: 180_000 }, () => {
  test("Write then Edit change files that filesWritten and file() see", async () => {
    await withHarness(
      {
        prompt: "write and edit",
        files: { "src/a.txt": "alpha beta\n" },
        model: [
          { tool: "Write", input: { file_path: "notes/new.md", content: "# new\nhello\n" } },
          { tool: "Read", input: { file_path: "src/a.txt" } },
          { tool: "Edit", input: { file_path: "src/a.txt", old_string: "beta", new_string: "gamma" } },
          { text: "edited" },
        ],
      },
      (r) => {
        expect(r.file("notes/new.md")).toBe("# new\nhello\n");
        expect(r.file("src/a.txt")).toBe("alpha gamma\n");
        expect(r.filesWritten).toEqual(["notes/new.md", "src/a.txt"]);
        expect(r.toolCalls.map((c) => [c.name, c.result?.isError])).toEqual([
          ["Write", false],
          ["Read", false],
          ["Edit", false],
        ]);
      },
    );
  });

  test("a project skill resolves through the Skill tool and its body reaches the model", async () => {
    await withHarness(
      {
        prompt: "greet me",
        skills: { greet: SKILL },
        model: [{ tool: "Skill", input: { skill: "greet" } }, { text: "ahoy" }],
      },
      (r) => {
        const call = r.toolCalls.find((c) => c.name === "Skill");
        expect(call?.result?.isError).toBe(false);
        expect(call?.result?.text).toContain("Launching skill: greet");
        expect(requestContains(r, "SKILL-BODY-MARKER")).toBe(true);
        // The listing the model chose from carried the description.
        expect(requestContains(r, "Greets the user in the house style")).toBe(true);
      },
    );
  });

  test("an unknown skill is a tool error the model sees (the run does not throw)", async () => {
    await withHarness(
      { prompt: "x", model: [{ tool: "Skill", input: { skill: "nope" } }, { text: "ok" }] },
      (r) => {
        expect(r.toolCalls[0]?.result?.isError).toBe(true);
        expect(r.toolCalls[0]?.result?.text).toMatch(/Unknown skill/);
      },
    );
  });

  test("a subagent's tool calls carry the id of the Agent call that started it", async () => {
    const model = scriptModel(
      [
        {
          tool: "Agent",
          input: {
            subagent_type: "general-purpose",
            description: "list files",
            prompt: "List the files, please.",
          },
        },
        { text: "started" },
        { text: "all done" },
      ],
      {
        agents: {
          "general-purpose": [{ tool: "Bash", input: { command: "ls a b > LISTED" } }, { text: "two files" }],
        },
      },
    );
    await withHarness({ prompt: "delegate", model, files: { a: "1", b: "2" } }, (r) => {
      const agent = r.toolCalls.find((c) => c.name === "Agent");
      const bash = r.toolCalls.find((c) => c.name === "Bash");
      expect(agent?.parentId).toBeUndefined();
      expect(bash?.parentId).toBe(agent?.id);
      expect(r.file("LISTED")).toBe("a\nb\n");
      const subRequests = r.modelRequests.filter((q) => q.agentId !== undefined && !q.sideChannel);
      expect(subRequests).toHaveLength(2);
      expect(new Set(subRequests.map((q) => q.agentId)).size).toBe(1);
    });
  });

  test("a project subagent from spec.agents runs its own script, and CLAUDE.md reaches the model", async () => {
    const model = scriptModel(
      [
        {
          tool: "Agent",
          input: {
            subagent_type: "reviewer",
            description: "review",
            prompt: "Review a.txt",
            run_in_background: false,
          },
        },
        { text: "reviewed" },
      ],
      {
        agents: {
          reviewer: [{ tool: "Read", input: { file_path: "a.txt" } }, { text: "REVIEW-REPORT: fine" }],
        },
      },
    );
    await withHarness(
      {
        prompt: "get a review",
        model,
        files: { "a.txt": "content\n" },
        agents: {
          reviewer:
            "---\nname: reviewer\ndescription: Reviews files. Use for reviews.\n---\nREVIEWER-SYSTEM-PROMPT\n",
        },
        claudeMd: "CLAUDE-MD-MARKER: always be brief.\n",
      },
      (r) => {
        const agent = r.toolCalls.find((c) => c.name === "Agent");
        const read = r.toolCalls.find((c) => c.name === "Read");
        expect(read?.parentId).toBe(agent?.id);
        // run_in_background:false: the report comes back inline as the Agent call's result.
        expect(agent?.result?.text).toContain("REVIEW-REPORT: fine");
        expect(requestContains(r, "CLAUDE-MD-MARKER")).toBe(true);
        const sub = r.modelRequests.find((q) => q.agentId !== undefined && !q.sideChannel);
        expect(sub?.system).toContain("REVIEWER-SYSTEM-PROMPT");
        expect(r.output).toBe("reviewed");
      },
    );
  });

  test("several tool calls in one turn all run", async () => {
    await withHarness(
      {
        prompt: "two at once",
        model: [
          {
            tools: [
              { tool: "Bash", input: { command: "echo 1 > ONE" } },
              { tool: "Bash", input: { command: "echo 2 > TWO" } },
            ],
          },
          { text: "both" },
        ],
      },
      (r) => {
        expect(r.toolCalls).toHaveLength(2);
        expect([r.file("ONE"), r.file("TWO")]).toEqual(["1\n", "2\n"]);
        expect(r.turns).toBe(2);
      },
    );
  });

  test("a 429 error turn is retried by the CLI and the run goes on with the next turn", async () => {
    await withHarness(
      {
        prompt: "x",
        model: [{ error: { status: 429, retryAfter: 0 } }, { text: "after the retry" }],
      },
      (r) => {
        expect(r.output).toBe("after the retry");
        expect(r.events.some((e) => e["subtype"] === "api_retry")).toBe(true);
        expect(r.turns).toBe(1);
      },
    );
  });

  test("several user turns are sent one after another", async () => {
    await withHarness(
      { prompt: ["FIRST-PROMPT", "SECOND-PROMPT"], model: [{ text: "one" }, { text: "two" }] },
      (r) => {
        expect(r.turns).toBe(2);
        expect(r.output).toBe("two");
        const last = r.modelRequests.filter((q) => !q.sideChannel).at(-1);
        expect(last?.messages.map((m) => m.text).join("\n")).toMatch(
          /FIRST-PROMPT[\s\S]*one[\s\S]*SECOND-PROMPT/,
        );
      },
    );
  });
});

describe.concurrent("runs that must throw", { timeout: 180_000 }, () => {
  test("an overrun script throws ScriptOverrunError naming the turn the CLI asked for", async () => {
    const run = runHarnessTest({ prompt: "x", model: [{ tool: "Bash", input: { command: "true" } }] });
    await expect(run).rejects.toBeInstanceOf(ScriptOverrunError);
    await expect(run).rejects.toThrow(/main agent has 1 turn\(s\) and the CLI asked for turn 2/);
    // The failed run's streams travel with the error, for debugging.
    const error = (await run.catch((e: unknown) => e)) as ScriptOverrunError;
    expect(error.run?.exitCode).toBe(1);
    expect(error.run?.events.some((e) => e["type"] === "result")).toBe(true);
  });

  test("a tool name that does not exist throws UnknownToolError", async () => {
    const run = runHarnessTest({
      prompt: "x",
      model: [{ tool: "Bassh", input: { command: "ls" } }, { text: "ok" }],
    });
    await expect(run).rejects.toBeInstanceOf(UnknownToolError);
    await expect(run).rejects.toThrow(/"Bassh".*No such tool available.*Bash/);
  });

  test("a flag value the CLI rejects throws HarnessFlagRejectedError with the CLI's words", async () => {
    const run = runHarnessTest({ prompt: "x", model: [{ text: "ok" }], permissionMode: "yolo" });
    await expect(run).rejects.toBeInstanceOf(HarnessFlagRejectedError);
    await expect(run).rejects.toThrow(/--permission-mode.*'yolo' is invalid/);
  });

  test("an env or settings entry that would route the model elsewhere is refused before the CLI starts", async () => {
    await expect(
      runHarnessTest({
        prompt: "x",
        model: [{ text: "ok" }],
        env: { ANTHROPIC_BASE_URL: "https://example.invalid" },
      }),
    ).rejects.toBeInstanceOf(UnsafeEndpointError);
    await expect(
      runHarnessTest({ prompt: "x", model: [{ text: "ok" }], settings: { env: { ANTHROPIC_API_KEY: "k" } } }),
    ).rejects.toThrow(/settings set env\.ANTHROPIC_API_KEY/);
    await expect(
      runHarnessTest({
        prompt: "x",
        model: [{ text: "ok" }],
        files: {
          ".claude/settings.local.json": JSON.stringify({ env: { ANTHROPIC_BASE_URL: "https://x.invalid" } }),
        },
      }),
    ).rejects.toThrow(/\.claude\/settings\.local\.json set env\.ANTHROPIC_BASE_URL/);
  });

  test("an explicit CLI path that does not exist is HarnessNotFoundError with the install line", async () => {
    const run = runHarnessTest({ prompt: "x", model: [{ text: "ok" }], harnessPath: "/nonexistent/claude" });
    await expect(run).rejects.toBeInstanceOf(HarnessNotFoundError);
    await expect(run).rejects.toThrow(/npm install -D -E @anthropic-ai\/claude-code@2\.1\.328/);
  });
});
