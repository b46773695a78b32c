// One harness spec, written once in Claude Code's names and settings shape (a Bash guard in
// settings.hooks and four checks), passes under the REAL Claude Code, Codex and GitHub Copilot CLI.
// Under Copilot the settings.hooks become a repository hooks file under the PascalCase event name,
// which Copilot reads as the VS Code-compatible variant (snake_case payload, `tool_name: "Bash"`).
import { describe, expect, test } from "vitest";
import { codexAdapter } from "../../src/adapters/codex/adapter.js";
import { copilotAdapter } from "../../src/adapters/copilot-cli/adapter.js";
import { runHarnessTest } from "../../src/tiers/harness/run-harness-test.js";
import { assertChecks } from "../../src/core/checks/assert-checks.js";
import { tool } from "../../src/core/checks/tool-checks.js";
import { wrote } from "../../src/core/checks/run-checks.js";
import { output } from "../../src/core/checks/text-checks.js";
import { hookFired } from "../../src/core/checks/hook-fired.js";
import type { HarnessTestSpec } from "../../src/tiers/harness/spec.js";

const GUARD = [
  "#!/bin/sh",
  "# Denies rm -rf the Claude Code way: exit 2 with the reason on stderr.",
  'if grep -q "rm -rf"; then echo "guard: rm -rf is not allowed" >&2; exit 2; fi',
  "exit 0",
  "",
].join("\n");

function guardedSpec(): HarnessTestSpec {
  return {
    prompt: "tidy up",
    model: [
      { tool: "Bash", input: { command: "echo TOOLRAN | tee RAN" } },
      { tool: "Bash", input: { command: "rm -rf keep" } },
      { text: "done" },
    ],
    files: { "keep/precious.txt": "keep me\n", "guard.sh": GUARD },
    settings: {
      hooks: {
        PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "sh {cwd}/guard.sh" }] }],
      },
    },
    transcript: true,
    sandbox: false,
  };
}

describe("one spec, three harnesses", () => {
  test("the same harness spec passes under Claude Code, Codex and GitHub Copilot CLI", async () => {
    const checks = [tool("Bash"), output(/done/), wrote("RAN"), hookFired("PreToolUse")];
    const runs = await Promise.all([
      runHarnessTest(guardedSpec()),
      runHarnessTest(guardedSpec(), { adapter: codexAdapter }),
      runHarnessTest(guardedSpec(), { adapter: copilotAdapter }),
    ]);
    try {
      for (const r of runs) {
        assertChecks(r, checks);
        expect(r.file("RAN")).toBe("TOOLRAN\n");
        expect(r.file("keep/precious.txt")).toBe("keep me\n");
        expect(r.hooks?.filter((h) => h.blocked).length).toBe(1);
        const denied = r.toolCalls.find((c) => c.input["command"] === "rm -rf keep");
        expect(denied?.result).toMatchObject({ isError: true, denied: true });
      }
      // Copilot's own words for an exit-2 deny: the hook's stderr does not reach the model.
      const copilot = runs[2];
      expect(copilot?.toolCalls[1]?.result?.deniedBy).toBe("hook");
      expect(copilot?.hooks?.map((h) => h.name)).toEqual(["PreToolUse:Bash", "PreToolUse:Bash"]);
      expect(copilot?.toolCalls[1]?.result?.text).toBe("Denied by preToolUse hook: hook exited with code 2");
    } finally {
      for (const r of runs) r.cleanup();
    }
  }, 300_000);
});
