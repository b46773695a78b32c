// runHarnessTest with the real Claude Code CLI against the mock: the basic shape of a result.
import { describe, expect, test } from "vitest";
import { existsSync } from "node:fs";
import { scriptModel } from "../../src/adapters/mock/script.js";
import { HarnessTimeoutError } from "../../src/tiers/harness/errors.js";
import { runHarnessTest, withHarness } from "../../src/tiers/harness/run-harness-test.js";

describe.concurrent("runHarnessTest, unconfined", { timeout: 180_000 }, () => {
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

describe.concurrent("the documented spec shape and the ends of a run", { timeout: 180_000 }, () => {
  test("a spec using every common field runs as written (scriptModel, files, a {cwd} Stop hook, allowedTools, transcript)", async () => {
    const r = await runHarnessTest({
      prompt: "run the bash tool",
      model: scriptModel([{ tool: "Bash", input: { command: "echo TOOLRAN | tee RAN" } }, { text: "done" }]),
      files: {
        "skills/demo/SKILL.md": "---\nname: demo\ndescription: d\n---\nbody\n",
        "gate.cjs": "require('fs').writeFileSync(__dirname + '/GATE-RAN', 'yes')",
      },
      settings: { hooks: { Stop: [{ hooks: [{ type: "command", command: "node {cwd}/gate.cjs" }] }] } },
      allowedTools: ["Bash"],
      transcript: true,
      timeoutMs: 120_000,
      sandbox: false,
    });
    try {
      expect(r.file("RAN")).toBe("TOOLRAN\n");
      expect(r.file("GATE-RAN")).toBe("yes");
      expect(r.output).toBe("done");
      expect(r.turns).toBe(2);
      expect(r.hooks?.some((h) => h.event === "Stop" && h.exitCode === 0)).toBe(true);
      expect(r.argv).toContain("acceptEdits");
      expect(r.modelRequests.every((q) => typeof q.sideChannel === "boolean")).toBe(true);
    } finally {
      r.cleanup();
    }
  });

  test("overloaded (529) turns past the CLI's retries end the run with its error, exit 1, and no throw", async () => {
    await withHarness(
      {
        prompt: "x",
        env: { CLAUDE_CODE_MAX_RETRIES: "1" },
        model: [{ error: { status: 529, retryAfter: 0 } }, { error: { status: 529, retryAfter: 0 } }],
      },
      (r) => {
        expect(r.exitCode).toBe(1);
        expect(r.errorText).toMatch(/529|overloaded/i);
        expect(r.turns).toBe(0);
      },
    );
  });

  test("a run past timeoutMs throws HarnessTimeoutError (the CLI is killed with its group)", async () => {
    const run = runHarnessTest({ prompt: "x", model: [{ text: "late", delayMs: 60_000 }], timeoutMs: 4_000 });
    await expect(run).rejects.toBeInstanceOf(HarnessTimeoutError);
    await expect(run).rejects.toThrow(/did not finish within 4000 ms/);
  });
});
