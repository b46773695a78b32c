// runHarnessTest with the real Claude Code CLI against the mock: the basic shape of a result.
import { describe, expect, test } from "vitest";
import { existsSync } from "node:fs";
import { runHarnessTest, withHarness } from "../../src/tiers/harness/run-harness-test.js";

describe.concurrent("runHarnessTest, unconfined", () => {
  test("a scripted Bash call runs; the result has file(), output, turns, toolCalls, filesWritten and requests", async () => {
    const r = await runHarnessTest({
      prompt: "run the bash tool",
      model: [{ tool: "Bash", input: { command: "echo TOOLRAN | tee RAN" } }, { text: "done" }],
      sandbox: false,
    });
    try {
      expect(r.file("RAN")).toBe("TOOLRAN\n");
      expect(r.file("MISSING")).toBeNull();
      expect(r.output).toBe("done");
      expect(r.turns).toBe(2);
      expect(r.toolCalls).toHaveLength(1);
      expect(r.toolCalls[0]).toMatchObject({ name: "Bash", input: { command: "echo TOOLRAN | tee RAN" } });
      expect(r.toolCalls[0]?.result).toMatchObject({ text: "TOOLRAN", isError: false });
      expect(r.filesWritten).toEqual(["RAN"]);
      expect(r.hooks).toBeUndefined();
      expect(r.modelRequests.filter((q) => !q.sideChannel)).toHaveLength(2);
      expect(r.modelRequests[0]?.messages.some((m) => m.text.includes("run the bash tool"))).toBe(true);
      expect(r.sh("cat RAN").stdout).toBe("TOOLRAN\n");
      expect(r.harness.version).toBe("2.1.328");
      expect(r.exitCode).toBe(0);
      expect(r.confined).toBe(false);
      expect(r.events.some((e) => e["type"] === "result")).toBe(true);
      expect(r.stdout).toContain('"type":"result"');
    } finally {
      r.cleanup();
    }
    expect(existsSync(r.workDir)).toBe(false);
    expect(() => r.file("RAN")).toThrow(/after cleanup/);
  });

  test("withHarness removes the work dir even when the callback throws", async () => {
    let dir = "";
    await expect(
      withHarness({ prompt: "hi", model: [{ text: "hello" }] }, (r) => {
        dir = r.workDir;
        expect(existsSync(dir)).toBe(true);
        throw new Error("boom in the callback");
      }),
    ).rejects.toThrow("boom in the callback");
    expect(dir).not.toBe("");
    expect(existsSync(dir)).toBe(false);
  });
});
