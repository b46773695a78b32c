import { describe, expect, it } from "vitest";
import { AssertionFailedError, InvalidOptionError, VacuousAssertionError } from "../errors.js";
import type { HookRunResult } from "../hook-decision/types.js";
import { createTrace } from "../trace-builder.js";
import { assertHookAllowed, assertHookBlocked, assertHookFired } from "./hooks.js";
import { assertCreated, assertNoWrite, assertOutputContains, assertWroteOnly } from "./output-files.js";
import {
  assertSkillResolved,
  assertToolCalls,
  assertToolCount,
  assertToolSequence,
  assertToolUsed,
  assertToolUsedWith,
} from "./tools.js";

const run = createTrace({
  toolCalls: [
    { name: "Read", input: { file_path: "src/billing.ts" } },
    { name: "Edit", input: { file_path: "src/billing.ts" } },
    { name: "Write", input: { file_path: "DONE" } },
    { name: "Skill", input: { command: "demo:greet" }, result: "Launching skill: demo:greet" },
  ],
  hooks: [{ event: "UserPromptSubmit" }, { event: "PreToolUse", name: "PreToolUse:Edit" }],
  output: "on it, done",
  filesWritten: ["DONE", "out/a.txt"],
  files: { DONE: "" },
});
const unrecorded = createTrace({ toolCalls: [{ name: "Edit" }] });

function message(fn: () => void): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(AssertionFailedError);
    return (error as Error).message;
  }
  throw new Error("expected the assertion to throw");
}

describe("tool assertions", () => {
  it("assertToolUsed / assertSkillResolved pass silently and throw with the tools used", () => {
    assertToolUsed(run, "Edit");
    assertToolUsed(run, /^Wri/);
    assertSkillResolved(run, "demo:greet");
    expect(message(() => assertToolUsed(run, "Bash"))).toBe(
      'expected the agent to use tool "Bash", but it used [Read, Edit, Write, Skill]',
    );
    expect(message(() => assertSkillResolved(run, "demo:wave"))).toContain(
      'expected skill "demo:wave" to resolve',
    );
  });

  it("assertToolSequence is an ordered subsequence", () => {
    assertToolSequence(run, ["Read", "Edit"]);
    assertToolSequence(run, ["Read", "Write"]);
    expect(message(() => assertToolSequence(run, ["Edit", "Read"]))).toBe(
      'expected the tools in order ["Edit", "Read"], but it used [Read, Edit, Write, Skill]',
    );
    expect(() => assertToolSequence(run, [])).toThrow(InvalidOptionError);
  });

  it("assertToolCount checks a budget", () => {
    assertToolCount(run, "Write", { max: 1 });
    assertToolCount(run, "Bash", { max: 0 });
    assertToolCount(run, "Edit", 1);
    expect(message(() => assertToolCount(run, "Write", { min: 2 }))).toBe(
      'expected at least 2 calls of "Write", but there were 1; it used [Read, Edit, Write, Skill]',
    );
    expect(() => assertToolCount(run, "Write", {})).toThrow(InvalidOptionError);
  });

  it("assertToolUsedWith tests inputs and shows them on failure", () => {
    assertToolUsedWith(run, "Edit", (i) => i.file_path === "src/billing.ts");
    expect(message(() => assertToolUsedWith(run, "Edit", (i) => i.file_path === "x.ts"))).toBe(
      'expected a call of "Edit" with a matching input, but none of its 1 call(s) matched: {"file_path":"src/billing.ts"}',
    );
    expect(message(() => assertToolUsedWith(run, "Bash", () => true))).toContain("it was never called");
  });

  it("assertToolCalls runs a rule over the whole list", () => {
    assertToolCalls(run, (calls) => calls.length === 4);
    expect(message(() => assertToolCalls(run, (calls) => calls.length > 10, "more than 10 calls"))).toBe(
      "expected more than 10 calls to hold, but it did not for [Read, Edit, Write, Skill]",
    );
  });
});

