// Hooks in the real Claude Code CLI (2.1.328) against the mock: what the Trace records and what the model got.
import { describe, expect, test } from "vitest";
import { requestContains } from "../../src/tiers/harness/availability.js";
import { withHarness } from "../../src/tiers/harness/run-harness-test.js";

const hook = (command: string) => [{ hooks: [{ type: "command", command }] }];
const bashHook = (command: string) => [{ matcher: "Bash", hooks: [{ type: "command", command }] }];

describe.concurrent("hooks seen through the stream (transcript: true)", { timeout: 180_000 }, () => {
  test("a settings PreToolUse hook blocks a scripted rm -rf: the fire is blocked and the model gets the hook's stderr as an error", async () => {
    await withHarness(
      {
        prompt: "clean up",
        model: [{ tool: "Bash", input: { command: "rm -rf precious" } }, { text: "could not" }],
        files: {
          "precious/keep.txt": "keep me",
          "guard.sh": "echo 'rm -rf is not allowed here' >&2\nexit 2\n",
        },
        settings: { hooks: { PreToolUse: bashHook("sh {cwd}/guard.sh") } },
        transcript: true,
      },
      (r) => {
        expect(r.file("precious/keep.txt")).toBe("keep me");
        const fire = r.hooks?.find((h) => h.event === "PreToolUse");
        expect(fire).toMatchObject({ name: "PreToolUse:Bash", exitCode: 2, blocked: true, outcome: "error" });
        expect(fire?.stderr).toContain("rm -rf is not allowed here");
        const call = r.toolCalls.find((c) => c.name === "Bash");
        expect(call?.result?.isError).toBe(true);
        expect(call?.result?.denied).toBe(true);
        expect(call?.result?.text).toContain("rm -rf is not allowed here");
        // What the model saw on its next turn carries the same text.
        expect(requestContains(r, "rm -rf is not allowed here")).toBe(true);
        expect(r.output).toBe("could not");
      },
    );
  });

  test("the illegal permissionDecision:'block' fails open: outcome error, not blocked, and the command runs", async () => {
    const illegal = JSON.stringify({
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: "block",
        permissionDecisionReason: "no",
      },
    });
    await withHarness(
      {
        prompt: "clean up",
        model: [{ tool: "Bash", input: { command: "rm -rf precious" } }, { text: "done" }],
        files: { "precious/keep.txt": "keep me" },
        settings: { hooks: { PreToolUse: bashHook(`echo '${illegal}'`) } },
        transcript: true,
      },
      (r) => {
        expect(r.file("precious/keep.txt")).toBeNull();
        const fire = r.hooks?.find((h) => h.event === "PreToolUse");
        expect(fire).toMatchObject({ exitCode: 0, blocked: false, outcome: "error" });
        expect(r.toolCalls[0]?.result).toMatchObject({ isError: false, denied: false });
        expect(
          r.events.some((e) => e["subtype"] === "informational" || /hook_no_verdict/.test(JSON.stringify(e))),
        ).toBe(true);
      },
    );
  });

  test("a UserPromptSubmit hook's additionalContext reaches the model (modelRequests)", async () => {
    const out = JSON.stringify({
      hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: "MARKER-UPS-7f3a" },
    });
    await withHarness(
      {
        prompt: "hello",
        model: [{ text: "hi" }],
        settings: { hooks: { UserPromptSubmit: hook(`echo '${out}'`) } },
        transcript: true,
      },
      (r) => {
        expect(r.hooks?.map((h) => h.event)).toContain("UserPromptSubmit");
        expect(requestContains(r, "MARKER-UPS-7f3a")).toBe(true);
        expect(requestContains(r, "MARKER-NEVER-SENT")).toBe(false);
        const first = r.modelRequests.find((q) => !q.sideChannel);
        expect(first?.messages.some((m) => m.text.includes("MARKER-UPS-7f3a"))).toBe(true);
      },
    );
  });

  test("a Stop hook that blocks makes the CLI ask the model again with the hook's reason", async () => {
    const block = JSON.stringify({ decision: "block", reason: "KEEP-GOING-REASON" });
    await withHarness(
      {
        prompt: "finish",
        model: [{ text: "first stop" }, { text: "second stop" }],
        // Blocks once: the second stop finds the marker file and lets the agent end.
        settings: {
          hooks: { Stop: hook(`[ -f {cwd}/.stopped ] || { touch {cwd}/.stopped; echo '${block}'; }`) },
        },
        transcript: true,
      },
      (r) => {
        expect(r.turns).toBe(2);
        expect(r.output).toBe("second stop");
        const stops = r.hooks?.filter((h) => h.event === "Stop") ?? [];
        expect(stops.map((h) => h.blocked)).toEqual([true, false]);
        const last = r.modelRequests.filter((q) => !q.sideChannel).at(-1);
        expect(last?.messages.some((m) => m.text.includes("Stop hook feedback:\nKEEP-GOING-REASON"))).toBe(
          true,
        );
      },
    );
  });

  test("a PostToolUse additionalContext arrives inside the tool_result content, and the flattener sees it", async () => {
    const out = JSON.stringify({
      hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "POST-CONTEXT-91b" },
    });
    await withHarness(
      {
        prompt: "go",
        model: [{ tool: "Bash", input: { command: "echo ran" } }, { text: "ok" }],
        settings: { hooks: { PostToolUse: bashHook(`echo '${out}'`) } },
        transcript: true,
      },
      (r) => {
        expect(requestContains(r, "POST-CONTEXT-91b")).toBe(true);
        expect(r.hooks?.some((h) => h.name === "PostToolUse:Bash" && h.exitCode === 0)).toBe(true);
      },
    );
  });

  test("without transcript the hooks are not recorded (undefined), though they still run", async () => {
    await withHarness(
      {
        prompt: "go",
        model: [{ tool: "Bash", input: { command: "true" } }, { text: "ok" }],
        settings: { hooks: { PreToolUse: bashHook("touch {cwd}/HOOK-RAN") } },
      },
      (r) => {
        expect(r.hooks).toBeUndefined();
        expect(r.file("HOOK-RAN")).toBe("");
      },
    );
  });
});
