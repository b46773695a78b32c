// The Copilot CLI adapter against the REAL pinned GitHub Copilot CLI (1.0.102) in BYOK mode against
// the Messages-API mock: scripted calls in Claude Code's names translated to Copilot's tools, a
// repository preToolUse hook (.github/hooks/*.json) that denies (its fire recorded by the transparent
// recorder, since Copilot's stream shows no hook activity), the exit-code semantics of preToolUse as
// the pinned CLI really has them, an untrusted folder skipping hooks, the errors of a bad script,
// and a confined run.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { copilotAdapter, createCopilotAdapter } from "../../src/adapters/copilot-cli/adapter.js";
import { runHarnessTest } from "../../src/tiers/harness/run-harness-test.js";
import { requestContains } from "../../src/tiers/harness/availability.js";
import { ScriptOverrunError } from "../../src/tiers/harness/errors.js";
import { scriptModel } from "../../src/adapters/mock/script.js";

const TIMEOUT = 240_000;

/** A repository hooks file in Copilot's own shape, guarding every tool call with `guard.sh`. */
const hooksFile = (timeoutSec = 10) =>
  JSON.stringify({
    version: 1,
    hooks: { preToolUse: [{ type: "command", bash: "bash ./guard.sh", timeoutSec }] },
  });

const DENY_GUARD = [
  "#!/bin/bash",
  "# Copilot's own answer shape: top-level permissionDecision on stdout, exit 0.",
  "if grep -q 'rm -rf'; then",
  '  echo \'{"permissionDecision":"deny","permissionDecisionReason":"guard: rm -rf is not allowed"}\'',
  "fi",
  "exit 0",
  "",
].join("\n");

