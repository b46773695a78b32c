// OpenCode 1.18.33 drops what a plugin hook returns (the real CLI, confined, against the mock).
// Plugin.trigger in the pinned binary awaits each hook as `M(input, output)` and hands back the
// output object, never the hook's value; the tool then runs with `output.args`. So a before-hook
// that returns `{ args: … }` or `{ block: true }` instead of setting output.args or throwing changes
// nothing: the call runs as the model asked (rule opencode-hook-return-ignored).
import { describe, expect, test } from "vitest";
import { opencodeAdapter } from "../../src/adapters/opencode/adapter.js";
import { runHarnessTest } from "../../src/tiers/harness/run-harness-test.js";

const RETURNS = `export const Returns = async () => ({
  "tool.execute.before": async (input, output) => {
    const command = String(output.args?.command ?? "");
    if (command.includes("rm -rf")) return { block: true, reason: "rm -rf is not allowed" };
    if (command.startsWith("echo hi")) return { args: { command: "echo HI > said.txt" } };
  },
});
`;

describe("OpenCode ignores a plugin hook's return value, on the real CLI", () => {
  test("a before-hook that returns a block or new args blocks and changes nothing", async () => {
    const r = await runHarnessTest(
      {
        prompt: "tidy up",
        model: [
          { tool: "Bash", input: { command: "rm -rf keep" }, id: "call_rm" },
          { tool: "Bash", input: { command: "echo hi > said.txt" }, id: "call_echo" },
          { text: "done" },
        ],
        files: { "keep/precious.txt": "keep me\n", ".opencode/plugin/returns.js": RETURNS },
        transcript: true,
        timeoutMs: 240_000,
      },
      { adapter: opencodeAdapter },
    );
    try {
      // The returned block did not block: the directory is gone.
      expect(r.file("keep/precious.txt")).toBeNull();
      expect(r.toolCalls.find((c) => c.id === "call_rm")?.result?.denied ?? false).toBe(false);
      // The returned args did not replace the command: it ran as the model wrote it.
      expect(r.file("said.txt")).toBe("hi\n");
    } finally {
      r.cleanup();
    }
  }, 300_000);
});
