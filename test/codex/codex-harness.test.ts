// The Codex adapter against the REAL pinned Codex CLI (0.169.0) and the Responses-API mock: a
// scripted shell call that writes a file, a PreToolUse hook that denies a command (its fire recorded
// by the transparent recorder, since Codex's stream shows no hook activity), one harness spec passing
// under both adapters, Codex's silent skip of an untrusted hook, and the errors of a bad script.
import { readFileSync, readdirSync, writeFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { codexAdapter } from "../../src/adapters/codex/adapter.js";
import { hookFiresDir } from "../../src/adapters/codex/prepare.js";
import { runHarnessTest } from "../../src/tiers/harness/run-harness-test.js";
import { makeRunDirs } from "../../src/tiers/harness/session.js";
import { runProcess } from "../../src/runtime/process.js";
import { removeTempDir } from "../../src/runtime/temp-dir.js";
import { assertChecks } from "../../src/core/checks/assert-checks.js";
import { tool } from "../../src/core/checks/tool-checks.js";
import { wrote } from "../../src/core/checks/run-checks.js";
import { output } from "../../src/core/checks/text-checks.js";
import { hookFired } from "../../src/core/checks/hook-fired.js";
import type { HarnessTestSpec } from "../../src/tiers/harness/spec.js";

const GUARD = [
  "#!/bin/sh",
  "# Denies rm -rf: exit 2 with a reason on stderr (Codex needs non-empty stderr to block).",
  'if grep -q "rm -rf"; then echo "guard: rm -rf is not allowed" >&2; exit 2; fi',
  "exit 0",
  "",
].join("\n");

/**
 * A host path outside the work dir that a confined run must not be able to create. Under /var/tmp:
 * the checkout itself may sit under /tmp, which a confined run sees as its own private tmpfs.
 */
const ESCAPE = join("/var/tmp", `escape-vigiles-${process.pid}`);

/** One spec written once, in Claude Code's tool names; every harness must pass it. */
function guardedSpec(): HarnessTestSpec {
  return {
    prompt: "tidy up",
    model: [
      { tool: "Bash", input: { command: "echo TOOLRAN | tee RAN" } },
      { tool: "Bash", input: { command: "rm -rf keep" } },
      { text: "done" },
    ],
    files: { "keep/precious.txt": "keep me\n", "guard.sh": GUARD },
    settings: {
      hooks: {
        PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "sh {cwd}/guard.sh" }] }],
      },
    },
    transcript: true,
    sandbox: false,
  };
}

