// The STRICT half of the spec's "The check vocabulary" sample and the "vitest / jest matchers" samples,
// as written, against the BUILT package and over real results: `runHarness` is the package's own (the
// real Claude Code CLI against the mock model) and `runHook` runs a real guard script. trace.test.ts
// runs the same lines over hand-built traces from the sources; this file pins the package as shipped.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { expect as vitestExpect } from "vitest"; // or "@jest/globals"
import {
  tool,
  skill,
  output,
  hookFired,
  blocked,
  allowed,
  cost,
  assertChecks,
  runHarness,
  runHook,
  vigilesMatchers,
  AssertionFailedError,
} from "vigiles";
import type { HarnessTestResult, HarnessTestSpec } from "vigiles";
import "vigiles/vitest"; // …or import once at the top of a test file

/** A guard: exit 2 with a reason on a force-push, exit 0 otherwise. */
const cmd = `grep -q 'push -f' && { echo 'no force-push' >&2; exit 2; } || exit 0`;
const event = { hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "git push -f" } };
const spec: HarnessTestSpec = {
  prompt: "list the files, then say done",
  model: [
    { tool: "Bash", input: { command: "ls" } },
    { tool: "Write", input: { file_path: "DONE", content: "ok" } },
    { text: "all done" },
  ],
  settings: { hooks: { UserPromptSubmit: [{ hooks: [{ type: "command", command: "exit 0" }] }] } },
  transcript: true,
  sandbox: false,
};

let run: HarnessTestResult | undefined;
beforeAll(async () => {
  run = await runHarness(spec);
}, 120_000);
afterAll(() => run?.cleanup());

describe("The check vocabulary, STRICT", () => {
  test("runs as written over a real runHarness and a real runHook", async () => {
    // STRICT (deterministic tiers): throws, collecting ALL failures with messages.
    assertChecks(await runHarness(spec), [tool("Bash"), output(/done/)]); // its temp dirs go at exit
    assertChecks(runHook(cmd, event), [blocked()]);
    assertChecks(run!, [hookFired("UserPromptSubmit")]);
  });

  test("collects every failure, with the product's message", () => {
    let caught: unknown;
    try {
      assertChecks(run!, [tool("Edit"), output(/never said/), skill("demo:greet")]);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AssertionFailedError);
    const message = (caught as Error).message;
    expect(message).toContain('expected the agent to use tool "Edit", but it used [Bash, Write]');
    expect(message).toMatch(/never said/);
    expect(message).toMatch(/demo:greet/);
    expect(() =>
      assertChecks(runHook(cmd, { ...event, tool_input: { command: "git status" } }), [blocked()]),
    ).toThrow(AssertionFailedError);
  });

  test("the same line fails on a run that did not do it", async () => {
    const fresh = await runHarness({ ...spec, model: [{ text: "nothing to do" }] });
    try {
      expect(() => assertChecks(fresh, [tool("Bash"), output(/done/)])).toThrow(AssertionFailedError);
    } finally {
      fresh.cleanup();
    }
  });
});

describe("vitest / jest matchers", () => {
  test("register by hand: expect.extend(vigilesMatchers)", () => {
    vitestExpect.extend(vigilesMatchers);
    vitestExpect(run).toPass(tool("Bash"));
  });

  test('toPass fronts the vocabulary; the shorthands (registered by import "vigiles/vitest")', () => {
    const denied = runHook(cmd, event);
    const passed = runHook(cmd, { ...event, tool_input: { command: "git status" } });
    expect(run).toPass(tool("Bash"));
    expect(denied).toPass(blocked());
    expect(passed).toPass(allowed());
    expect(run).toPassAll([tool("Bash"), output(/done/)]);
    expect(run).toHaveCreated("DONE");
    expect(denied).toBlock();
    expect(passed).not.toBlock();
    expect(run).not.toPass(skill("x:y"));
    expect(() => expect(run).toPass(tool("Edit"))).toThrow(/expected the agent to use tool "Edit"/);
  });

  test("toPass(cost({ maxUsd: 0.05 })) reads the run's usage", () => {
    expect(run?.usage?.durationMs).toBeGreaterThan(0); // a usage was recorded: the check read something
    expect(run).toPass(cost({ maxUsd: 0.05 }));
  });
});