describe("hook assertions", () => {
  const deny: HookRunResult = {
    event: "PreToolUse",
    decision: "deny",
    blocked: true,
    decidedBy: "exit-code",
    halted: false,
    exitCode: 2,
    signal: null,
    stdout: "",
    stderr: "blocked: force-push",
    timedOut: false,
    truncated: false,
    durationMs: 5,
  };
  const allow: HookRunResult = {
    ...deny,
    decision: "none",
    blocked: false,
    decidedBy: "no-decision",
    exitCode: 0,
    stderr: "",
    stdout: "ok",
  };

  it("assertHookFired names the hooks that did fire", () => {
    assertHookFired(run, "UserPromptSubmit");
    assertHookFired(run, "PreToolUse:Edit");
    expect(message(() => assertHookFired(run, "Stop"))).toBe(
      'expected a hook to fire for "Stop", but hooks fired: [UserPromptSubmit, PreToolUse:Edit]',
    );
  });

  it("assertHookBlocked / assertHookAllowed over a runHook result show decision, exit code and streams", () => {
    assertHookBlocked(deny);
    assertHookAllowed(allow);
    const m = message(() => assertHookAllowed(deny));
    expect(m).toContain("decision deny (by exit-code)");
    expect(m).toContain("exit 2");
    expect(m).toContain('stdout ""');
    expect(m).toContain('stderr "blocked: force-push"');
    expect(message(() => assertHookBlocked(allow))).toContain('stdout "ok"');
  });

  it("over a Trace they read the recorded fires", () => {
    assertHookAllowed(run);
    expect(message(() => assertHookBlocked(run))).toContain("none did");
  });

  it("a Trace without recorded fires is vacuous, never a pass", () => {
    for (const fn of [
      () => assertHookFired(unrecorded, "Stop"),
      () => assertHookBlocked(unrecorded),
      () => assertHookAllowed(unrecorded),
    ]) {
      expect(fn).toThrow(VacuousAssertionError);
      expect(fn).toThrow(/run with transcript: true/);
    }
  });
});

describe("output and file assertions", () => {
  it("assertOutputContains", () => {
    assertOutputContains(run, /on it/);
    expect(message(() => assertOutputContains(run, /refused/))).toBe(
      'expected the final answer to match /refused/, but it was "on it, done"',
    );
  });

  it("assertCreated", () => {
    assertCreated(run, "DONE");
    expect(message(() => assertCreated(run, "MISSING"))).toContain("it wrote [DONE, out/a.txt]");
  });

  it("assertNoWrite and assertWroteOnly throw VacuousAssertionError when writes were not recorded", () => {
    expect(() => assertNoWrite(unrecorded)).toThrow(VacuousAssertionError);
    expect(() => assertWroteOnly(unrecorded, ["**"])).toThrow(VacuousAssertionError);
  });

  it("assertNoWrite passes on [] and names what was written otherwise", () => {
    assertNoWrite(createTrace({ filesWritten: [] }));
    expect(message(() => assertNoWrite(run))).toBe(
      "expected the run to write nothing, but it wrote [DONE, out/a.txt]",
    );
  });

  it("assertWroteOnly accepts paths and globs", () => {
    assertWroteOnly(run, ["DONE", "out/**"]);
    assertWroteOnly(createTrace({ filesWritten: [] }), []);
    expect(message(() => assertWroteOnly(run, ["./DONE"]))).toBe(
      "expected the run to write only [./DONE], but it also wrote [out/a.txt]",
    );
    expect(() => assertWroteOnly(run, [""])).toThrow(InvalidOptionError);
  });
});

describe("file assertions over runScript / runHook results", () => {
  const script = { exitCode: 0, stdout: "", stderr: "", filesWritten: ["out/report.md"] };

  it("read filesWritten on any result", () => {
    assertWroteOnly(script, ["out/**"]);
    assertCreated(script, "out/report.md");
    expect(message(() => assertNoWrite(script))).toBe(
      "expected the run to write nothing, but it wrote [out/report.md]",
    );
    expect(message(() => assertCreated(script, "DONE"))).toBe(
      'expected the run to write "DONE", but it wrote [out/report.md]',
    );
  });

  it("throw VacuousAssertionError when the result recorded no writes", () => {
    const unconfined: { exitCode: number; filesWritten?: readonly string[] } = { exitCode: 0 };
    expect(() => assertNoWrite(unconfined)).toThrow(VacuousAssertionError);
    expect(() => assertCreated(unconfined, "DONE")).toThrow(VacuousAssertionError);
    expect(() => assertWroteOnly(unconfined, ["**"])).toThrow(/filesWritten is undefined/);
  });
});
