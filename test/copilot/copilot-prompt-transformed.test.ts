// What the REAL pinned GitHub Copilot CLI (1.0.102) does with a `userPromptTransformed` hook from a
// repository hooks file, the event its binary lists beside userPromptSubmitted (issue 32: it was an
// `unpinned-event` the audit could not judge). Pinned here, and modelled in its dialect (rules.ts,
// payload.ts, fold.ts) from these runs:
// - it fires in a `-p` run after the prompt is transformed, with {sessionId, timestamp, cwd, prompt,
//   transformedPrompt} (transformedPrompt is the prompt with Copilot's `<current_datetime>` prefix);
// - `modifiedTransformedPrompt` replaces what the model is sent (the original prompt never reaches it);
// - exit 2 blocks nothing, and `additionalContext` and `decision: "block"` are ignored.
import { describe, expect, test } from "vitest";
import { copilotAdapter } from "../../src/adapters/copilot-cli/adapter.js";
import { copilotDialect } from "../../src/adapters/copilot-cli/dialect.js";
import { runHarnessTest } from "../../src/tiers/harness/run-harness-test.js";
import { requestContains } from "../../src/tiers/harness/availability.js";
import { hookFired } from "../../src/core/checks/hook-fired.js";

/** One `-p` run whose only hook is a userPromptTransformed command `bash`. */
function runWithHook(bash: string) {
  return runHarnessTest(
    {
      prompt: "hello ORIGINAL-PROMPT-7",
      model: [{ text: "done" }],
      files: {
        ".github/hooks/transform.json": JSON.stringify({
          version: 1,
          hooks: { userPromptTransformed: [{ type: "command", bash, timeoutSec: 10 }] },
        }),
      },
      transcript: true,
      sandbox: false,
    },
    { adapter: copilotAdapter },
  );
}

describe("userPromptTransformed, real CLI", { timeout: 240_000 }, () => {
  test("fires with prompt and transformedPrompt; modifiedTransformedPrompt replaces what the model gets", async () => {
    const r = await runWithHook(
      `cat > payload.json; echo '{"modifiedTransformedPrompt":"REPLACED-PROMPT-7"}'`,
    );
    try {
      const payload = JSON.parse(r.file("payload.json") ?? "{}") as Record<string, unknown>;
      expect(Object.keys(payload).sort()).toEqual(
        ["cwd", "prompt", "sessionId", "timestamp", "transformedPrompt"].sort(),
      );
      expect(payload["prompt"]).toBe("hello ORIGINAL-PROMPT-7");
      expect(String(payload["transformedPrompt"])).toMatch(/hello ORIGINAL-PROMPT-7$/);
      expect(typeof payload["timestamp"]).toBe("number");
      expect(hookFired(r, "userPromptTransformed")).toBe(true);
      expect(requestContains(r, "REPLACED-PROMPT-7")).toBe(true);
      expect(requestContains(r, "ORIGINAL-PROMPT-7")).toBe(false);
      // The dialect folds that answer to the same effect.
      const folded = copilotDialect.fold({
        event: "userPromptTransformed",
        exitCode: 0,
        stdout: '{"modifiedTransformedPrompt":"REPLACED-PROMPT-7"}',
        stderr: "",
        timedOut: false,
      });
      expect(folded).toMatchObject({
        blocked: false,
        updatedInput: { transformedPrompt: "REPLACED-PROMPT-7" },
      });
    } finally {
      r.cleanup();
    }
  });

  test("additionalContext and a block decision are ignored: the prompt goes on unchanged", async () => {
    const r = await runWithHook(
      `echo '{"additionalContext":"CTX-MARKER-7","decision":"block","reason":"BLOCK-REASON-7"}'`,
    );
    try {
      expect(requestContains(r, "ORIGINAL-PROMPT-7")).toBe(true);
      expect(requestContains(r, "CTX-MARKER-7")).toBe(false);
      expect(requestContains(r, "BLOCK-REASON-7")).toBe(false);
      expect(r.output).toBe("done");
    } finally {
      r.cleanup();
    }
    const folded = copilotDialect.fold({
      event: "userPromptTransformed",
      exitCode: 0,
      stdout: '{"additionalContext":"CTX-MARKER-7"}',
      stderr: "",
      timedOut: false,
    });
    expect(folded.additionalContext).toBeUndefined();
    expect(folded.blocked).toBe(false);
  });

  test("exit 2 blocks nothing: the original prompt reaches the model", async () => {
    const r = await runWithHook("echo 'no' >&2; exit 2");
    try {
      expect(requestContains(r, "ORIGINAL-PROMPT-7")).toBe(true);
      expect(r.output).toBe("done");
    } finally {
      r.cleanup();
    }
    const folded = copilotDialect.fold({
      event: "userPromptTransformed",
      exitCode: 2,
      stdout: "",
      stderr: "no",
      timedOut: false,
    });
    expect(folded.blocked).toBe(false);
  });
});
