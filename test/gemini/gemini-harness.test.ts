// The Gemini CLI adapter against the REAL pinned Gemini CLI (0.61.0) and the Gemini-API mock. One
// shared run drives a BeforeTool guard through every way Gemini reads a hook's answer (exit 2 with a
// reason, a JSON deny, an illegal verdict, exit 2 with no output, a missing interpreter, JSON on
// exit 1, a timeout in milliseconds) and checks AfterTool and BeforeAgent context reaching the model;
// a confined run loads an extension whose hook blocks, after a scripted 429; and a bad script
// (overrun, unknown tool) is a named error. Fires come from the transparent recorder: Gemini's
// stream carries none.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { tmpdir } from "node:os";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { geminiAdapter } from "../../src/adapters/gemini-cli/adapter.js";
import { readHookRecords } from "../../src/adapters/shared/hook-records.js";
import { foldHookDecision } from "../../src/tiers/run-hook/fold.js";
import type { HookFire } from "../../src/core/trace.js";
import { ScriptOverrunError, UnknownToolError } from "../../src/tiers/harness/errors.js";
import { runHarnessTest, type HarnessTestResult } from "../../src/tiers/harness/run-harness-test.js";
import { runHook } from "../../src/tiers/run-hook/run-hook.js";

const RUN_TIMEOUT = 240_000;

/** The guard answers by what the payload carries, one way per case. */
const GUARD = `#!/bin/sh
p=$(cat)
case "$p" in
  *rm\\ -rf*) echo "guard: rm -rf is not allowed" >&2; exit 2;;
  *FORCE_PUSH*) echo '{"decision":"deny","reason":"guard: no force push"}'; exit 0;;
  *ILLEGAL*) echo '{"decision":"nope"}'; exit 0;;
  *EMPTY_EXIT2*) exit 2;;
  *MISSING_INTERP*) exec /nonexistent/interpreter;;
  *JSON_EXIT1*) echo '{"decision":"deny","reason":"guard: json on exit 1"}'; exit 1;;
  *CLAUDE_DENY*) echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}'; exit 0;;
esac
exit 0
`;
/** Sleeps past its 1500 ms timeout on SLOW, then would deny: Gemini kills it first (milliseconds). */
const SLOW = `#!/bin/sh
p=$(cat)
case "$p" in *SLOW*) sleep 6; echo '{"decision":"deny","reason":"too late"}'; exit 0;; esac
exit 0
`;
const context = (event: string, mark: string) =>
  `echo '{"hookSpecificOutput":{"hookEventName":"${event}","additionalContext":"${mark}"}}'`;

const NATIVE_SETTINGS = {
  hooks: {
    BeforeTool: [
      {
        matcher: "run_shell_command",
        hooks: [
          { type: "command", command: "sh $GEMINI_PROJECT_DIR/guard.sh", timeout: 10000 },
          { type: "command", command: "sh $GEMINI_PROJECT_DIR/slow.sh", timeout: 1500 },
        ],
      },
    ],
    AfterTool: [
      {
        matcher: "run_shell_command",
        hooks: [{ type: "command", command: context("AfterTool", "AFTER_TOOL_MARK") }],
      },
    ],
    BeforeAgent: [{ hooks: [{ type: "command", command: context("BeforeAgent", "BEFORE_AGENT_MARK") }] }],
  },
};

const COMMANDS = {
  writes: "printf hello > out.txt",
  exit2: "rm -rf keep",
  jsonDeny: "echo FORCE_PUSH > PUSHED",
  illegal: "echo ILLEGAL > ILLEGAL_RAN",
  emptyExit2: "echo EMPTY_EXIT2 > EMPTY_RAN",
  missing: "echo MISSING_INTERP > MISSING_RAN",
  jsonExit1: "echo JSON_EXIT1 > EXIT1_RAN",
  slow: "echo SLOW > SLOW_RAN",
  claudeDeny: "echo CLAUDE_DENY > CLAUDE_DENY_RAN",
} as const;

/** A recorded fire with what it ran for: the command of the guarded call and which hook script. */
interface AttributedFire {
  readonly fire: HookFire;
  readonly command?: string;
  readonly hook: string;
}

/**
 * The Trace's fires side by side with the recorder's records (the same files, in the same order),
 * which also hold each fire's stdin payload and the command file of the hook that ran.
 */
