import { describe, expect, it } from "vitest";
import {
  allow,
  ask,
  deny,
  experimental_defineHook,
  inject,
  notice,
  nothing,
  runHookProgram,
  toProtocolAnswer,
  HookProgramError,
} from "../../src/entries/hook.js";
import {
  assertHookAllows,
  assertHookDenies,
  assertHookNotices,
  assertHookSilent,
  AssertionFailedError,
} from "../../src/entries/index.js";
import { foldHookDecision } from "../../src/tiers/run-hook/fold.js";

const guard = experimental_defineHook({
  name: "guard",
  on: "PreToolUse",
  decide: (e) => (e.command.runs("git push", { force: true }) ? deny("no force-push") : allow()),
});
const bash = (command: string) => ({ tool_name: "Bash", tool_input: { command } });

describe("runHookProgram", () => {
  it("returns a decision for a gate", () => {
    expect(runHookProgram(guard, bash("sudo git push -f"))).toMatchObject({
      kind: "decision",
      decision: "deny",
      reason: "no force-push",
      blocked: true,
      event: "PreToolUse",
      program: "guard",
    });
    expect(runHookProgram(guard, bash("git status"))).toMatchObject({
      kind: "decision",
      decision: "allow",
      blocked: false,
    });
  });

  it("returns an injection and a reaction", () => {
    const injector = experimental_defineHook({
      on: "UserPromptSubmit",
      decide: (e) => (e.prompt.includes("deploy") ? inject("prod is frozen") : allow()),
    });
    expect(runHookProgram(injector, { prompt: "deploy it" })).toMatchObject({
      kind: "injection",
      text: "prod is frozen",
      delivered: true,
    });
    const react = experimental_defineHook({
      on: "PostToolUse",
      decide: (e) => (e.failed ? notice("read the error") : nothing()),
    });
    expect(
      runHookProgram(react, {
        tool_name: "Bash",
        tool_input: {},
        tool_response: { is_error: true, error: "boom" },
      }),
    ).toMatchObject({
      kind: "reaction",
      notice: "read the error",
    });
    expect(
      runHookProgram(react, { tool_name: "Bash", tool_input: {}, tool_response: { stdout: "ok" } }),
    ).toMatchObject({
      kind: "reaction",
      notice: undefined,
    });
  });

  it("observe mode records the decision and never blocks", () => {
    const observer = experimental_defineHook({
      on: "PreToolUse",
      mode: "observe",
      decide: () => deny("would stop this"),
    });
    const o = runHookProgram(observer, bash("rm -rf /"));
    expect(o).toMatchObject({ kind: "decision", decision: "allow", blocked: false, mode: "observe" });
    expect(o.kind === "decision" && o.observed).toMatchObject({ kind: "deny", reason: "would stop this" });
    expect(toProtocolAnswer(o)).toEqual({
      exitCode: 0,
      stdout: "",
      stderr: "vigiles observe: PreToolUse would deny: would stop this\n",
    });
    const quietInjector = experimental_defineHook({
      on: "SessionStart",
      mode: "observe",
      decide: () => inject("hello"),
    });
    expect(runHookProgram(quietInjector, {})).toMatchObject({ kind: "injection", delivered: false });
  });

  it("rejects, at run time, an answer the event cannot take (a JS program has no types to stop it)", () => {
    const wrong = experimental_defineHook({ on: "PostToolUse", decide: (() => deny("too late")) as never });
    expect(() => runHookProgram(wrong, bash("ls"))).toThrow(/deny\(\) is not an answer PostToolUse accepts/);
    const notAnAnswer = experimental_defineHook({
      on: "PreToolUse",
      decide: (() => ({ permissionDecision: "deny" })) as never,
    });
    expect(() => runHookProgram(notAnAnswer, bash("ls"))).toThrow(HookProgramError);
  });

  it("wraps a throwing decide and names the event", () => {
    const broken = experimental_defineHook({
      name: "broken",
      on: "PreToolUse",
      decide: () => {
        throw new Error("kaboom");
      },
    });
    expect(() => runHookProgram(broken, bash("ls"))).toThrow(
      /hook "broken" \(PreToolUse\): decide threw on Bash "ls": kaboom/,
    );
  });

  it("refuses an event for another hook event and a non-program", () => {
    expect(() => runHookProgram(guard, { hook_event_name: "PostToolUse", ...bash("ls") })).toThrow(
      /answers PreToolUse/,
    );
    expect(() => runHookProgram({ on: "PreToolUse", decide: () => allow() } as never, bash("ls"))).toThrow(
      /experimental_defineHook/,
    );
    expect(() =>
      experimental_defineHook({ on: "PreToolFoo" as never, decide: () => allow() as never }),
    ).toThrow(/unknown event/);
    expect(() => deny("")).toThrow(/non-empty/);
  });
});

