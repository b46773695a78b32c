import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { combineHookDecisions } from "../../core/hook-decision/combine.js";
import { eventRules, knownHookEvents } from "./harness-rules.js";
import { foldHookDecision } from "./fold.js";
import type { HookOutcomeInput } from "../../core/hook-decision/outcome.js";

const run = (partial: Partial<HookOutcomeInput>) =>
  foldHookDecision({ event: "PreToolUse", exitCode: 0, stdout: "", stderr: "", timedOut: false, ...partial });
const pre = (specific: Record<string, unknown>, top: Record<string, unknown> = {}) =>
  JSON.stringify({ ...top, hookSpecificOutput: { hookEventName: "PreToolUse", ...specific } });

describe("foldHookDecision: exit codes", () => {
  it("exit 2 blocks PreToolUse with stderr as the reason", () => {
    const d = run({ exitCode: 2, stderr: "no force push\n" });
    expect(d).toMatchObject({
      decision: "deny",
      blocked: true,
      decidedBy: "exit-code",
      reason: "no force push",
    });
  });

  it.each([
    "PostToolUse",
    "PostToolUseFailure",
    "PermissionRequest",
    "SessionStart",
    "Notification",
    "SessionEnd",
  ])("exit 2 does not block %s", (event) => {
    const d = run({ event, exitCode: 2, stderr: "x" });
    expect(d.blocked).toBe(false);
    expect(d.decision).toBe("none");
    expect(d.hookError).toMatch(/does not block/);
  });

  it.each(["UserPromptSubmit", "Stop", "SubagentStop", "PreCompact", "PostToolBatch", "UserPromptExpansion"])(
    "exit 2 blocks %s",
    (event) => expect(run({ event, exitCode: 2, stderr: "x" }).blocked).toBe(true),
  );

  it.each([1, 126, 127, 255])("exit %i fails open", (exitCode) => {
    const d = run({ exitCode, stderr: "boom" });
    // Issue 22: decided by the exit code, not "by crash", and the message says what blocks.
    expect(d).toMatchObject({ decision: "none", blocked: false, decidedBy: "exit-code" });
    expect(d.hookError).toContain(`exit ${exitCode} is a non-blocking error: exit 2 or a JSON deny blocks`);
    // Codex's profile does not read stdout on such an exit: a deny printed before it is lost.
    const codex = run({
      exitCode,
      stdout: pre({ permissionDecision: "deny", permissionDecisionReason: "r" }),
      harness: "codex",
    });
    expect(codex).toMatchObject({ decision: "none", blocked: false, decidedBy: "exit-code" });
  });

  it.each([1, 3])(
    "exit %i after a JSON deny: Claude Code 2.1.328 still reads the JSON and blocks",
    (exitCode) => {
      // Measured with the real CLI (test/audit/json-nonzero-exit.test.ts).
      const d = run({
        exitCode,
        stdout: pre({ permissionDecision: "deny", permissionDecisionReason: "no" }),
      });
      expect(d).toMatchObject({
        decision: "deny",
        blocked: true,
        decidedBy: "permission-decision",
        reason: "no",
      });
      expect(d.hookError).toContain(`exit ${exitCode} is an error, but Claude Code still reads the JSON`);
    },
  );

  it("text printed before the JSON answer: no decision, and the hook error says stdout must be one object", () => {
    const d = run({ exitCode: 0, stdout: `checking…\n${pre({ permissionDecision: "deny" })}\n` });
    expect(d).toMatchObject({ decision: "none", blocked: false, decidedBy: "no-decision" });
    expect(d.hookError).toMatch(/^stdout must be one JSON object; print diagnostics to stderr/);
    expect(run({ exitCode: 0, stdout: "just a note\n" }).hookError).toBeUndefined();
  });

  it("a timeout is no decision, even with a deny printed before it", () => {
    const d = run({ exitCode: null, timedOut: true, stdout: pre({ permissionDecision: "deny" }) });
    expect(d).toMatchObject({ decision: "none", blocked: false, decidedBy: "timeout" });
  });

  it("a signal is a crash", () => {
    expect(run({ exitCode: null, signal: "SIGSEGV" })).toMatchObject({ decidedBy: "crash", blocked: false });
  });

  it("Codex: exit 2 needs a non-empty stderr", () => {
    expect(run({ harness: "codex", exitCode: 2, stderr: "  " })).toMatchObject({
      decision: "invalid",
      blocked: false,
    });
    expect(run({ harness: "codex", exitCode: 2, stderr: "why" })).toMatchObject({
      decision: "deny",
      blocked: true,
    });
  });
});

