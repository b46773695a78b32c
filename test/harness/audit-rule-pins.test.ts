// Claude Code 2.1.328 behaviour three audit rules rest on, pinned against the mock (issue 35's
// misses): the fields a PostToolUse hook receives (no `tool_output`), what a SubagentStop matcher
// is compared with (the agent type, so `"Stop"` never matches), and that a UserPromptSubmit block
// written under hookSpecificOutput is ignored (only the top-level `decision` blocks the prompt).
import { describe, expect, test } from "vitest";
import { dialectEvent } from "../../src/core/dialect.js";
import { dialectOf } from "../../src/adapters/registry.js";
import { scriptModel } from "../../src/adapters/mock/script.js";
import { withHarness } from "../../src/tiers/harness/run-harness-test.js";

const agentTurns = (r: { modelRequests: readonly { sideChannel?: boolean; agentId?: string }[] }) =>
  r.modelRequests.filter((q) => !q.sideChannel && q.agentId === undefined).length;
const answer = (out: Record<string, unknown>) => `echo '${JSON.stringify(out)}'`;

describe.concurrent("audit rule pins, real CLI", { timeout: 180_000 }, () => {
  test("PostToolUse sends tool_response (never tool_output), every field the dialect records", async () => {
    await withHarness(
      {
        prompt: "go",
        model: [{ tool: "Bash", input: { command: "echo hi" } }, { text: "done" }],
        settings: {
          hooks: {
            PostToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "cat > POST.json" }] }],
          },
        },
      },
      (r) => {
        const payload = JSON.parse(r.file("POST.json") ?? "{}") as Record<string, unknown>;
        expect(payload).toHaveProperty("tool_response");
        expect(payload).toHaveProperty("transcript_path");
        for (const unsent of ["tool_output", "transcript", "agent_output", "toolArgs"])
          expect(payload).not.toHaveProperty(unsent);
        const recorded = dialectEvent(dialectOf("claude-code"), "PostToolUse")?.payloadFields ?? [];
        for (const key of Object.keys(payload)) expect(recorded, key).toContain(key);
      },
    );
  });

  test("SubagentStop's matcher is compared with the agent type: an event name never matches", async () => {
    const model = scriptModel(
      [
        {
          tool: "Agent",
          input: { subagent_type: "general-purpose", description: "d", prompt: "SUB-PROMPT" },
        },
        { text: "started" },
        { text: "main done" },
      ],
      { agents: { "general-purpose": [{ text: "sub done" }] } },
    );
    const hook = (matcher: string | undefined, file: string) => ({
      ...(matcher !== undefined && { matcher }),
      hooks: [{ type: "command", command: `cat > ${file}` }],
    });
    await withHarness(
      {
        prompt: "delegate",
        model,
        settings: {
          hooks: {
            SubagentStop: [
              hook(undefined, "ANY.json"),
              hook("Stop", "STOP.json"),
              hook("SubagentStop", "SUBAGENTSTOP.json"),
              hook("general-purpose", "TYPE.json"),
            ],
          },
        },
      },
      (r) => {
        const payload = JSON.parse(r.file("ANY.json") ?? "{}") as Record<string, unknown>;
        expect(payload).toMatchObject({ hook_event_name: "SubagentStop", agent_type: "general-purpose" });
        expect(r.file("TYPE.json")).not.toBeNull();
        expect(r.file("STOP.json")).toBeNull();
        expect(r.file("SUBAGENTSTOP.json")).toBeNull();
        const recorded = dialectEvent(dialectOf("claude-code"), "SubagentStop")?.payloadFields ?? [];
        for (const key of Object.keys(payload)) expect(recorded, key).toContain(key);
      },
    );
  });

  test("UserPromptSubmit: decision under hookSpecificOutput is ignored, at the top level it blocks", async () => {
    const ups = (out: Record<string, unknown>) => ({
      UserPromptSubmit: [{ hooks: [{ type: "command", command: answer(out) }] }],
    });
    await withHarness(
      {
        prompt: "go",
        model: [{ text: "answered" }],
        settings: {
          hooks: ups({
            hookSpecificOutput: { hookEventName: "UserPromptSubmit", decision: "block", reason: "NESTED" },
          }),
        },
      },
      (r) => {
        expect(agentTurns(r)).toBe(1);
        expect(r.output).toBe("answered");
      },
    );
    await withHarness(
      {
        prompt: "go",
        model: [{ text: "answered" }],
        settings: { hooks: ups({ decision: "block", reason: "TOP" }) },
        allowUnservedTurns: true,
      },
      (r) => {
        expect(agentTurns(r)).toBe(0);
      },
    );
  });
});