describe("protocol answers fold to the decision the harness reaches", () => {
  const fold = (event: string, a: { exitCode: number; stdout: string; stderr: string }) =>
    foldHookDecision({ event, exitCode: a.exitCode, stdout: a.stdout, stderr: a.stderr, timedOut: false });
  const cases = [
    { on: "PreToolUse", answer: deny("no"), decision: "deny", blocked: true },
    { on: "PreToolUse", answer: ask("sure?"), decision: "ask", blocked: false },
    { on: "PreToolUse", answer: allow(), decision: "none", blocked: false },
    { on: "PermissionRequest", answer: allow(), decision: "allow", blocked: false },
    { on: "PermissionRequest", answer: deny("no"), decision: "deny", blocked: true },
    { on: "UserPromptSubmit", answer: deny("no"), decision: "deny", blocked: true },
    { on: "Stop", answer: deny("keep going"), decision: "deny", blocked: true },
    { on: "SubagentStop", answer: deny("keep going"), decision: "deny", blocked: true },
    { on: "Stop", answer: allow(), decision: "none", blocked: false },
    { on: "PostToolUse", answer: notice("hm"), decision: "none", blocked: false },
  ] as const;
  it.each(cases)("$on $answer.kind → $decision", ({ on, answer, decision, blocked }) => {
    const program = experimental_defineHook({ on, decide: (() => answer) as never });
    const folded = fold(on, toProtocolAnswer(runHookProgram(program, bash("x"))));
    expect(folded.decision).toBe(decision);
    expect(folded.blocked).toBe(blocked);
    if (answer.kind === "deny") expect(folded.reason).toBe(answer.reason);
  });
  it("an injection lands in additionalContext; a notice goes to stderr only", () => {
    const inj = toProtocolAnswer(
      runHookProgram(experimental_defineHook({ on: "UserPromptSubmit", decide: () => inject("ctx") }), {
        prompt: "p",
      }),
    );
    expect(fold("UserPromptSubmit", inj).additionalContext).toBe("ctx");
    const n = toProtocolAnswer(
      runHookProgram(experimental_defineHook({ on: "PostToolUse", decide: () => notice("look") }), bash("x")),
    );
    expect(n).toEqual({ exitCode: 0, stdout: "", stderr: "look\n" });
  });
});

