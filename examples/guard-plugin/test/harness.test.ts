// The guard plugin assembled in the REAL Claude Code CLI (loaded with --plugin-dir, confined by
// bubblewrap) against a scripted mock model: hooks from hooks.json with ${CLAUDE_PLUGIN_ROOT}
// resolved, context injected into what reached the model, the stop gate asking again, a skill
// resolving through the Skill tool, and the reviewer subagent's calls carrying their parent.
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import {
  assertChecks,
  assertHookBlocked,
  assertToolSequence,
  hookFired,
  received,
  runHarnessTest,
  skill,
  skillResolved,
  subagent,
  tool,
} from "vigiles";
import { scriptModel } from "vigiles/claude-code";

const plugin = fileURLToPath(new URL("..", import.meta.url));
/** The stop gate asks once before letting the agent stop: every script ends with two texts. */
const finish = [{ text: "done" }, { text: "checks noted, done" }];

describe.concurrent("guard-plugin in the real CLI", () => {
  test("the Bash guard blocks a scripted force push and the model is told why", async () => {
    const r = await runHarnessTest({
      prompt: "publish",
      model: [{ tool: "Bash", input: { command: "sudo git push -f origin main" } }, ...finish],
      plugin,
      transcript: true,
    });
    try {
      assertHookBlocked(r);
      const push = r.toolCalls.find((c) => c.name === "Bash");
      // Denied by the hook: `isError` alone would also hold for a push that merely failed.
      expect(push?.result).toMatchObject({ isError: true, denied: true });
      expect(push?.result?.text).toContain("force pushes rewrite shared history");
      expect(r.hooks?.find((h) => h.event === "PreToolUse")?.blocked).toBe(true);
    } finally {
      r.cleanup();
    }
  });

  test("a benign command runs; the house rules reach the model; the stop gate asks again", async () => {
    const r = await runHarnessTest({
      prompt: "status please",
      model: [{ tool: "Bash", input: { command: "echo ok > STATUS" } }, ...finish],
      plugin,
      transcript: true,
    });
    try {
      expect(r.file("STATUS")).toBe("ok\n");
      assertChecks(r, [hookFired("UserPromptSubmit"), hookFired("Stop"), received(/House rules/)]);
      expect(r.turns).toBe(3);
      const lastUser = r.modelRequests
        ?.at(-1)
        ?.messages.filter((m) => m.role === "user")
        .at(-1)?.text;
      expect(lastUser).toContain("Run the checks (npm test) before you stop.");
    } finally {
      r.cleanup();
    }
  });

  test("the commit-message skill resolves through the Skill tool", async () => {
    const r = await runHarnessTest({
      prompt: "write a commit message",
      model: [{ tool: "Skill", input: { skill: "guard-plugin:commit-message" } }, ...finish],
      plugin,
      transcript: true,
    });
    try {
      expect(skillResolved(r, "guard-plugin:commit-message")).toBe(true);
      assertChecks(r, [skill("guard-plugin:commit-message")]);
      // The skill's body reached the model after it resolved.
      expect(r.modelRequests?.some((q) => q.messages.some((m) => m.text.includes("git diff --cached")))).toBe(
        true,
      );
    } finally {
      r.cleanup();
    }
  });

  test("the reviewer subagent's calls carry their parent", async () => {
    const r = await runHarnessTest({
      prompt: "review before pushing",
      model: scriptModel(
        [
          {
            tool: "Agent",
            input: {
              subagent_type: "guard-plugin:reviewer",
              description: "review",
              prompt: "review the tree",
              run_in_background: false,
            },
          },
          ...finish,
        ],
        {
          agents: {
            "guard-plugin:reviewer": [{ tool: "Bash", input: { command: "ls" } }, { text: "looks safe" }],
          },
        },
      ),
      plugin,
      transcript: true,
    });
    try {
      const parent = r.toolCalls.find((c) => c.name === "Agent" || c.name === "Task");
      const child = r.toolCalls.find((c) => c.name === "Bash");
      expect(child?.parentId).toBe(parent?.id);
      assertToolSequence(r, ["Agent", "Bash"]);
      assertChecks(r, [subagent("guard-plugin:reviewer", [tool("Bash")])]);
    } finally {
      r.cleanup();
    }
  });
});
