// A hook that cannot run but exits 2 is a crash where exit 2 blocks nothing: bash exits 2 on a syntax
// error, and dash (`sh ./scripts/notify.sh`) exits 2 on a missing script. Before the runner read the
// event's rule, each of these runs returned normally: the guard checked nothing and the CLI went on.
// Real pinned CLIs against the mock; the fires come from vigiles' recorder (neither stream has hooks).
import { describe, expect, test } from "vitest";
import { copilotAdapter } from "../../src/adapters/copilot-cli/adapter.js";
import { geminiAdapter } from "../../src/adapters/gemini-cli/adapter.js";
import { HookCrashedError } from "../../src/tiers/harness/errors.js";
import { runHarnessTest } from "../../src/tiers/harness/run-harness-test.js";

const TIMEOUT = 240_000;
const model = [{ tool: "Bash", input: { command: "echo ran > RAN" } }, { text: "done" }];
/** A shell script with a syntax error: bash and dash both exit 2 on it. */
const BROKEN = "#!/bin/bash\ncat >/dev/null\nif true; then\n  echo never\n";

describe.concurrent("exit 2 from a hook that could not run", () => {
  test(
    "Copilot: postToolUse with a bash syntax error and agentStop running a missing script under sh",
    async () => {
      const run = runHarnessTest(
        {
          prompt: "go",
          model,
          files: {
            "post.sh": BROKEN,
            ".github/hooks/broken.json": JSON.stringify({
              version: 1,
              hooks: {
                postToolUse: [{ type: "command", bash: "bash ./post.sh" }],
                agentStop: [{ type: "command", bash: "sh ./scripts/notify.sh" }],
              },
            }),
          },
        },
        { adapter: copilotAdapter },
      );
      await expect(run).rejects.toBeInstanceOf(HookCrashedError);
      const error = (await run.catch((e: unknown) => e)) as HookCrashedError;
      expect(error.fires.map((f) => [f.event, f.exitCode])).toEqual([
        ["postToolUse", 2],
        ["agentStop", 2],
      ]);
      expect(error.message).toMatch(/postToolUse hook .*exit 2, stderr: .*syntax error/);
      expect(error.message).toMatch(/agentStop hook .*exit 2, stderr: .*(can't|cannot) open/);
    },
    TIMEOUT,
  );

  test(
    "Gemini CLI: SessionStart with a syntax error and AfterTool running a missing script under sh",
    async () => {
      const run = runHarnessTest(
        {
          prompt: "go",
          model,
          files: {
            "start.sh": BROKEN,
            ".gemini/settings.json": JSON.stringify({
              hooks: {
                SessionStart: [{ hooks: [{ type: "command", command: "bash ./start.sh" }] }],
                AfterTool: [
                  {
                    matcher: "run_shell_command",
                    hooks: [{ type: "command", command: "sh ./scripts/notify.sh" }],
                  },
                ],
              },
            }),
          },
        },
        { adapter: geminiAdapter },
      );
      await expect(run).rejects.toBeInstanceOf(HookCrashedError);
      const error = (await run.catch((e: unknown) => e)) as HookCrashedError;
      expect(error.fires.map((f) => [f.event, f.exitCode])).toEqual([
        ["SessionStart", 2],
        ["AfterTool", 2],
      ]);
    },
    TIMEOUT,
  );
});