describe("foldHookDecision: stdout", () => {
  it("plain text is not JSON, even when it contains JSON later", () => {
    const d = run({ stdout: 'note: {"decision":"block"}' });
    expect(d).toMatchObject({
      decision: "none",
      decidedBy: "no-decision",
      plainText: 'note: {"decision":"block"}',
    });
  });

  it("leading blanks before { still mean JSON", () => {
    expect(
      run({ stdout: "\n  " + pre({ permissionDecision: "deny", permissionDecisionReason: "r" }) }),
    ).toMatchObject({
      decision: "deny",
      blocked: true,
      decidedBy: "permission-decision",
      reason: "r",
    });
  });

  it.each(["allow", "ask", "defer"] as const)("permissionDecision %s does not block", (value) => {
    expect(run({ stdout: pre({ permissionDecision: value }) })).toMatchObject({
      decision: value,
      blocked: false,
    });
  });

  it.each(["warn", "block", "DENY", 1, null])("permissionDecision %j is invalid and fails open", (value) => {
    const d = run({ stdout: pre({ permissionDecision: value }) });
    expect(d).toMatchObject({ decision: "invalid", blocked: false });
    expect(d.invalidReason).toMatch(/allow\|deny\|ask\|defer/);
    expect(d.invalidReason).toMatch(/fails open/);
  });

  it("malformed and partial JSON are invalid, never a crash", () => {
    for (const stdout of [
      '{"decision":',
      "{not json}",
      '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"de',
    ]) {
      expect(run({ stdout })).toMatchObject({ decision: "invalid", blocked: false });
    }
  });

  it("legacy decision approve/block maps to allow/deny on PreToolUse", () => {
    expect(run({ stdout: '{"decision":"block","reason":"r"}' })).toMatchObject({
      decision: "deny",
      blocked: true,
      decidedBy: "legacy-decision",
      reason: "r",
    });
    expect(run({ stdout: '{"decision":"approve"}' })).toMatchObject({ decision: "allow", blocked: false });
    expect(run({ stdout: '{"decision":"deny"}' })).toMatchObject({ decision: "invalid" });
  });

  // Claude Code 2.1.328 validates every answer with one schema whose top-level `decision` is
  // "approve" | "block" on every event (read from the pinned binary); on SessionStart "approve" gives
  // no permission and does nothing. Codex keeps the decision to the events that honour it.
  it('takes {"continue": true, "decision": "approve"} on Claude Code SessionStart, ignored', () => {
    const session = (stdout: string, harness: "claude-code" | "codex" = "claude-code") =>
      run({ stdout, event: "SessionStart", harness });
    const approve = session('{"continue": true, "decision": "approve"}');
    expect(approve).toMatchObject({ blocked: false, halted: false });
    expect(approve.decision).not.toBe("invalid");
    expect(session('{"decision":"block","reason":"r"}').decision).toBe("invalid");
    expect(session('{"decision":"approve"}', "codex").decision).toBe("invalid");
  });

  it("permissionDecision outranks the legacy decision", () => {
    expect(run({ stdout: pre({ permissionDecision: "allow" }, { decision: "block" }) })).toMatchObject({
      decision: "allow",
      decidedBy: "permission-decision",
    });
  });

  // Claude Code 2.1.328 (test/harness/continue-false.test.ts): continue:false ends the session once the
  // hooks ran, but the PreToolUse call still runs; only a deny beside it blocks. Folding it as a block
  // made `blocked()` pass while the command ran.
  it("continue:false on PreToolUse halts the session but does not block the call", () => {
    const d = run({ stdout: pre({ permissionDecision: "allow" }, { continue: false, stopReason: "halt" }) });
    expect(d).toMatchObject({
      halted: true,
      blocked: false,
      decidedBy: "continue-false",
      stopReason: "halt",
    });
    const alone = run({ stdout: '{"continue":false,"stopReason":"halt"}' });
    expect(alone).toMatchObject({ decision: "none", halted: true, blocked: false, reason: "halt" });
  });

  it("continue:false beside a deny: the deny blocks, and the session halts", () => {
    const d = run({
      stdout: pre({ permissionDecision: "deny", permissionDecisionReason: "no" }, { continue: false }),
    });
    expect(d).toMatchObject({
      decision: "deny",
      blocked: true,
      halted: true,
      decidedBy: "permission-decision",
      reason: "no",
    });
  });

  it("continue:false on UserPromptSubmit blocks the prompt; on Stop it lets the agent stop", () => {
    expect(run({ event: "UserPromptSubmit", stdout: '{"continue":false,"stopReason":"s"}' })).toMatchObject({
      decision: "deny",
      blocked: true,
      halted: true,
      decidedBy: "continue-false",
    });
    expect(run({ event: "Stop", stdout: '{"continue":false}' })).toMatchObject({
      blocked: false,
      halted: true,
    });
  });

  it("Stop: decision block needs a reason; with one it blocks", () => {
    expect(run({ event: "Stop", stdout: '{"decision":"block"}' })).toMatchObject({
      decision: "invalid",
      blocked: false,
    });
    expect(run({ event: "Stop", stdout: '{"decision":"block","reason":"keep going"}' })).toMatchObject({
      decision: "deny",
      blocked: true,
      reason: "keep going",
    });
  });

  it("a top-level decision on an event that has none is invalid", () => {
    expect(run({ event: "SessionStart", stdout: '{"decision":"block","reason":"x"}' }).decision).toBe(
      "invalid",
    );
  });

  it("PermissionRequest: behavior decides, exit 2 does not", () => {
    const req = (d: unknown) =>
      run({
        event: "PermissionRequest",
        stdout: JSON.stringify({ hookSpecificOutput: { hookEventName: "PermissionRequest", decision: d } }),
      });
    expect(req({ behavior: "deny", message: "no" })).toMatchObject({
      decision: "deny",
      blocked: true,
      decidedBy: "permission-request",
      reason: "no",
    });
    expect(req({ behavior: "allow", updatedInput: { command: "ls" } })).toMatchObject({
      decision: "allow",
      updatedInput: { command: "ls" },
    });
    expect(req({ behavior: "ask" }).decision).toBe("invalid");
  });

  it("additionalContext, updatedInput and systemMessage are kept", () => {
    const d = run({
      stdout: pre(
        { permissionDecision: "allow", additionalContext: "ctx", updatedInput: { command: "ls -la" } },
        { systemMessage: "hi" },
      ),
    });
    expect(d).toMatchObject({
      additionalContext: "ctx",
      updatedInput: { command: "ls -la" },
      systemMessage: "hi",
    });
  });

  it("hookEventName is required and must match the event", () => {
    expect(run({ stdout: '{"hookSpecificOutput":{"permissionDecision":"deny"}}' }).decision).toBe("invalid");
    expect(run({ stdout: pre({ hookEventName: "PostToolUse", permissionDecision: "deny" }) }).decision).toBe(
      "invalid",
    );
  });

  it("Codex: no ask on PreToolUse, deny and block need a reason, no continue:false on PreToolUse", () => {
    const codex = (stdout: string, event = "PreToolUse") => run({ harness: "codex", stdout, event });
    expect(codex(pre({ permissionDecision: "ask" })).decision).toBe("invalid");
    expect(codex(pre({ permissionDecision: "deny" })).decision).toBe("invalid");
    expect(codex(pre({ permissionDecision: "deny", permissionDecisionReason: "r" })).decision).toBe("deny");
    expect(codex('{"decision":"block"}').decision).toBe("invalid");
    expect(codex('{"decision":"block","reason":"r"}').decision).toBe("deny");
    expect(codex('{"continue":false}').decision).toBe("invalid");
    expect(codex('{"continue":false}', "Stop").halted).toBe(true);
  });

  // Claude Code's async protocol, read from the pinned 2.1.328 binary's hook runner: the first line
  // `{"async": true}` backgrounds the hook; the answer is the first later line (or the rest joined)
  // that parses as an object without `async`; it arrives after the action, so its decision is void.
  it("async: the marker line backgrounds the hook; a later answer's context is kept, not read as bad JSON", () => {
    const post = JSON.stringify({
      hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "ok" },
    });
    const d = run({ event: "PostToolUse", stdout: `{"async": true, "asyncTimeout": 30000}\n${post}\n` });
    expect(d).toMatchObject({
      decision: "none",
      blocked: false,
      backgrounded: true,
      additionalContext: "ok",
    });
    expect(d.invalidReason).toBeUndefined();
  });

  it("async: a deny in the later answer has no effect, and says so", () => {
    const d = run({ stdout: `{"async":true}\n${pre({ permissionDecision: "deny" })}` });
    expect(d).toMatchObject({
      decision: "none",
      blocked: false,
      backgrounded: true,
      ignoredDecision: "deny",
    });
    expect(d.warnings?.join(" ")).toMatch(/arrives after the action ran/);
  });

  it("async: the marker alone is a backgrounded hook with no answer; Codex has no such protocol", () => {
    expect(run({ stdout: '{"async": true}\n' })).toMatchObject({ decision: "none", backgrounded: true });
    const codex = run({ stdout: `{"async":true}\n${pre({ permissionDecision: "deny" })}`, harness: "codex" });
    expect(codex.decision).toBe("invalid");
  });

  it("StopFailure output is ignored", () => {
    expect(run({ event: "StopFailure", exitCode: 2, stderr: "x" })).toMatchObject({
      blocked: false,
      decision: "none",
    });
  });
});