describe("assertHook*", () => {
  it("pass on the right answer and return the outcome", () => {
    expect(assertHookDenies(guard, bash("git push --force")).kind).toBe("decision");
    assertHookAllows(guard, bash("git push"));
  });
  it("fail with the event and the actual answer in the message", () => {
    expect(() => assertHookDenies(guard, bash("git status"))).toThrow(AssertionFailedError);
    expect(() => assertHookDenies(guard, bash("git status"))).toThrow(
      'expected the "guard" PreToolUse hook to deny Bash "git status", but it answered: allow',
    );
    expect(() => assertHookAllows(guard, bash("git push -f"))).toThrow(
      /to allow Bash "git push -f", but it answered: deny "no force-push"/,
    );
  });
  it("an observe-mode gate never denies: the assertions judge what the harness would do", () => {
    const observer = experimental_defineHook({
      on: "PreToolUse",
      mode: "observe",
      decide: () => deny("nope"),
    });
    expect(() => assertHookDenies(observer, bash("x"))).toThrow(
      /would have answered deny "nope" \(observe mode\)/,
    );
    const o = assertHookAllows(observer, bash("x"));
    expect(o.kind === "decision" && o.observed?.kind).toBe("deny");
  });
  it("injectors and reactions never block, so they allow; a gate's ask does not", () => {
    assertHookAllows(experimental_defineHook({ on: "UserPromptSubmit", decide: () => inject("ctx") }), {
      prompt: "p",
    });
    assertHookAllows(experimental_defineHook({ on: "PostToolUse", decide: () => notice("n") }), bash("x"));
    const asker = experimental_defineHook({ on: "PreToolUse", decide: () => ask("sure?") });
    expect(() => assertHookAllows(asker, bash("x"))).toThrow(
      /to allow Bash "x", but it answered: ask "sure\?"/,
    );
    const injector = experimental_defineHook({ on: "UserPromptSubmit", decide: () => inject("ctx") });
    expect(() => assertHookDenies(injector, { prompt: "p" })).toThrow(/but it answered: inject "ctx"/);
  });
  it("notices and silence", () => {
    const warn = experimental_defineHook({
      on: "PostToolUse",
      decide: (e) => (e.failed ? notice("read the error first") : nothing()),
    });
    const failed = {
      tool_name: "Bash",
      tool_input: { command: "make" },
      tool_response: { success: false, stderr: "x" },
    };
    const ok = { tool_name: "Bash", tool_input: { command: "make" }, tool_response: { stdout: "done" } };
    assertHookNotices(warn, failed);
    assertHookNotices(warn, failed, /read the error/);
    assertHookNotices(warn, failed, "error first");
    assertHookSilent(warn, ok);
    expect(() => assertHookNotices(warn, failed, /retry/)).toThrow(
      /matching \/retry\/.*notice "read the error first"/,
    );
    expect(() => assertHookSilent(warn, failed)).toThrow(/to stay silent .* notice "read the error first"/);
    expect(() => assertHookNotices(warn, ok)).toThrow(/to write a notice .* nothing \(silent\)/);
  });
});

describe("the event view", () => {
  it("e.path normalizes before under()", () => {
    const p = experimental_defineHook({
      on: "PreToolUse",
      decide: (e) => (e.path.under("src") ? deny("src is read-only") : allow()),
    });
    assertHookDenies(p, { tool_name: "Write", tool_input: { file_path: "./src/a.ts" } });
    assertHookDenies(p, { tool_name: "Edit", tool_input: { file_path: "/repo/src/a.ts" }, cwd: "/repo" });
    assertHookAllows(p, { tool_name: "Write", tool_input: { file_path: "src/../README.md" } });
    assertHookAllows(p, { tool_name: "Write", tool_input: { file_path: "srcfoo/a.ts" } });
    assertHookAllows(p, { tool_name: "Bash", tool_input: { command: "ls" } });
  });
  it("a gate that reads only toolName never loads the parser's answers", () => {
    const p = experimental_defineHook({
      on: "PreToolUse",
      decide: (e) => (e.toolName === "WebFetch" ? deny("offline") : allow()),
    });
    assertHookDenies(p, { tool_name: "WebFetch", tool_input: { url: "x" } });
  });
  it("Stop sees stop_hook_active", () => {
    const p = experimental_defineHook({
      on: "Stop",
      decide: (e) => (e.stopHookActive ? allow() : deny("not yet")),
    });
    assertHookDenies(p, {});
    assertHookAllows(p, { stop_hook_active: true });
  });
});
