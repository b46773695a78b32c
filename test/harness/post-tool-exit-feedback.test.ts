// What Claude Code 2.1.328 does with a PostToolUse hook's stderr, by its exit (the real CLI against the
// mock): exit 2 puts the stderr in what the model reads next; exit 1 is a non-blocking error and the
// model never sees it. A lint gate that says "lint failed" with exit 1 tells nobody (the audit's
// hook-crash text for a post-tool gate rests on this).
import { describe, expect, test } from "vitest";
import { requestContains } from "../../src/tiers/harness/availability.js";
import { withHarness } from "../../src/tiers/harness/run-harness-test.js";

const postHook = (command: string) => [{ matcher: "Bash", hooks: [{ type: "command", command }] }];

describe.concurrent("PostToolUse stderr reaches the model only on exit 2", { timeout: 180_000 }, () => {
  for (const [code, seen] of [
    [1, false],
    [2, true],
  ] as const) {
    test(`exit ${code}: the model ${seen ? "reads" : "never reads"} the hook's stderr`, async () => {
      const marker = `LINT-FAILED-${code}-7c1`;
      await withHarness(
        {
          prompt: "run it",
          model: [{ tool: "Bash", input: { command: "echo ran" } }, { text: "ok" }],
          settings: { hooks: { PostToolUse: postHook(`echo '${marker}' >&2; exit ${code}`) } },
          transcript: true,
          // The exit-1 crash is what this test is about: the run must not fail on it.
          allowHookCrashes: true,
        },
        (r) => {
          const fire = r.hooks?.find((h) => h.event === "PostToolUse");
          expect(fire).toMatchObject({ exitCode: code });
          expect(requestContains(r, marker)).toBe(seen);
        },
      );
    });
  }
});
