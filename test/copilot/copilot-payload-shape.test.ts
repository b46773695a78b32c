// What the REAL pinned GitHub Copilot CLI (1.0.102) sends a camelCase preToolUse hook on stdin, for
// the audit's payload-field rule: `toolName` and `toolArgs` (no `tool_input`, no `tool_name`), and
// the JSON type of `toolArgs` (the docs show a JSON string; the pinned CLI sends an object).
import { describe, expect, test } from "vitest";
import { copilotAdapter } from "../../src/adapters/copilot-cli/adapter.js";
import { runHarnessTest } from "../../src/tiers/harness/run-harness-test.js";

describe("GitHub Copilot CLI payload, real CLI", () => {
  test("preToolUse stdin has toolName and toolArgs, never tool_input or tool_name", async () => {
    const r = await runHarnessTest(
      {
        prompt: "list",
        model: [{ tool: "Bash", input: { command: "echo hi" } }, { text: "done" }],
        files: {
          ".github/hooks/capture.json": JSON.stringify({
            version: 1,
            hooks: { preToolUse: [{ type: "command", bash: "cat > payload.json", timeoutSec: 10 }] },
          }),
        },
        sandbox: false,
      },
      { adapter: copilotAdapter },
    );
    try {
      const payload = JSON.parse(r.file("payload.json") ?? "{}") as Record<string, unknown>;
      expect(payload["toolName"]).toBe("bash");
      expect(payload).not.toHaveProperty("tool_input");
      expect(payload).not.toHaveProperty("tool_name");
      const args = payload["toolArgs"];
      const parsed = typeof args === "string" ? (JSON.parse(args) as Record<string, unknown>) : args;
      expect(parsed).toMatchObject({ command: "echo hi" });
      // Pinned by this run: 1.0.102 sends an object, not the JSON string the docs show, so jq's
      // `.toolArgs.command` works on it (the audit must not call that a bug).
      expect(typeof args).toBe("object");
    } finally {
      r.cleanup();
    }
  }, 240_000);
});