describe.concurrent("Codex, real CLI", () => {
  test("a scripted shell call writes a file that file() and filesWritten see", async () => {
    const r = await runHarnessTest(
      {
        prompt: "write it",
        model: [{ tool: "Bash", input: { command: "printf hello > out.txt" } }, { text: "wrote it" }],
        sandbox: false,
      },
      { adapter: codexAdapter },
    );
    try {
      expect(r.file("out.txt")).toBe("hello");
      expect(r.filesWritten).toEqual(["out.txt"]);
      expect(r.toolCalls.map((c) => [c.name, c.input])).toEqual([
        ["Bash", { command: "printf hello > out.txt" }],
      ]);
      expect(r.output).toBe("wrote it");
      expect(r.modelRequests?.filter((q) => !q.sideChannel).length).toBe(2);
    } finally {
      r.cleanup();
    }
  });

  test("a PreToolUse hook denies rm -rf: the fire is recorded, the call is denied, the files stay", async () => {
    const r = await runHarnessTest(guardedSpec(), { adapter: codexAdapter });
    try {
      expect(r.hooks?.map((h) => [h.name, h.exitCode, h.blocked])).toEqual([
        ["PreToolUse:Bash", 0, false],
        ["PreToolUse:Bash", 2, true],
      ]);
      expect(r.hooks?.[1]?.stderr).toContain("rm -rf is not allowed");
      const denied = r.toolCalls.find((c) => c.input["command"] === "rm -rf keep");
      expect(denied?.result).toMatchObject({ isError: true, denied: true, deniedBy: "hook" });
      expect(r.file("keep/precious.txt")).toBe("keep me\n");
      // What the model was told, as Codex put it in the next request.
      const lastTool = r.modelRequests
        ?.at(-1)
        ?.messages.filter((m) => m.role === "tool")
        .at(-1)?.text;
      expect(lastTool).toContain("blocked by PreToolUse hook");
    } finally {
      r.cleanup();
    }
  });

  test("the same harness spec passes under Claude Code and Codex", async () => {
    const checks = [tool("Bash"), output(/done/), wrote("RAN"), hookFired("PreToolUse")];
    const [claude, codex] = await Promise.all([
      runHarnessTest(guardedSpec()),
      runHarnessTest(guardedSpec(), { adapter: codexAdapter }),
    ]);
    try {
      for (const r of [claude, codex]) {
        assertChecks(r, checks);
        expect(r.file("RAN")).toBe("TOOLRAN\n");
        expect(r.file("keep/precious.txt")).toBe("keep me\n");
        expect(r.hooks?.filter((h) => h.blocked).length).toBe(1);
      }
    } finally {
      claude.cleanup();
      codex.cleanup();
    }
  });

  test("Codex skips an untrusted hook silently, which is why vigiles trusts each hook by hash", async () => {
    const { root, dirs } = makeRunDirs();
    const mock = await codexAdapter.startMock([
      { tool: "Bash", input: { command: "echo ran > MARK" } },
      { text: "done" },
    ]);
    try {
      const denyAll = `sh ${dirs.workDir}/deny.sh`;
      await codexAdapter.prepare(
        {
          prompt: "mark it",
          files: { "deny.sh": 'cat >/dev/null; echo "denied" >&2; exit 2\n' },
          settings: {
            hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: denyAll }] }] },
          },
        },
        dirs,
      );
      const config = join(dirs.homeDir, ".codex", "config.toml");
      // Drop the trust entries vigiles wrote: the hook is now as a user's unreviewed hook would be.
      const trusted = readFileSync(config, "utf8");
      expect(trusted).toMatch(
        /\[hooks\.state\."[^"]*hooks\.json:pre_tool_use:0:0"\]\ntrusted_hash = "sha256:[0-9a-f]{64}"/,
      );
      writeFileSync(config, trusted.replace(/\[hooks\.state\.[^\n]*\]\ntrusted_hash = [^\n]*\n/g, ""));
      const harness = await codexAdapter.resolve();
      const launch = codexAdapter.launch({
        harness,
        spec: { prompt: "mark it" },
        dirs,
        endpoint: { kind: "mock", baseUrl: mock.url, apiKey: "k" },
        asRoot: process.getuid?.() === 0,
      });
      const run = await runProcess({
        argv: launch.argv,
        env: launch.env,
        cwd: launch.cwd,
        input: "",
        timeoutMs: 60_000,
      });
      expect(run.exitCode).toBe(0);
      // The deny-everything hook never ran and the command did: nothing in the stream says so.
      expect(readdirSync(hookFiresDir(dirs))).toEqual([]);
      expect(readFileSync(join(dirs.workDir, "MARK"), "utf8")).toBe("ran\n");
    } finally {
      await mock.close();
      removeTempDir(root);
    }
  });

  test("Codex 0.169.0 refuses rm -rf by itself, even with approvals bypassed, and its stream shows nothing", async () => {
    const r = await runHarnessTest(
      {
        prompt: "clean",
        model: [
          { tool: "Bash", input: { command: "echo a > A" } },
          { tool: "Bash", input: { command: "rm -rf keep" } },
          { tool: "Bash", input: { command: "echo b > B" } },
          { text: "done" },
        ],
        files: { "keep/a": "1" },
        // A hook that allows everything: it fires, and Codex refuses the call after it.
        settings: {
          hooks: {
            PreToolUse: [
              { matcher: "Bash", hooks: [{ type: "command", command: "cat >/dev/null; exit 0" }] },
            ],
          },
        },
        transcript: true,
        sandbox: false,
      },
      { adapter: codexAdapter },
    );
    try {
      expect(r.file("keep/a")).toBe("1");
      // The stream has items for the two calls that ran and none for the refused one.
      const items = r.stdout
        .split("\n")
        .filter((l) => l.includes('"item.completed"') && l.includes("command_execution"));
      expect(items).toHaveLength(2);
      const told = r.modelRequests?.at(-1)?.messages.filter((m) => m.role === "tool")[1]?.text ?? "";
      expect(told).toMatch(/rejected: rm -f style commands are not permitted/);
      // vigiles reads the refused call from Codex's own session record, in its place among the others.
      expect(r.toolCalls.map((c) => [c.input["command"], c.result?.deniedBy])).toEqual([
        ["echo a > A", undefined],
        ["rm -rf keep", "harness"],
        ["echo b > B", undefined],
      ]);
      expect(r.toolCalls[1]?.result).toMatchObject({ isError: true, denied: true, text: told });
      // The hook let it through: a guard test that asserts only "the files survived" passes vacuously.
      expect(r.hooks?.map((h) => [h.name, h.blocked])).toEqual([
        ["PreToolUse:Bash", false],
        ["PreToolUse:Bash", false],
        ["PreToolUse:Bash", false],
      ]);
    } finally {
      r.cleanup();
    }
  });

  test("confined: Codex and its hooks write the work dir only, reach no network, and still reach the mock", async () => {
    const r = await runHarnessTest(
      {
        prompt: "go",
        model: [
          { tool: "Bash", input: { command: `echo in > IN; echo out > ${ESCAPE}; echo wrote=$?` } },
          { text: "done" },
        ],
        settings: {
          hooks: {
            PreToolUse: [
              { matcher: "Bash", hooks: [{ type: "command", command: "cat >/dev/null; exit 0" }] },
            ],
          },
        },
        transcript: true,
        sandbox: true,
      },
      { adapter: codexAdapter },
    );
    try {
      expect(r.confined).toBe(true);
      expect(r.file("IN")).toBe("in\n");
      // Codex reads the command's stdout and stderr separately: either may come first in the text.
      expect(r.toolCalls[0]?.result?.text).toMatch(/Read-only file system/);
      expect(r.toolCalls[0]?.result?.text).toMatch(/wrote=1/);
      expect(existsSync(ESCAPE)).toBe(false);
      expect(r.hooks?.length).toBe(1);
      expect(r.output).toBe("done");
    } finally {
      r.cleanup();
    }
  });

  test("a tool Codex does not have and a script that runs out each fail with their own error", async () => {
    await expect(
      runHarnessTest(
        { prompt: "go", model: [{ tool: "NoSuchTool", input: {} }, { text: "done" }], sandbox: false },
        { adapter: codexAdapter },
      ),
    ).rejects.toThrow(/NoSuchTool/);
    await expect(
      runHarnessTest(
        { prompt: "go", model: [{ tool: "Bash", input: { command: "true" } }], sandbox: false },
        { adapter: codexAdapter },
      ),
    ).rejects.toMatchObject({ name: "ScriptOverrunError" });
  });
});
