// Which fires count as crashed (and so fail a harness run): an exit other than 0 and 2, or a kill at
// the timeout, that the harness did not turn into a block. A fire that blocked is the guard working,
// whatever its exit: Copilot 1.0.102 denies preToolUse on any non-zero exit, and Gemini CLI 0.61.0
// reads text on exit 127 as a deny (pinned in test/copilot and test/gemini).
import { describe, expect, test } from "vitest";
import type { HookFire } from "../../src/core/trace.js";
import { hookCrashed } from "../../src/tiers/harness/hook-crashes.js";

const fire = (exitCode: number | null, blocked: boolean): HookFire => ({
  name: "PreToolUse:Bash",
  event: "PreToolUse",
  exitCode,
  blocked,
  output: "",
  stdout: "",
  stderr: "",
  outcome: exitCode === 0 ? "success" : "error",
});

describe("hookCrashed", () => {
  test("a non-blocking exit 1, 126 or 127 is a crash; 0 and 2 are not", () => {
    for (const code of [1, 126, 127])
      expect(hookCrashed(fire(code, false), { nullExitIsTimeout: true })).toBe(true);
    for (const code of [0, 2])
      expect(hookCrashed(fire(code, false), { nullExitIsTimeout: true })).toBe(false);
  });

  test("a fire the harness turned into a block is not a crash, whatever its exit", () => {
    for (const code of [1, 127, null])
      expect(hookCrashed(fire(code, true), { nullExitIsTimeout: true })).toBe(false);
  });

  test("no exit code is a timeout for a recorder, and not judged for a stream", () => {
    expect(hookCrashed(fire(null, false), { nullExitIsTimeout: true })).toBe(true);
    expect(hookCrashed(fire(null, false), { nullExitIsTimeout: false })).toBe(false);
  });
});
