// One harness spec, written once in Claude Code's terms (tool names, `settings.hooks` shape, a
// timeout in seconds), passing unchanged under the REAL Claude Code, Codex and Gemini CLIs. For
// Gemini the hooks are translated (PreToolUse → BeforeTool, Bash → run_shell_command, seconds →
// milliseconds); each CLI names the fired event in its own words, which is the one line that differs.
import { describe, expect, test } from "vitest";
import { codexAdapter } from "../../src/adapters/codex/adapter.js";
import { geminiAdapter } from "../../src/adapters/gemini-cli/adapter.js";
import type { HarnessAdapter } from "../../src/adapters/port.js";
import { assertChecks } from "../../src/core/checks/assert-checks.js";
import { hookFired } from "../../src/core/checks/hook-fired.js";
import { wrote } from "../../src/core/checks/run-checks.js";
import { output } from "../../src/core/checks/text-checks.js";
import { tool } from "../../src/core/checks/tool-checks.js";
import { runHarnessTest } from "../../src/tiers/harness/run-harness-test.js";
import type { HarnessTestSpec } from "../../src/tiers/harness/spec.js";

const RUN_TIMEOUT = 240_000;

const GUARD = [
  "#!/bin/sh",
  "# Denies rm -rf: exit 2 with a reason on stderr (Codex and Gemini block only with a reason).",
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
        PreToolUse: [
          { matcher: "Bash", hooks: [{ type: "command", command: "sh {cwd}/guard.sh", timeout: 30 }] },
        ],
      },
    },
    transcript: true,
    sandbox: false,
    timeoutMs: RUN_TIMEOUT,
  };
}

/** Each CLI's name for the event that fired before the shell call. */
const PRE_TOOL_EVENT: readonly [string, HarnessAdapter | undefined, string][] = [
  ["Claude Code", undefined, "PreToolUse"],
  ["Codex", codexAdapter, "PreToolUse"],
  ["Gemini CLI", geminiAdapter, "BeforeTool"],
];

describe("one harness spec, every real CLI", () => {
  test(
    "the same spec passes under Claude Code, Codex and Gemini CLI",
    async () => {
      const results = await Promise.all(
        PRE_TOOL_EVENT.map(([, adapter]) =>
          runHarnessTest(guardedSpec(), adapter !== undefined ? { adapter } : {}),
        ),
      );
      try {
        for (const [i, r] of results.entries()) {
          const [name, , event] = PRE_TOOL_EVENT[i] ?? ["", undefined, ""];
          assertChecks(r, [tool("Bash"), output(/done/), wrote("RAN"), hookFired(event)]);
          expect(r.file("RAN"), name).toBe("TOOLRAN\n");
          expect(r.file("keep/precious.txt"), name).toBe("keep me\n");
          expect(r.hooks?.filter((h) => h.blocked).length, name).toBe(1);
          const denied = r.toolCalls.find((c) => c.input["command"] === "rm -rf keep");
          expect(denied?.result, name).toMatchObject({ isError: true });
        }
      } finally {
        for (const r of results) r.cleanup();
      }
    },
    RUN_TIMEOUT + 60_000,
  );
});
