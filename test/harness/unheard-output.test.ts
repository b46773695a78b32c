// What Claude Code 2.1.328 does with a hook's plain text where no model reads it, against the mock:
// a Stop hook's plain stdout at exit 0 (the `output-reaches-no-one` rule) and a PreToolUse hook's
// stderr at exit 0 (the `--run` note `hook-warning-unheard`). A second Stop hook blocks once so the
// model is asked again: that request would carry the plain text if it were context.
import { describe, expect, test } from "vitest";
import { requestContains } from "../../src/tiers/harness/availability.js";
import { withHarness } from "../../src/tiers/harness/run-harness-test.js";

const command = (c: string) => ({ type: "command", command: c });

describe.concurrent("text no model reads, real CLI", { timeout: 180_000 }, () => {
  test("a Stop hook's plain stdout at exit 0 reaches neither the model's next request nor the result", async () => {
    const block = JSON.stringify({ decision: "block", reason: "BLOCK-REASON-2d9" });
    await withHarness(
      {
        prompt: "finish",
        model: [{ text: "first stop" }, { text: "second stop" }],
        settings: {
          hooks: {
            Stop: [
              {
                hooks: [
                  command("echo 'STOP-PLAIN-REMINDER-5c1e: run the tests before you stop'"),
                  // Blocks once, so the model is asked again after the plain-text hook ran.
                  command(`[ -f {cwd}/.stopped ] || { touch {cwd}/.stopped; echo '${block}'; }`),
                ],
              },
            ],
          },
        },
        transcript: true,
      },
      (r) => {
        expect(r.turns).toBe(2);
        const stops = r.hooks?.filter((h) => h.event === "Stop") ?? [];
        expect(stops.some((h) => h.stdout.includes("STOP-PLAIN-REMINDER-5c1e") && h.exitCode === 0)).toBe(
          true,
        );
        // The block reason reaches the model; the plain text beside it does not.
        expect(requestContains(r, "BLOCK-REASON-2d9")).toBe(true);
        expect(requestContains(r, "STOP-PLAIN-REMINDER-5c1e")).toBe(false);
        expect(r.output).not.toContain("STOP-PLAIN-REMINDER-5c1e");
      },
    );
  });

  test("a PreToolUse hook's stderr at exit 0 never reaches the model; the call runs", async () => {
    await withHarness(
      {
        prompt: "go",
        model: [{ tool: "Bash", input: { command: "echo ran > RAN" } }, { text: "done" }],
        settings: {
          hooks: {
            PreToolUse: [
              { matcher: "Bash", hooks: [command("echo 'WARNING-STDERR-7b4: this looks risky' >&2")] },
            ],
          },
        },
        transcript: true,
      },
      (r) => {
        expect(r.file("RAN")).toBe("ran\n");
        const fire = r.hooks?.find((h) => h.event === "PreToolUse");
        expect(fire).toMatchObject({ exitCode: 0, blocked: false });
        expect(fire?.stderr).toContain("WARNING-STDERR-7b4");
        expect(r.modelRequests?.filter((q) => !q.sideChannel).length).toBe(2);
        expect(requestContains(r, "WARNING-STDERR-7b4")).toBe(false);
        expect(r.output).not.toContain("WARNING-STDERR-7b4");
      },
    );
  });
});