describe.concurrent("GitHub Copilot CLI, real CLI", () => {
  test(
    "scripted Bash, Write, Read and Edit run as Copilot's bash, create, view and edit, and the Trace names them as Claude Code does",
    async () => {
      const r = await runHarnessTest(
        {
          prompt: "write it",
          model: [
            { tool: "Bash", input: { command: "printf hello > out.txt" } },
            { tool: "Write", input: { file_path: "notes.md", content: "one\n" } },
            { tool: "Read", input: { file_path: "notes.md" } },
            { tool: "Edit", input: { file_path: "notes.md", old_string: "one", new_string: "two" } },
            { text: "wrote it" },
          ],
          claudeMd: "INSTRUCTIONS-MARKER-19: be brief.",
          sandbox: false,
        },
        { adapter: copilotAdapter },
      );
      try {
        expect(r.file("out.txt")).toBe("hello");
        expect(r.file("notes.md")).toBe("two\n");
        expect([...r.filesWritten].sort()).toEqual(["notes.md", "out.txt"]);
        expect(r.toolCalls.map((c) => c.name)).toEqual(["Bash", "Write", "Read", "Edit"]);
        expect(r.toolCalls[0]?.input["command"]).toBe("printf hello > out.txt");
        expect(r.toolCalls[2]?.result?.text).toContain("one");
        expect(r.toolCalls.every((c) => c.result?.isError === false)).toBe(true);
        expect(r.output).toBe("wrote it");
        // What Copilot sent: its own tool names, and AGENTS.md in what reached the model.
        const main = r.modelRequests?.filter((q) => !q.sideChannel) ?? [];
        expect(main.length).toBe(5);
        expect(main[0]?.tools).toEqual(expect.arrayContaining(["bash", "create", "edit", "view", "task"]));
        expect(requestContains(r, "INSTRUCTIONS-MARKER-19")).toBe(true);
        expect(r.usage.inputTokens).toBeGreaterThan(0);
      } finally {
        r.cleanup();
      }
    },
    TIMEOUT,
  );

  test(
    "a repository preToolUse hook denies rm -rf: the fire is recorded, the call denied, the files kept, the model told",
    async () => {
      const r = await runHarnessTest(
        {
          prompt: "tidy up",
          model: [
            { tool: "Bash", input: { command: "echo TOOLRAN > RAN" } },
            { tool: "Bash", input: { command: "rm -rf keep" } },
            { text: "done" },
          ],
          files: {
            ".github/hooks/guard.json": hooksFile(),
            "guard.sh": DENY_GUARD,
            "keep/precious.txt": "keep me\n",
          },
          transcript: true,
          sandbox: false,
        },
        { adapter: copilotAdapter },
      );
      try {
        expect(r.hooks?.map((h) => [h.name, h.exitCode, h.blocked])).toEqual([
          ["preToolUse:bash", 0, false],
          ["preToolUse:bash", 0, true],
        ]);
        const denied = r.toolCalls.find((c) => c.input["command"] === "rm -rf keep");
        expect(denied?.result).toMatchObject({ isError: true, denied: true, deniedBy: "hook" });
        expect(denied?.result?.text).toBe("Denied by preToolUse hook: guard: rm -rf is not allowed");
        expect(r.file("keep/precious.txt")).toBe("keep me\n");
        expect(r.file("RAN")).toBe("TOOLRAN\n");
        expect(requestContains(r, "guard: rm -rf is not allowed")).toBe(true);
      } finally {
        r.cleanup();
      }
    },
    TIMEOUT,
  );

  test(
    "preToolUse exit codes on 1.0.102: exit 2 and exit 1 deny (not as the docs say), a timeout and a Claude-shaped answer let the call run",
    async () => {
      const guard = [
        "#!/bin/bash",
        "p=$(cat)",
        'case "$p" in',
        "  *'rm -rf a'*) echo 'exit-2 guard' >&2; exit 2 ;;",
        "  *'rm -rf b'*) echo 'exit-1 guard' >&2; exit 1 ;;",
        "  *'rm -rf c'*) sleep 8; echo '{\"permissionDecision\":\"deny\"}' ;;",
        '  *\'rm -rf d\'*) echo \'{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"claude shape"}}\' ;;',
        "esac",
        "exit 0",
        "",
      ].join("\n");
      const r = await runHarnessTest(
        {
          prompt: "clean",
          model: [
            { tool: "Bash", input: { command: "rm -rf a" } },
            { tool: "Bash", input: { command: "rm -rf b" } },
            { tool: "Bash", input: { command: "rm -rf c" } },
            { tool: "Bash", input: { command: "rm -rf d" } },
            { text: "done" },
          ],
          files: {
            ".github/hooks/guard.json": hooksFile(2),
            "guard.sh": guard,
            "a/f": "a",
            "b/f": "b",
            "c/f": "c",
            "d/f": "d",
          },
          transcript: true,
          sandbox: false,
          // The guard times out on purpose (it fails open): the crash is what is pinned.
          allowHookCrashes: true,
        },
        { adapter: copilotAdapter },
      );
      try {
        expect(r.file("a/f")).toBe("a");
        expect(r.file("b/f")).toBe("b");
        expect(r.file("c/f")).toBeNull();
        expect(r.file("d/f")).toBeNull();
        const text = (cmd: string) => r.toolCalls.find((c) => c.input["command"] === cmd)?.result?.text;
        expect(text("rm -rf a")).toBe("Denied by preToolUse hook: hook exited with code 2");
        expect(text("rm -rf b")).toMatch(
          /^Denied by preToolUse hook from "\.github\/hooks\/guard\.json" \(hook errored\)/,
        );
        // The recorder saw all four fires; the folding agrees with what Copilot did.
        expect(r.hooks?.map((h) => [h.exitCode, h.blocked])).toEqual([
          [2, true],
          [1, true],
          [null, false],
          [0, false],
        ]);
      } finally {
        r.cleanup();
      }
    },
    TIMEOUT,
  );

  test(
    "exit 2 blocks nothing on userPromptSubmitted, postToolUse and agentStop; agentStop's decision:block does continue",
    async () => {
      const exit2 = (event: string) => ({
        [event]: [{ type: "command", bash: `cat >/dev/null; echo 'blocked ${event}' >&2; exit 2` }],
      });
      const once = "if [ -e .stopped ]; then exit 0; fi; touch .stopped";
      const script = [
        { tool: "Bash", input: { command: "echo ran > RAN" } },
        { text: "done" },
        { text: "continued" },
      ] as const;
      const [blocked, decided] = await Promise.all([
        runHarnessTest(
          {
            prompt: "go",
            model: script.slice(0, 2),
            files: {
              ".github/hooks/exit2.json": JSON.stringify({
                version: 1,
                hooks: { ...exit2("userPromptSubmitted"), ...exit2("postToolUse"), ...exit2("agentStop") },
              }),
            },
            transcript: true,
            sandbox: false,
          },
          { adapter: copilotAdapter },
        ),
        runHarnessTest(
          {
            prompt: "go",
            model: [...script],
            files: {
              ".github/hooks/stop.json": JSON.stringify({
                version: 1,
                hooks: {
                  agentStop: [
                    {
                      type: "command",
                      bash: `cat >/dev/null; ${once}; echo '{"decision":"block","reason":"STOP-REASON-19"}'`,
                    },
                  ],
                },
              }),
            },
            transcript: true,
            sandbox: false,
          },
          { adapter: copilotAdapter },
        ),
      ]);
      try {
        // The prompt reached the model, the command ran, and the stop was not held back.
        expect(blocked.file("RAN")).toBe("ran\n");
        expect(blocked.modelRequests?.filter((q) => !q.sideChannel).length).toBe(2);
        expect(blocked.hooks?.map((h) => [h.event, h.exitCode, h.blocked])).toEqual([
          ["userPromptSubmitted", 2, false],
          ["postToolUse", 2, false],
          ["agentStop", 2, false],
        ]);
        // decision:block on agentStop sends the reason back and the agent takes another turn.
        expect(decided.modelRequests?.filter((q) => !q.sideChannel).length).toBe(3);
        expect(requestContains(decided, "STOP-REASON-19")).toBe(true);
        expect(decided.output).toBe("continued");
        expect(decided.hooks?.filter((h) => h.event === "agentStop").map((h) => h.blocked)).toEqual([
          true,
          false,
        ]);
      } finally {
        blocked.cleanup();
        decided.cleanup();
      }
    },
    TIMEOUT,
  );

  test(
    "a scripted Task runs as Copilot's task: the subagent gets its own script and its calls carry their parent",
    async () => {
      const r = await runHarnessTest(
        {
          prompt: "delegate",
          model: scriptModel(
            [
              {
                tool: "Task",
                input: {
                  subagent_type: "general-purpose",
                  description: "write",
                  prompt: "write the SUB file",
                },
              },
              { text: "main done" },
            ],
            {
              agents: {
                "general-purpose": [
                  { tool: "Bash", input: { command: "echo sub > SUB" } },
                  { text: "sub done" },
                ],
              },
            },
          ),
          sandbox: false,
        },
        { adapter: copilotAdapter },
      );
      try {
        expect(r.file("SUB")).toBe("sub\n");
        expect(r.output).toBe("main done");
        const [agent, bash] = r.toolCalls;
        expect(agent).toMatchObject({ name: "Agent", input: { subagent_type: "general-purpose" } });
        expect(agent?.result?.text).toBe("sub done");
        expect(bash).toMatchObject({ name: "Bash", parentId: agent?.id });
        expect(r.modelRequests?.filter((q) => q.agentId !== undefined).length).toBe(2);
      } finally {
        r.cleanup();
      }
    },
    TIMEOUT,
  );

  test(
    "an untrusted work dir: Copilot skips the repository's hooks without a word, and rm -rf runs; user-level hooks still run",
    async () => {
      const r = await runHarnessTest(
        {
          prompt: "tidy up",
          model: [{ tool: "Bash", input: { command: "rm -rf keep" } }, { text: "done" }],
          files: {
            ".github/hooks/guard.json": hooksFile(),
            "guard.sh": DENY_GUARD,
            "keep/precious.txt": "keep me\n",
          },
          transcript: true,
          sandbox: false,
        },
        {
          adapter: createCopilotAdapter({
            trustWorkDir: false,
            userHooks: {
              "user.json": JSON.stringify({
                version: 1,
                hooks: { preToolUse: [{ type: "command", bash: "cat >/dev/null; echo FROM-USER >&2" }] },
              }),
            },
          }),
        },
      );
      try {
        // Only the user-level hook ($COPILOT_HOME/hooks) fired: trust gates the repository's alone.
        expect(r.hooks?.map((h) => [h.name, h.stderr.trim()])).toEqual([["preToolUse:bash", "FROM-USER"]]);
        expect(r.file("keep/precious.txt")).toBeNull();
        expect(r.toolCalls[0]?.result).toMatchObject({ isError: false });
        expect(r.stderr).not.toMatch(/trust|hook/i);
      } finally {
        r.cleanup();
      }
    },
    TIMEOUT,
  );

  test(
    "a script overrun and an unknown tool are named errors",
    async () => {
      const [overrun, unknown] = await Promise.allSettled([
        runHarnessTest(
          { prompt: "go", model: [{ tool: "Bash", input: { command: "true" } }], sandbox: false },
          { adapter: copilotAdapter },
        ),
        runHarnessTest(
          { prompt: "go", model: [{ tool: "NoSuchTool", input: {} }, { text: "done" }], sandbox: false },
          { adapter: copilotAdapter },
        ),
      ]);
      expect(overrun.status).toBe("rejected");
      expect(overrun.status === "rejected" && overrun.reason).toBeInstanceOf(ScriptOverrunError);
      expect(unknown.status).toBe("rejected");
      const reason: unknown = unknown.status === "rejected" ? unknown.reason : undefined;
      expect(reason).toMatchObject({ code: "VIGILES_UNKNOWN_TOOL" });
      expect(String(reason)).toContain("NoSuchTool");
    },
    TIMEOUT,
  );

  test(
    "a confined run reaches the mock through the relay, writes in its work dir and nowhere else; a plugin's recorded deny works inside",
    async () => {
      const escape = join("/var/tmp", `escape-vigiles-copilot-${process.pid}`);
      const r = await runHarnessTest(
        {
          prompt: "write",
          model: [
            { tool: "Bash", input: { command: `echo inside > IN; echo out > ${escape}; echo done-writing` } },
            { tool: "Bash", input: { command: "rm -rf keep" } },
            { text: "done" },
          ],
          files: { ".github/hooks/guard.json": hooksFile(), "guard.sh": DENY_GUARD, "keep/f": "kept\n" },
          // Its recorded copy lives in the run's temp dir, which the sandbox binds.
          plugins: [join(import.meta.dirname, "fixtures", "claude-style-plugin")],
          transcript: true,
          sandbox: true,
        },
        { adapter: copilotAdapter },
      );
      try {
        expect(r.file("IN")).toBe("inside\n");
        expect(existsSync(escape)).toBe(false);
        expect(r.toolCalls[0]?.result?.text).toMatch(/Read-only file system|Permission denied/);
        // Both guards deny rm -rf. Copilot runs an event's hooks one after another and stops at the
        // first deny (measured: the repository's ran first and the plugin's did not run for the rm).
        expect(r.file("keep/f")).toBe("kept\n");
        const fires = r.hooks ?? [];
        expect(
          fires
            .slice(0, 2)
            .map((h) => [h.name, h.blocked])
            .sort(),
        ).toEqual([
          ["PreToolUse:Bash", false],
          ["preToolUse:bash", false],
        ]);
        expect(fires.slice(2).map((h) => h.blocked)).toEqual([true]);
      } finally {
        r.cleanup();
      }
    },
    TIMEOUT,
  );
});
