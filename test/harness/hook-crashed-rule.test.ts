// Which fires count as crashed (and so fail a harness run): an exit other than 0 and 2, or a kill at
// the timeout, that the harness did not turn into a block. A fire that blocked is the guard working,
// whatever its exit: Copilot 1.0.102 denies preToolUse on any non-zero exit, and Gemini CLI 0.61.0
// reads text on exit 127 as a deny (pinned in test/copilot and test/gemini).
import { describe, expect, test } from "vitest";
import type { HookFire } from "../../src/core/trace.js";
import { exit2RuleOf, hookCrashed } from "../../src/tiers/harness/hook-crashes.js";
import { dialectOf, findHarness } from "../../src/adapters/registry.js";

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

// Exit 2 where it blocks nothing, with the shell saying it could not run the script, is a crash
// (bash exits 2 on a syntax error, dash exits 2 on `sh ./missing.sh`): nothing read the hook's exit,
// so the guard did nothing. The stderr lines are what bash 5 and dash print (checked on this box).
describe("exit 2 by the event's rule", () => {
  const fired = (event: string, stderr: string, blocked = false): HookFire => ({
    ...fire(2, blocked),
    name: event,
    event,
    stderr,
  });
  const BASH_SYNTAX = "./post.sh: line 3: syntax error near unexpected token `fi'\n";
  const DASH_MISSING = "sh: 0: cannot open ./scripts/notify.sh: No such file\n";
  const DASH_SYNTAX = 'sh: 2: Syntax error: end of file unexpected (expecting "then")\n';
  const NOT_FOUND = "sh: 1: ./hooks/missing.sh: not found\n";
  const reading = { nullExitIsTimeout: true };

  test("Copilot postToolUse (bash syntax error) and agentStop (missing script under dash) crash", () => {
    for (const [event, stderr] of [
      ["postToolUse", BASH_SYNTAX],
      ["agentStop", DASH_MISSING],
      ["userPromptSubmitted", NOT_FOUND],
    ] as const) {
      const rule = exit2RuleOf(dialectOf("copilot"), event);
      expect(rule).toEqual({ exit2Blocks: false });
      expect(hookCrashed(fired(event, stderr), reading, rule)).toBe(true);
    }
  });

  test("Gemini SessionStart (syntax error) and AfterTool (missing script) crash, AfterTool even folded as a block of the result (the tool ran)", () => {
    expect(
      hookCrashed(
        fired("SessionStart", DASH_SYNTAX),
        reading,
        exit2RuleOf(dialectOf("gemini"), "SessionStart"),
      ),
    ).toBe(true);
    expect(
      hookCrashed(
        fired("AfterTool", DASH_MISSING, true),
        reading,
        exit2RuleOf(dialectOf("gemini"), "AfterTool"),
      ),
    ).toBe(true);
  });

  test("Claude Code and Codex: the same rule on their non-blocking events", () => {
    expect(
      hookCrashed(
        fired("PostToolUse", NOT_FOUND),
        reading,
        exit2RuleOf(dialectOf("claude-code"), "PostToolUse"),
      ),
    ).toBe(true);
    expect(
      hookCrashed(
        fired("SessionStart", BASH_SYNTAX),
        reading,
        exit2RuleOf(dialectOf("codex"), "SessionStart"),
      ),
    ).toBe(true);
  });

  test("exit 2 stays the hook's answer where it blocks, with other stderr, or on an event without a rule", () => {
    // Where exit 2 blocks: a block (or, not blocked, still the hook's own answer).
    expect(exit2RuleOf(dialectOf("copilot"), "preToolUse")).toEqual({ exit2Blocks: true });
    expect(
      hookCrashed(
        fired("PreToolUse", NOT_FOUND),
        reading,
        exit2RuleOf(dialectOf("claude-code"), "PreToolUse"),
      ),
    ).toBe(false);
    expect(
      hookCrashed(
        fired("BeforeTool", DASH_MISSING, true),
        reading,
        exit2RuleOf(dialectOf("gemini"), "BeforeTool"),
      ),
    ).toBe(false);
    // A deliberate exit 2 on PostToolUse (Claude Code feeds its stderr to the model) is not a crash.
    const lint = fired("PostToolUse", "lint: 3 problems in src/a.ts\n");
    expect(hookCrashed(lint, reading, exit2RuleOf(dialectOf("claude-code"), "PostToolUse"))).toBe(false);
    // No rule known for the event: not judged.
    expect(hookCrashed(fired("SomeFutureEvent", BASH_SYNTAX), reading, undefined)).toBe(false);
    expect(exit2RuleOf(dialectOf("gemini"), "SomeFutureEvent")).toBeUndefined();
  });

  test("adapter ids find their dialects in the registry; an unregistered adapter has none", () => {
    for (const id of ["copilot-cli", "gemini", "claude-code", "codex"])
      expect(findHarness(id)?.dialect.harness).toBe(id);
    expect(findHarness("another")).toBeUndefined();
  });
});