function attributedFires(r: HarnessTestResult): AttributedFire[] {
  const records = readHookRecords(join(dirname(r.workDir), "tmp", "vigiles-gemini-hooks"));
  expect(records.length).toBe(r.hooks?.length);
  return records.map((record, i) => {
    const input = record.input as { tool_input?: { command?: string } } | undefined;
    const commandFile = record.matcher !== undefined ? readFileSync(record.matcher, "utf8") : "";
    const command = input?.tool_input?.command;
    return {
      fire: r.hooks?.[i] as HookFire,
      ...(command !== undefined ? { command } : {}),
      hook: /guard\.sh/.test(commandFile) ? "guard" : /slow\.sh/.test(commandFile) ? "slow" : commandFile,
    };
  });
}

describe("Gemini CLI, real CLI", () => {
  let guarded: HarnessTestResult;

  beforeAll(async () => {
    guarded = await runHarnessTest(
      {
        prompt: "tidy up",
        model: [
          ...Object.values(COMMANDS).map((command) => ({ tool: "Bash", input: { command } })),
          { text: "done" },
        ],
        files: {
          "keep/precious.txt": "keep me\n",
          "guard.sh": GUARD,
          "slow.sh": SLOW,
          ".gemini/settings.json": JSON.stringify(NATIVE_SETTINGS),
        },
        transcript: true,
        sandbox: false,
        // Exit 1 with no output and a hook killed at its timeout are part of what this run pins.
        allowHookCrashes: true,
        timeoutMs: RUN_TIMEOUT,
      },
      { adapter: geminiAdapter },
    );
  }, RUN_TIMEOUT + 30_000);
  afterAll(() => guarded?.cleanup());

  /** The fires of `hook` (guard or slow) for the call running `command`. */
  const firesFor = (command: string, hook: "guard" | "slow") =>
    attributedFires(guarded)
      .filter((a) => a.fire.event === "BeforeTool" && a.command === command && a.hook === hook)
      .map((a) => a.fire);

  test("a scripted shell call writes a file; the call is Bash in the Trace and run_shell_command on the wire", () => {
    expect(guarded.file("out.txt")).toBe("hello");
    const call = guarded.toolCalls.find((c) => c.input["command"] === COMMANDS.writes);
    expect(call).toMatchObject({ name: "Bash", result: { isError: false } });
    const first = guarded.modelRequests.find((q) => !q.sideChannel);
    expect(first?.tools).toContain("run_shell_command");
    expect(first?.tools).toContain("write_file");
    expect(first?.tools).toContain("replace");
    expect(guarded.output).toBe("done");
    // Every request was an agent turn for the named model: no auto-router classifier, no side question.
    expect(guarded.modelRequests.map((q) => [q.model, q.sideChannel])).toEqual(
      Array.from({ length: Object.keys(COMMANDS).length + 1 }, () => ["gemini-2.5-pro", false]),
    );
  });

  test("BeforeTool exit 2 with a reason blocks: fire recorded, call denied, fixture kept, model told", () => {
    const [fire] = firesFor(COMMANDS.exit2, "guard");
    expect(fire).toMatchObject({ exitCode: 2, blocked: true });
    expect(fire?.stderr).toContain("rm -rf is not allowed");
    const call = guarded.toolCalls.find((c) => c.input["command"] === COMMANDS.exit2);
    expect(call?.result).toMatchObject({ isError: true, denied: true, deniedBy: "hook" });
    expect(guarded.file("keep/precious.txt")).toBe("keep me\n");
    expect(toolMessages()).toContain("Tool execution blocked: guard: rm -rf is not allowed");
  });

  test("a JSON decision deny on exit 0 blocks and the model gets its reason", () => {
    const [fire] = firesFor(COMMANDS.jsonDeny, "guard");
    expect(fire).toMatchObject({ exitCode: 0, blocked: true });
    expect(existsSync(join(guarded.workDir, "PUSHED"))).toBe(false);
    expect(toolMessages()).toContain("Tool execution blocked: guard: no force push");
  });

  test("an illegal verdict fails open: the command runs, and the fold reports it invalid", () => {
    const [fire] = firesFor(COMMANDS.illegal, "guard");
    expect(fire).toMatchObject({ exitCode: 0, blocked: false });
    expect(guarded.file("ILLEGAL_RAN")).toBe("ILLEGAL\n");
    const folded = foldHookDecision({
      event: "BeforeTool",
      exitCode: 0,
      stdout: fire?.stdout ?? "",
      stderr: "",
      timedOut: false,
      harness: "gemini",
    });
    expect(folded.decision).toBe("invalid");
    expect(folded.invalidReason).toContain('"nope"');
  });

  test("exit 2 with no output does not block on Gemini (the fold says invalid)", () => {
    const [fire] = firesFor(COMMANDS.emptyExit2, "guard");
    expect(fire).toMatchObject({ exitCode: 2, blocked: false });
    expect(guarded.file("EMPTY_RAN")).toBe("EMPTY_EXIT2\n");
  });

  test("a missing interpreter (exit 127 with stderr) blocks: Gemini reads text on a failing exit as a deny", () => {
    const [fire] = firesFor(COMMANDS.missing, "guard");
    expect(fire).toMatchObject({ exitCode: 127, blocked: true });
    expect(existsSync(join(guarded.workDir, "MISSING_RAN"))).toBe(false);
  });

  test("a JSON deny counts on exit 1 too: Gemini parses stdout whatever the exit code", () => {
    const [fire] = firesFor(COMMANDS.jsonExit1, "guard");
    expect(fire).toMatchObject({ exitCode: 1, blocked: true });
    expect(existsSync(join(guarded.workDir, "EXIT1_RAN"))).toBe(false);
    expect(toolMessages()).toContain("Tool execution blocked: guard: json on exit 1");
  });

  test("a Claude Code-shaped deny (hookSpecificOutput.permissionDecision) does not block on Gemini", () => {
    const [fire] = firesFor(COMMANDS.claudeDeny, "guard");
    expect(fire).toMatchObject({ exitCode: 0, blocked: false });
    expect(guarded.file("CLAUDE_DENY_RAN")).toBe("CLAUDE_DENY\n");
    const folded = foldHookDecision({
      event: "BeforeTool",
      exitCode: 0,
      stdout: fire?.stdout ?? "",
      stderr: "",
      timedOut: false,
      harness: "gemini",
    });
    expect(folded.invalidReason).toMatch(/Claude Code's field/);
  });

  test("the hook timeout is in milliseconds: a 1500 ms hook is killed and its late deny never counts", () => {
    const [fire] = firesFor(COMMANDS.slow, "slow");
    expect(fire).toMatchObject({ exitCode: null, outcome: "cancelled", blocked: false });
    expect(guarded.file("SLOW_RAN")).toBe("SLOW\n");
  });

  test("AfterTool and BeforeAgent additionalContext reach the model", () => {
    expect(toolMessages()).toContain("<hook_context>AFTER_TOOL_MARK</hook_context>");
    const firstUser = guarded.modelRequests
      .find((q) => !q.sideChannel)
      ?.messages.filter((m) => m.role === "user");
    expect(firstUser?.map((m) => m.text).join("\n")).toContain("BEFORE_AGENT_MARK");
    expect(guarded.hooks?.some((h) => h.event === "BeforeAgent" && h.exitCode === 0)).toBe(true);
  });

  test("runHook with harness gemini folds the same guard the same way", () => {
    const dir = mkdtempSync(join(tmpdir(), "vigiles-gemini-runhook-"));
    try {
      writeFileSync(join(dir, "guard.sh"), GUARD);
      const hook = `sh ${join(dir, "guard.sh")}`;
      const at = (command: string) =>
        runHook(
          hook,
          { hook_event_name: "BeforeTool", tool_name: "run_shell_command", tool_input: { command } },
          { harness: "gemini", cwd: dir },
        );
      expect(at(COMMANDS.exit2)).toMatchObject({ decision: "deny", blocked: true, decidedBy: "exit-code" });
      expect(at(COMMANDS.jsonDeny)).toMatchObject({
        decision: "deny",
        blocked: true,
        reason: "guard: no force push",
      });
      expect(at(COMMANDS.illegal).decision).toBe("invalid");
      expect(at(COMMANDS.missing)).toMatchObject({ decision: "deny", blocked: true });
      expect(at(COMMANDS.jsonExit1)).toMatchObject({ decision: "deny", blocked: true });
      expect(at("ls").decision).toBe("none");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  function toolMessages(): string {
    return (guarded.modelRequests.at(-1)?.messages ?? [])
      .filter((m) => m.role === "tool")
      .map((m) => m.text)
      .join("\n");
  }
});

/** An extension dir: its manifest and a BeforeTool hook that denies `rm -rf` (Gemini's own shape). */
function extensionDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "vigiles-gemini-ext-"));
  writeFileSync(join(dir, "gemini-extension.json"), JSON.stringify({ name: "guard-ext", version: "1.0.0" }));
  mkdirSync(join(dir, "hooks"));
  writeFileSync(
    join(dir, "hooks", "guard.sh"),
    '#!/bin/sh\ngrep -q "rm -rf" && { echo "ext guard: rm -rf is not allowed" >&2; exit 2; }\nexit 0\n',
  );
  writeFileSync(
    join(dir, "hooks", "hooks.json"),
    JSON.stringify({
      hooks: {
        BeforeTool: [
          {
            matcher: "run_shell_command",
            hooks: [{ type: "command", command: "sh ${extensionPath}/hooks/guard.sh", timeout: 10000 }],
          },
        ],
      },
    }),
  );
  return dir;
}

describe.concurrent("Gemini CLI, real CLI: confinement, extensions, errors", () => {
  test(
    "confined: an extension's hook blocks rm -rf after a scripted 429 is retried, nothing escapes",
    async () => {
      const ext = extensionDir();
      const escape = join("/var/tmp", `escape-vigiles-gemini-${process.pid}`);
      try {
        const r = await runHarnessTest(
          {
            prompt: "clean",
            model: [
              { error: { status: 429, message: "slow down", retryAfter: 1 } },
              { tool: "Bash", input: { command: `echo in > IN; touch ${escape} 2>/dev/null; true` } },
              { tool: "Bash", input: { command: "rm -rf keep" } },
              { text: "done" },
            ],
            files: { "keep/a.txt": "a\n" },
            plugins: [ext],
            transcript: true,
            sandbox: true,
            timeoutMs: RUN_TIMEOUT,
          },
          { adapter: geminiAdapter },
        );
        try {
          expect(r.confined).toBe(true);
          expect(r.argv[0]).toMatch(/bwrap$/);
          expect(r.file("IN")).toBe("in\n");
          expect(existsSync(escape)).toBe(false);
          expect(r.file("keep/a.txt")).toBe("a\n");
          expect(r.hooks?.map((h) => [h.name, h.exitCode, h.blocked])).toEqual([
            ["BeforeTool:run_shell_command", 0, false],
            ["BeforeTool:run_shell_command", 2, true],
          ]);
          // The 429 was answered, then the same request came again and got the first tool call.
          const turns = r.modelRequests.filter((q) => !q.sideChannel);
          expect(turns.length).toBe(4);
          expect(turns[1]?.messages).toEqual(turns[0]?.messages);
        } finally {
          r.cleanup();
        }
      } finally {
        rmSync(ext, { recursive: true, force: true });
        rmSync(escape, { force: true });
      }
    },
    RUN_TIMEOUT + 30_000,
  );

  test(
    "a script that runs out is ScriptOverrunError, not a repeated turn",
    async () => {
      const run = runHarnessTest(
        {
          prompt: "go",
          model: [{ tool: "Bash", input: { command: "echo one" } }],
          sandbox: false,
          timeoutMs: RUN_TIMEOUT,
        },
        { adapter: geminiAdapter },
      );
      await expect(run).rejects.toBeInstanceOf(ScriptOverrunError);
      await expect(run).rejects.toThrow(/has 1 turn\(s\) and the CLI asked for turn 2/);
    },
    RUN_TIMEOUT + 30_000,
  );

  test(
    "a call to a tool Gemini does not have is UnknownToolError",
    async () => {
      const run = runHarnessTest(
        {
          prompt: "go",
          model: [{ tool: "NoSuchTool", input: {} }, { text: "done" }],
          sandbox: false,
          timeoutMs: RUN_TIMEOUT,
        },
        { adapter: geminiAdapter },
      );
      await expect(run).rejects.toBeInstanceOf(UnknownToolError);
      await expect(run).rejects.toThrow(/NoSuchTool/);
    },
    RUN_TIMEOUT + 30_000,
  );
});
