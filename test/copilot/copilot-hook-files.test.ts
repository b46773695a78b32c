// What the REAL pinned GitHub Copilot CLI (1.0.102) does with two `.github/hooks/*.json` shapes the
// audit judges, each run beside a control hook that proves the repository's hooks were loaded:
// - events written at the top level with no `hooks` object (flat handlers, or Claude-style groups):
//   Copilot never runs them (`copilot-hooks-file-shape`);
// - a preToolUse handler with only a `powershell` command: on Linux Copilot has nothing to run,
//   reports the hook as errored, and an errored preToolUse hook denies, so every tool call is
//   denied (`copilot-powershell-only`); the denial names the file, which shows the hooks loaded.
import { describe, expect, test } from "vitest";
import { copilotAdapter } from "../../src/adapters/copilot-cli/adapter.js";
import { runHarnessTest } from "../../src/tiers/harness/run-harness-test.js";

const RUN_TIMEOUT = 240_000;

const control = JSON.stringify({
  version: 1,
  hooks: { preToolUse: [{ type: "command", bash: "cat >/dev/null; touch CONTROL", timeoutSec: 10 }] },
});

describe.concurrent("Copilot CLI hook files, real CLI", () => {
  test(
    "events at the top level, with no hooks object, never run; the control does",
    async () => {
      const r = await runHarnessTest(
        {
          prompt: "go",
          model: [{ tool: "Bash", input: { command: "echo hi > RAN" } }, { text: "done" }],
          files: {
            ".github/hooks/control.json": control,
            ".github/hooks/top-flat.json": JSON.stringify({
              version: 1,
              preToolUse: [{ type: "command", bash: "touch TOP_FLAT", timeoutSec: 10 }],
            }),
            ".github/hooks/top-grouped.json": JSON.stringify({
              PreToolUse: [{ matcher: ".*", hooks: [{ type: "command", command: "touch TOP_GROUPED" }] }],
            }),
          },
          sandbox: false,
          timeoutMs: RUN_TIMEOUT,
        },
        { adapter: copilotAdapter },
      );
      try {
        expect(r.file("RAN")).toBe("hi\n");
        expect(r.file("CONTROL")).not.toBeNull();
        expect(r.file("TOP_FLAT")).toBeNull();
        expect(r.file("TOP_GROUPED")).toBeNull();
      } finally {
        r.cleanup();
      }
    },
    RUN_TIMEOUT + 30_000,
  );

  test(
    "a powershell-only preToolUse handler on Linux is an errored hook: the tool call is denied",
    async () => {
      const r = await runHarnessTest(
        {
          prompt: "go",
          model: [{ tool: "Bash", input: { command: "echo hi > RAN" } }, { text: "done" }],
          files: {
            ".github/hooks/control.json": control,
            ".github/hooks/pwsh.json": JSON.stringify({
              version: 1,
              hooks: { preToolUse: [{ type: "command", powershell: "New-Item PWSH", timeoutSec: 10 }] },
            }),
          },
          sandbox: false,
          timeoutMs: RUN_TIMEOUT,
          allowHookCrashes: true,
        },
        { adapter: copilotAdapter },
      );
      try {
        // The call never ran, denied by the powershell-only hook (the denial names its file, so
        // the repository's hooks were loaded; Copilot stops at that denial before the control).
        expect(r.file("RAN")).toBeNull();
        expect(r.file("PWSH")).toBeNull();
        const denied = r.toolCalls.find((c) => c.input["command"] === "echo hi > RAN")?.result?.text;
        expect(denied).toMatch(
          /^Denied by preToolUse hook from "\.github\/hooks\/pwsh\.json" \(hook errored\)/,
        );
      } finally {
        r.cleanup();
      }
    },
    RUN_TIMEOUT + 30_000,
  );
});
