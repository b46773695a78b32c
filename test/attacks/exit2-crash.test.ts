// Attack class 2 (issue 29 §2): a hook that cannot run but exits 2, on an event where exit 2 blocks
// nothing, is a crash: bash exits 2 on a syntax error, dash (`sh ./missing.sh`) on a missing script,
// and the action went ahead as if the guard had
// allowed. Before the runner read each event's rule from the dialect, Copilot's postToolUse and
// Gemini's AfterTool/SessionStart returned normally. The hook comes in through `project:` (the
// harness's own project file, written by its registry entry's conformance form), so this also attacks class 4's "a project's hooks
// are recorded": an unrecorded fire could not be judged. Real pinned CLIs against the mock, confined
// as by default; one run per harness, concurrent.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import type { HarnessEntry } from "../../src/adapters/harness-entry.js";
import { HookCrashedError } from "../../src/tiers/harness/errors.js";
import { exit2RuleOf } from "../../src/tiers/harness/hook-crashes.js";
import { runHarnessTest } from "../../src/tiers/harness/run-harness-test.js";
import { REAL_RUN_TIMEOUT, REGISTERED, hookFiles, noCommandHooks, scratchDir } from "./registered.js";

const dir = scratchDir("exit2", "/var/tmp");
/** A script with a syntax error: bash exits 2 on it, "syntax error" on stderr. */
const BROKEN = "#!/bin/bash\ncat >/dev/null\nif true; then\n  echo never\n";

/** The harness's first post-tool, stop or session-start event (its conformance form's) where exit 2 blocks nothing. */
function nonBlockingEvent(entry: HarnessEntry): string | undefined {
  const { events } = entry.conformance;
  return [events.postTool, events.stop, events.sessionStart].find(
    (event) => exit2RuleOf(entry.dialect, event)?.exit2Blocks === false,
  );
}

describe.concurrent("exit 2 from a hook bash could not parse, where exit 2 blocks nothing", () => {
  for (const { entry, adapter } of REGISTERED) {
    const noHooks = noCommandHooks(entry);
    const event = noHooks === undefined ? nonBlockingEvent(entry) : undefined;
    const skip =
      noHooks ??
      (event === undefined
        ? "exit 2 blocks on each of its post-tool, stop and session-start events (dialect)"
        : undefined);
    test.skipIf(skip !== undefined)(
      `${entry.displayName}: ${event ?? "-"} with a syntax error and a missing script fails the run (HookCrashedError)${skip ? `: skipped, ${skip}` : ""}`,
      async () => {
        const project = join(dir, `crash-${entry.id}`);
        const files = {
          ...hookFiles(entry, [
            { event: event!, command: "bash ./broken.sh" },
            { event: event!, command: "sh ./scripts/missing.sh" },
          ]),
          "broken.sh": BROKEN,
        };
        for (const [rel, text] of Object.entries(files)) {
          mkdirSync(join(project, rel, ".."), { recursive: true });
          writeFileSync(join(project, rel), text);
        }
        const run = runHarnessTest(
          {
            prompt: "go",
            project,
            model: [{ tool: "Bash", input: { command: "echo ran > RAN" } }, { text: "done" }],
            timeoutMs: 240_000,
          },
          { adapter },
        );
        const error = await run.then(
          (r) => {
            r.cleanup();
            return undefined;
          },
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(HookCrashedError);
        const fires = (error as HookCrashedError).fires;
        // Both hooks ran on the one event and both are crashes: bash's syntax error, dash's missing script.
        expect(fires.filter((f) => f.event === event && f.exitCode === 2)).toHaveLength(2);
        expect((error as HookCrashedError).message).toMatch(/syntax error/);
        expect((error as HookCrashedError).message).toMatch(/(can't|cannot) open|not found/);
      },
      REAL_RUN_TIMEOUT,
    );
  }
});