describe("foldHookDecision: properties", () => {
  const events = fc.constantFrom(...knownHookEvents(), "NoSuchEvent");
  const harnesses = fc.constantFrom("claude-code" as const, "codex" as const);
  const decisionJson = fc.record(
    {
      continue: fc.boolean(),
      decision: fc.constantFrom("approve", "block", "warn", "allow"),
      reason: fc.string(),
      hookSpecificOutput: fc.record(
        {
          hookEventName: fc.constantFrom("PreToolUse", "Stop", "PermissionRequest"),
          permissionDecision: fc.constantFrom("allow", "deny", "ask", "defer", "block", "warn"),
          permissionDecisionReason: fc.string(),
          additionalContext: fc.oneof(fc.string(), fc.integer()),
          decision: fc.record({ behavior: fc.constantFrom("allow", "deny", "ask") }),
        },
        { requiredKeys: [] },
      ),
    },
    { requiredKeys: [] },
  );
  const stdout = fc.oneof(
    decisionJson.map((j) => JSON.stringify(j)),
    fc.string(),
    fc.json(),
  );
  const outcome = fc.record({
    event: events,
    harness: harnesses,
    exitCode: fc.oneof(
      fc.constantFrom(0, 1, 2, 126, 127),
      fc.integer({ min: -1, max: 300 }),
      fc.constant(null),
    ),
    stdout,
    stderr: fc.string(),
    timedOut: fc.boolean(),
  });

  it("never throws, and invalid, timed-out and failed runs never block (but a JSON answer read on a failing exit)", () => {
    fc.assert(
      fc.property(outcome, (o) => {
        const d = foldHookDecision(o);
        if (d.decision === "invalid") expect(d.blocked).toBe(false);
        if (d.decision === "invalid") expect(d.invalidReason).toBeTruthy();
        if (o.timedOut || o.exitCode === null) expect(d.blocked).toBe(false);
        // Claude Code 2.1.328 still reads a JSON answer on another non-zero exit: only one on stdout can block.
        if (o.exitCode !== 0 && o.exitCode !== 2 && !o.stdout.trim().startsWith("{"))
          expect(d.blocked).toBe(false);
        // A halt blocks only where the event's rules say continue:false stops the action (then it is a deny).
        expect(d.blocked).toBe(d.decision === "deny");
        if (d.halted && eventRules(o.event)?.continueFalseBlocks === true) expect(d.blocked).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it("a JSON allow (or anything on stdout) never undoes exit 2 where exit 2 blocks", () => {
    fc.assert(
      fc.property(
        events,
        stdout,
        fc.string({ minLength: 1 }).filter((s) => s.trim() !== ""),
        (event, out, err) => {
          const d = foldHookDecision({ event, exitCode: 2, stdout: out, stderr: err, timedOut: false });
          expect(d.blocked).toBe(eventRules(event)?.exit2Blocks ?? false);
        },
      ),
    );
  });

  it("stdout whose first non-blank character is not { never decides", () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !s.trim().startsWith("{")),
        events,
        (out, event) => {
          const d = foldHookDecision({ event, exitCode: 0, stdout: out, stderr: "", timedOut: false });
          expect(d.decision).toBe("none");
          expect(d.blocked).toBe(false);
        },
      ),
    );
  });
});

describe("combineHookDecisions", () => {
  const of = (permissionDecision: string) => run({ stdout: pre({ permissionDecision }) });

  it("deny > defer > ask > allow, in any order", () => {
    const all = ["allow", "ask", "defer", "deny"].map(of);
    fc.assert(
      fc.property(fc.shuffledSubarray(all, { minLength: 1 }), (subset) => {
        const want = ["deny", "defer", "ask", "allow"].find((k) => subset.some((d) => d.decision === k));
        expect(combineHookDecisions(subset).decision).toBe(want);
      }),
    );
  });

  it("continue:false from any hook halts; contexts are all kept; none at all is none", () => {
    const halt = run({ stdout: '{"continue":false,"stopReason":"s"}' });
    const ctx = run({ stdout: pre({ permissionDecision: "deny", additionalContext: "a" }) });
    const ctx2 = run({ stdout: pre({ additionalContext: "b" }) });
    expect(combineHookDecisions([ctx, halt, ctx2])).toMatchObject({
      decision: "deny",
      blocked: true,
      halted: true,
      stopReason: "s",
      additionalContext: "a\nb",
    });
    // A halt beside an allow ends the session but blocks nothing on PreToolUse.
    const allow = run({ stdout: pre({ permissionDecision: "allow" }) });
    expect(combineHookDecisions([allow, halt])).toMatchObject({ blocked: false, halted: true });
    expect(combineHookDecisions([], "Stop")).toMatchObject({
      event: "Stop",
      decision: "none",
      blocked: false,
    });
  });
});
