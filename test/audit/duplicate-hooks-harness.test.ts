/**
 * Pins what the pinned Claude Code does with the `duplicate-hooks-file` fixture (the field notes
 * describe an older release): 2.1.328 skips the repeated entries, and each hook fires once. If a
 * future pin drops the hooks again, this fails and the rule's severity should go back to error.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runHarnessTest } from "../../src/tiers/harness/run-harness-test.js";

const FIXTURE = join(import.meta.dirname, "__fixtures__/duplicate-hooks-file/bad");

describe("duplicate hooks entries against the real CLI", () => {
  it("2.1.328 loads each hooks file once despite the repeated manifest entries", async () => {
    const r = await runHarnessTest({
      prompt: "run it",
      model: [{ tool: "Bash", input: { command: "echo hi" } }, { text: "done" }],
      pluginDir: FIXTURE,
      allowedTools: ["Bash"],
      transcript: true,
      sandbox: false,
      timeoutMs: 90_000,
    });
    try {
      expect(r.hooks?.map((h) => h.name)).toEqual(["PreToolUse:Bash", "PostToolUse:Bash"]);
    } finally {
      r.cleanup();
    }
  });
});
