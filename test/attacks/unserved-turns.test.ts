// A script the CLI stopped reading halfway is a test of its first half only: the CLI ends its loop on
// a turn with no tool call, so [text, rm -rf, text] runs the text and never the command a guard was
// meant to stop. Before the runner checked it, every harness returned normally here (1 of 3 turns
// served) and a test asserting "the guard blocked rm -rf" on files alone passed. Attack class 3 of
// issue 29, on every registered harness: real pinned CLIs against the mock, confined as by default.
import { describe, expect, test } from "vitest";
import { UnservedTurnsError } from "../../src/tiers/harness/errors.js";
import { runHarnessTest } from "../../src/tiers/harness/run-harness-test.js";
import { REAL_RUN_TIMEOUT, REGISTERED } from "./registered.js";

const TIMEOUT = REAL_RUN_TIMEOUT;
const model = [
  { text: "I will clean up" },
  { tool: "Bash", input: { command: "rm -rf build" } },
  { text: "done" },
];
const spec = { prompt: "clean up", model, files: { "build/out.txt": "keep" } };

describe.concurrent("scripted turns never served", () => {
  for (const { adapter } of REGISTERED) {
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
