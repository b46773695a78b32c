import { describe, expect, it } from "vitest";
import { createTrace } from "./trace-builder.js";

describe("createTrace", () => {
  it("fills what a caller leaves out with the values that mean empty or not recorded", () => {
    const t = createTrace();
    expect(t.toolCalls).toEqual([]);
    expect(t.hooks).toBeUndefined();
    expect(t.modelRequests).toBeUndefined();
    expect(t.filesWritten).toBeUndefined();
    expect(t.usage).toBeUndefined();
    expect(t.sh).toBeUndefined();
    expect(t.output).toBe("");
    expect(t.turns).toBe(1);
    expect(t.file("anything")).toBeNull();
  });

  it("gives tool calls ids, inputs and text results", () => {
    const t = createTrace({
      toolCalls: [{ name: "Read" }, { name: "Bash", id: "x", input: { command: "ls" }, result: "a b" }],
    });
    expect(t.toolCalls[0]).toEqual({ id: "toolu_0", name: "Read", input: {} });
    expect(t.toolCalls[1]).toEqual({
      id: "x",
      name: "Bash",
      input: { command: "ls" },
      result: { text: "a b", isError: false },
    });
  });

  it("completes hook fires and derives the outcome from the exit code", () => {
    const t = createTrace({
      hooks: [
        { event: "Stop" },
        { event: "PreToolUse", name: "PreToolUse:Bash", exitCode: 2, blocked: true },
      ],
    });
    expect(t.hooks).toEqual([
      {
        name: "Stop",
        event: "Stop",
        exitCode: 0,
        blocked: false,
        output: "",
        stdout: "",
        stderr: "",
        outcome: "success",
      },
      {
        name: "PreToolUse:Bash",
        event: "PreToolUse",
        exitCode: 2,
        blocked: true,
        output: "",
        stdout: "",
        stderr: "",
        outcome: "error",
      },
    ]);
  });

  it("counts turns from the main agent's loop requests", () => {
    const t = createTrace({
      modelRequests: [{ messages: ["hi"] }, { sideChannel: true }, { agentId: "sub" }, {}],
    });
    expect(t.turns).toBe(2);
    expect(t.modelRequests?.[0]?.messages).toEqual([{ role: "user", text: "hi" }]);
    expect(createTrace({ modelRequests: [{}], turns: 5 }).turns).toBe(5);
  });

  it("reads files from a map, with or without a leading ./", () => {
    const t = createTrace({ files: { "src/a.ts": "A" }, filesWritten: ["./src/a.ts"] });
    expect(t.file("src/a.ts")).toBe("A");
    expect(t.file("./src/a.ts")).toBe("A");
    expect(t.file("b")).toBeNull();
    expect(t.filesWritten).toEqual(["src/a.ts"]);
  });

  it("completes usage", () => {
    expect(createTrace({ usage: { costUsd: 0.5 } }).usage).toEqual({
      costUsd: 0.5,
      durationMs: 0,
      inputTokens: 0,
      outputTokens: 0,
    });
  });
});
