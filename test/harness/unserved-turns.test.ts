// A script the CLI stopped reading halfway is a test of its first half only: the CLI ends its loop on
// a turn with no tool call, so [text, rm -rf, text] runs the text and never the command a guard was
// meant to stop. Before the runner checked it, every harness returned normally here (1 of 3 turns
// served) and a test asserting "the guard blocked rm -rf" on files alone passed. Real pinned CLIs
// against the mock, confined as by default.
import { describe, expect, test } from "vitest";
import { codexAdapter } from "../../src/adapters/codex/adapter.js";
import { copilotAdapter } from "../../src/adapters/copilot-cli/adapter.js";
import { geminiAdapter } from "../../src/adapters/gemini-cli/adapter.js";
import { claudeCodeAdapter } from "../../src/adapters/claude-code/adapter.js";
import type { HarnessAdapter } from "../../src/adapters/port.js";
import { UnservedTurnsError } from "../../src/tiers/harness/errors.js";
import { runHarnessTest } from "../../src/tiers/harness/run-harness-test.js";

const TIMEOUT = 240_000;
const model = [
  { text: "I will clean up" },
  { tool: "Bash", input: { command: "rm -rf build" } },
  { text: "done" },
];
const spec = { prompt: "clean up", model, files: { "build/out.txt": "keep" } };

describe.concurrent("scripted turns never served", () => {
  for (const adapter of [
    claudeCodeAdapter,
    codexAdapter,
    copilotAdapter,
    geminiAdapter,
  ] as HarnessAdapter[]) {
    test(
      `${adapter.displayName}: UnservedTurnsError says 1 of 3 served and which turn came next`,
      async () => {
        const run = runHarnessTest(spec, { adapter });
        await expect(run).rejects.toBeInstanceOf(UnservedTurnsError);
        await expect(run).rejects.toThrow(
          /main agent: 1 of 3 turn\(s\) served, next was turn 2 \{"tool":"Bash","input":\{"command":"rm -rf build"\}\}/,
        );
        await expect(run).rejects.toMatchObject({
          unserved: [{ label: "main agent", served: 1, total: 3 }],
        });
      },
      TIMEOUT,
    );
  }

  test(
    "allowUnservedTurns: true lets the run return (the early stop is what the test is about)",
    async () => {
      const r = await runHarnessTest({ ...spec, allowUnservedTurns: true });
      try {
        expect(r.output).toBe("I will clean up");
        expect(r.toolCalls).toEqual([]);
        expect(r.file("build/out.txt")).toBe("keep");
      } finally {
        r.cleanup();
      }
    },
    TIMEOUT,
  );
});
