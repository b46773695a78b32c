// One harness spec, written once in Claude Code's terms (tool names, a `settings.hooks` Bash guard,
// a timeout in seconds) with four checks, passes unchanged under the REAL Claude Code, Codex, GitHub
// Copilot, Gemini CLI, Qwen Code and OpenCode, run concurrently. The checks are the same list for all
// six: each CLI names the fired event in its own words (Gemini: BeforeTool), and a fire answers to
// Claude Code's name too (core/hook-decision/claude-event.ts). Under Copilot the settings.hooks become
// a repository hooks file under the PascalCase event name (the VS Code-compatible variant); under
// Gemini they are translated (PreToolUse → BeforeTool, Bash → run_shell_command, seconds →
// milliseconds). Qwen Code reads them as they are: its events are Claude Code's, and its matcher takes
// `Bash` as an alias. Under OpenCode, which runs plugins and no commands, they become a plugin whose
// tool.execute.before runs the command with Claude Code's payload and throws on exit 2.
import { describe, expect, test } from "vitest";
import { codexAdapter } from "../../src/adapters/codex/adapter.js";
import { copilotAdapter } from "../../src/adapters/copilot-cli/adapter.js";
import { geminiAdapter } from "../../src/adapters/gemini-cli/adapter.js";
import { opencodeAdapter } from "../../src/adapters/opencode/adapter.js";
import { qwenAdapter } from "../../src/adapters/qwen-code/adapter.js";
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
  "# Denies rm -rf the Claude Code way: exit 2 with the reason on stderr (Codex and Gemini block only with a reason).",
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

const HARNESSES: readonly (readonly [string, HarnessAdapter | undefined])[] = [
  ["Claude Code", undefined],
  ["Codex", codexAdapter],
  ["Copilot CLI", copilotAdapter],
  ["Gemini CLI", geminiAdapter],
  ["Qwen Code", qwenAdapter],
  ["OpenCode", opencodeAdapter],
];

/** The one list of checks every harness must pass. */
const CHECKS = [tool("Bash"), output(/done/), wrote("RAN"), hookFired("PreToolUse")];

describe("one harness spec, six real CLIs", () => {
  test(
    "the same spec and the same checks pass under Claude Code, Codex, Copilot CLI, Gemini CLI, Qwen Code and OpenCode",
    async () => {
      const runs = await Promise.all(
        HARNESSES.map(([, adapter]) =>
          runHarnessTest(guardedSpec(), adapter !== undefined ? { adapter } : {}),
        ),
      );
      try {
        for (const [i, r] of runs.entries()) {
          const name = HARNESSES[i]?.[0] ?? "";
          assertChecks(r, CHECKS);
          expect(r.file("RAN"), name).toBe("TOOLRAN\n");
          expect(r.file("keep/precious.txt"), name).toBe("keep me\n");
          expect(r.hooks?.filter((h) => h.blocked).length, name).toBe(1);
          const denied = r.toolCalls.find((c) => c.input["command"] === "rm -rf keep");
          expect(denied?.result, name).toMatchObject({ isError: true });
        }
        // Each CLI's own words for the fire the checks read in Claude Code's.
        const [, , copilot, gemini, qwen, opencode] = runs;
        expect(copilot?.hooks?.map((h) => h.name)).toEqual(["PreToolUse:Bash", "PreToolUse:Bash"]);
        // Copilot's words for an exit-2 deny: the hook's stderr does not reach the model.
        expect(copilot?.toolCalls[1]?.result).toMatchObject({ denied: true, deniedBy: "hook" });
        expect(copilot?.toolCalls[1]?.result?.text).toBe(
          "Denied by preToolUse hook: hook exited with code 2",
        );
        expect(gemini?.hooks?.map((h) => [h.name, h.alias])).toEqual([
          ["BeforeTool:run_shell_command", "PreToolUse:Bash"],
          ["BeforeTool:run_shell_command", "PreToolUse:Bash"],
        ]);
        expect(qwen?.hooks?.map((h) => [h.name, h.alias])).toEqual([
          ["PreToolUse:run_shell_command", "PreToolUse:Bash"],
          ["PreToolUse:run_shell_command", "PreToolUse:Bash"],
        ]);
        // OpenCode: the carried-over hooks are one plugin, recorded by its load and each call.
        expect(opencode?.hooks?.map((h) => [h.name, h.alias ?? ""])).toEqual([
          ["plugin.load:.opencode/plugin/vigiles-settings-hooks.js", ""],
          ["tool.execute.before:bash", "PreToolUse:Bash"],
          ["tool.execute.after:bash", "PostToolUse:Bash"],
          ["tool.execute.before:bash", "PreToolUse:Bash"],
        ]);
      } finally {
        for (const r of runs) r.cleanup();
      }
    },
    RUN_TIMEOUT + 60_000,
  );
});
