// §3 of issue 17, "no silent pass": a hook that crashes fails a harness run by default
// (HookCrashedError), whether or not the test asked for `transcript`. Pins what the real pinned CLIs
// report for each kind of crash, and the newcomer's false pass: a guard that crashes while the
// CLI's own `rm -rf /` protection does the denying used to pass `tool("Bash")` and
// `hookFired("PreToolUse")`. Those runs are confined: if the protection ever let it through,
// `rm -rf /` meets a read-only root.
import { describe, expect, test } from "vitest";
import { codexAdapter } from "../../src/adapters/codex/adapter.js";
import { assertChecks } from "../../src/core/checks/assert-checks.js";
import { hookFired } from "../../src/core/checks/hook-fired.js";
import { tool } from "../../src/core/checks/tool-checks.js";
import { bwrapAvailable } from "../../src/runtime/confine.js";
import { HarnessTimeoutError, HookCrashedError } from "../../src/tiers/harness/errors.js";
import { runHarnessTest, withHarness } from "../../src/tiers/harness/run-harness-test.js";
import type { HarnessTestSpec } from "../../src/tiers/harness/spec.js";

const handler = (command: string, timeout?: number) => ({
  type: "command",
  command,
  ...(timeout !== undefined ? { timeout } : {}),
});
const bashHooks = (...handlers: object[]) => ({
  hooks: { PreToolUse: [{ matcher: "Bash", hooks: handlers }] },
});

const rejection = async (run: Promise<{ cleanup(): void }>): Promise<unknown> =>
  run.then(
    (r) => {
      r.cleanup();
      return undefined;
    },
    (e: unknown) => e,
  );

/** The newcomer's guard test: a guard whose interpreter is missing, and a disaster the CLI itself refuses. */
const newcomer = (extra: Partial<HarnessTestSpec> = {}): HarnessTestSpec => ({
  prompt: "clean everything",
  model: [{ tool: "Bash", input: { command: "rm -rf /" } }, { text: "done" }],
  files: { "guard.py": "import sys\nsys.exit(2)\n" },
  settings: bashHooks(handler("python3-vigiles-missing {cwd}/guard.py")),
  sandbox: true,
  transcript: true,
  ...extra,
});

describe.concurrent("a crashed hook fails the run", { timeout: 240_000 }, () => {
  test.runIf(bwrapAvailable())(
    "the newcomer's false pass: the guard crashes (exit 127), the CLI's own protection denies, and the run now throws",
    async () => {
      // What the newcomer saw, kept reachable behind the explicit option: both checks pass although
      // the guard never ran its rule.
      await withHarness(newcomer({ allowHookCrashes: true }), (r) => {
        assertChecks(r, [tool("Bash"), hookFired("PreToolUse")]);
        expect(r.hooks?.map((h) => [h.event, h.exitCode, h.blocked])).toEqual([["PreToolUse", 127, false]]);
        // The denial was the CLI's own, not the guard's.
        expect(r.toolCalls[0]?.result?.text).toMatch(/^Dangerous rm operation detected/);
      });
      const error = await rejection(runHarnessTest(newcomer()));
      expect(error).toBeInstanceOf(HookCrashedError);
      expect((error as HookCrashedError).code).toBe("VIGILES_HOOK_CRASHED");
      expect(String(error)).toContain('PreToolUse hook "PreToolUse:Bash": exit 127');
      expect(String(error)).toContain("python3-vigiles-missing: not found");
      expect(String(error)).toContain("allowHookCrashes: true");
    },
  );

  test("exit 1, a missing script, a signal, a timeout and exit 3 each count, without `transcript`; exit 0 and 2 do not", async () => {
    const error = await rejection(
      runHarnessTest({
        prompt: "go",
        model: [{ tool: "Bash", input: { command: "echo hi" } }, { text: "done" }],
        sandbox: false,
        settings: bashHooks(
          handler("echo boom >&2; exit 1"),
          handler("/nonexistent/vigiles-guard.sh"),
          handler("kill -9 $$"),
          handler("sleep 30", 2),
          handler("exit 3"),
          handler("cat > /dev/null; exit 0"),
          handler("cat > /dev/null; echo fine >&2; exit 2"),
        ),
      }),
    );
    expect(error).toBeInstanceOf(HookCrashedError);
    const fires = (error as HookCrashedError).fires;
    // Claude Code 2.1.328: a signal reads as exit 1, a timeout as exit 1 with outcome "cancelled".
    expect(fires.map((f) => f.exitCode).sort()).toEqual([1, 1, 1, 127, 3]);
    expect(fires.filter((f) => f.outcome === "cancelled")).toHaveLength(1);
    expect(String(error)).toContain("5 hook fires crashed");
    expect(String(error)).toContain("stderr: boom");
    expect(String(error)).toContain("/nonexistent/vigiles-guard.sh: not found");
  });

  test("a hook that exits 0 or 2 leaves the run alone", async () => {
    await withHarness(
      {
        prompt: "go",
        model: [
          { tool: "Bash", input: { command: "echo hi" } },
          { tool: "Bash", input: { command: "echo blocked" } },
          { text: "done" },
        ],
        sandbox: false,
        settings: bashHooks(handler(`grep -q blocked && { echo no >&2; exit 2; }; exit 0`)),
      },
      (r) => expect(r.output).toBe("done"),
    );
  });

  test("Codex: a hook that exits 1 fails the run (its fire comes from the recorder)", async () => {
    const error = await rejection(
      runHarnessTest(
        {
          prompt: "go",
          model: [{ tool: "Bash", input: { command: "echo hi" } }, { text: "done" }],
          sandbox: false,
          settings: bashHooks(handler("cat > /dev/null; echo codex-boom >&2; exit 1")),
        },
        { adapter: codexAdapter },
      ),
    );
    expect(error).toBeInstanceOf(HookCrashedError);
    expect(String(error)).toMatch(/PreToolUse hook .*: exit 1, stderr: codex-boom/);
  });

  test("a run the mock never heard from times out saying so, and lists what could have rerouted it", async () => {
    const error = await rejection(
      runHarnessTest({
        prompt: "go",
        model: [{ text: "done" }],
        sandbox: false,
        timeoutMs: 8_000,
        settings: { hooks: { SessionStart: [{ hooks: [handler("sleep 60")] }] } },
      }),
    );
    expect(error).toBeInstanceOf(HarnessTimeoutError);
    expect((error as HarnessTimeoutError).reachedMock).toBe(false);
    expect(String(error)).toContain("the CLI never reached the mock");
    expect(String(error)).toContain("managed settings");
  });
});
