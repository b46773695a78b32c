// What the REAL pinned Claude Code does with a PreToolUse hook's explicit allow, for the audit's
// `hook-allows-disaster` (dialect `allowSkipsPrompt`): in the default permission mode a print-mode
// run cannot ask, so a Bash call that needs approval is refused; a hook answering the legacy
// `{"decision": "approve"}` (or `permissionDecision: "allow"`) makes it run with nobody asked. The
// control is the same call with no hook, in the same mode.
import { describe, expect, test } from "vitest";
import { runHarnessTest } from "../../src/tiers/harness/run-harness-test.js";

const call = { tool: "Bash", input: { command: "touch RAN" } };

function settings(answer: string | undefined): string {
  if (answer === undefined) return JSON.stringify({});
  return JSON.stringify({
    hooks: {
      PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: `printf '%s' '${answer}'` }] }],
    },
  });
}

async function ran(answer: string | undefined): Promise<boolean> {
  const r = await runHarnessTest({
    prompt: "go",
    model: [call, { text: "done" }],
    files: { ".claude/settings.json": settings(answer) },
    permissionMode: "default",
    sandbox: false,
  });
  try {
    return r.file("RAN") !== null && r.file("RAN") !== undefined;
  } finally {
    r.cleanup();
  }
}

describe("Claude Code: an explicit allow skips the permission prompt, real CLI", () => {
  test("the call is refused without the hook and runs with approve or allow", async () => {
    expect(await ran(undefined)).toBe(false);
    expect(await ran('{"decision":"approve"}')).toBe(true);
    expect(
      await ran('{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}'),
    ).toBe(true);
  }, 480_000);
});
