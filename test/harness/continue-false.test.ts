// What `continue: false` really does in Claude Code 2.1.328, against the mock: it ends the session
// once the hooks ran, but it does not stop a PreToolUse call (the command runs) nor keep a Stop from
// stopping; only on UserPromptSubmit does it stop the action (the prompt never reaches the model).
// vigiles used to fold every continue:false as a block, so `blocked()` passed while the command ran.
import { describe, expect, test } from "vitest";
import { foldHookDecision } from "../../src/tiers/run-hook/fold.js";
import { withHarness } from "../../src/tiers/harness/run-harness-test.js";

const answer = (out: Record<string, unknown>) => `echo '${JSON.stringify(out)}'`;
const bash = [
  { tool: "Bash", input: { command: "echo ran > RAN" } },
  { tool: "Bash", input: { command: "echo two > TWO" } },
  { text: "done" },
];
const agentTurns = (r: { modelRequests: readonly { sideChannel?: boolean }[] }) =>
  r.modelRequests.filter((q) => !q.sideChannel).length;

describe.concurrent("continue:false, real CLI", { timeout: 180_000 }, () => {
  test("on PreToolUse the call still runs, the session ends after it, and the fire is not a block", async () => {
    const out = { continue: false, stopReason: "HALT-PRE" };
    await withHarness(
      {
        prompt: "go",
        model: bash,
        settings: {
          hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: answer(out) }] }] },
        },
        transcript: true,
        // continue:false ends the session early: the rest of the script is never asked for.
        allowUnservedTurns: true,
      },
      (r) => {
        expect(r.file("RAN")).toBe("ran\n");
        expect(r.file("TWO")).toBeNull();
        expect(agentTurns(r)).toBe(1);
        expect(r.toolCalls[0]?.result).toMatchObject({ isError: false, denied: false });
        expect(r.hooks?.[0]).toMatchObject({ event: "PreToolUse", blocked: false });
        expect(
          foldHookDecision({ event: "PreToolUse", exitCode: 0, stdout: JSON.stringify(out), stderr: "" }),
        ).toMatchObject({ blocked: false, halted: true });
      },
    );
  });

  test("on PreToolUse beside a deny the deny blocks the call", async () => {
    const out = {
      continue: false,
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: "deny",
        permissionDecisionReason: "DENY-R",
      },
    };
    await withHarness(
      {
        prompt: "go",
        model: bash,
        settings: {
          hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: answer(out) }] }] },
        },
        transcript: true,
        // continue:false ends the session early: the rest of the script is never asked for.
        allowUnservedTurns: true,
      },
      (r) => {
        expect(r.file("RAN")).toBeNull();
        expect(r.toolCalls[0]?.result).toMatchObject({ denied: true });
        expect(r.hooks?.[0]).toMatchObject({ blocked: true });
      },
    );
  });

  test("on UserPromptSubmit the prompt never reaches the model, and the fire is a block", async () => {
    await withHarness(
      {
        prompt: "go",
        model: [{ text: "answered" }],
        settings: {
          hooks: {
            UserPromptSubmit: [
              { hooks: [{ type: "command", command: answer({ continue: false, stopReason: "UPS-HALT" }) }] },
            ],
          },
        },
        transcript: true,
        // continue:false ends the session early: the rest of the script is never asked for.
        allowUnservedTurns: true,
      },
      (r) => {
        expect(agentTurns(r)).toBe(0);
        expect(r.output).toContain("UPS-HALT");
        expect(r.hooks?.[0]).toMatchObject({ event: "UserPromptSubmit", blocked: true });
      },
    );
  });

  test("on Stop the agent stops (it is not kept going), and the fire is not a block", async () => {
    await withHarness(
      {
        prompt: "go",
        model: [{ text: "first" }, { text: "second" }],
        settings: {
          hooks: { Stop: [{ hooks: [{ type: "command", command: answer({ continue: false }) }] }] },
        },
        transcript: true,
        // continue:false ends the session early: the rest of the script is never asked for.
        allowUnservedTurns: true,
      },
      (r) => {
        expect(r.output).toBe("first");
        expect(agentTurns(r)).toBe(1);
        expect(r.hooks?.[0]).toMatchObject({ event: "Stop", blocked: false });
      },
    );
  });
});
