// Attack class 2 (issue 29 §2): a hook that cannot run but exits 2, on an event where exit 2 blocks
// nothing, is a crash: bash exits 2 on a syntax error, dash (`sh ./missing.sh`) on a missing script,
// and the action went ahead as if the guard had
// allowed. Before the runner read each event's rule from the dialect, Copilot's postToolUse and
// Gemini's AfterTool/SessionStart returned normally. The hook comes in through `project:` (the
// harness's own project file, `projectHookFiles`), so this also attacks class 4's "a project's hooks
// are recorded": an unrecorded fire could not be judged. Real pinned CLIs against the mock, confined
// as by default; one run per harness, concurrent.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { nativeEventName, type HookDialect } from "../../src/core/dialect.js";
import { HookCrashedError } from "../../src/tiers/harness/errors.js";
import { exit2RuleOf } from "../../src/tiers/harness/hook-crashes.js";
import { runHarnessTest } from "../../src/tiers/harness/run-harness-test.js";
import { REAL_RUN_TIMEOUT, REGISTERED, hookFiles, noCommandHooks, scratchDir } from "./registered.js";

const dir = scratchDir("exit2", "/var/tmp");
/** A script with a syntax error: bash exits 2 on it, "syntax error" on stderr. */
const BROKEN = "#!/bin/bash\ncat >/dev/null\nif true; then\n  echo never\n";

/** The first of these moments (Claude Code's names) the harness has, where exit 2 blocks nothing. */
function nonBlockingEvent(dialect: HookDialect): string | undefined {
  for (const claude of ["PostToolUse", "Stop", "SessionStart"]) {
    const native = nativeEventName(dialect, claude);
    if (native !== undefined && exit2RuleOf(dialect, native)?.exit2Blocks === false) return native;
  }
  return undefined;
}

describe("the writer every attack registers hooks through", () => {
  for (const { entry } of REGISTERED) {
    const skip = noCommandHooks(entry);
    test.skipIf(skip !== undefined)(
      `${entry.displayName}: projectHookFiles is read back by the harness's own reader${skip ? ` (skipped: ${skip})` : ""}`,
      () => {
        const event = entry.dialect.events[0]!.name;
        const root = join(dir, `roundtrip-${entry.id}`);
        for (const [rel, text] of Object.entries(
          hookFiles(entry, [
            { event, matcher: "x", command: "echo one" },
            { event, command: "echo two" },
          ]),
        )) {
          mkdirSync(join(root, rel, ".."), { recursive: true });
          writeFileSync(join(root, rel), text);
        }
        const read = entry.readRegistrations(root);
        expect(read.unreadable).toEqual([]);
        expect(read.registrations.map((h) => [h.event, h.matcher, h.command])).toEqual([
          [event, "x", "echo one"],
          [event, undefined, "echo two"],
        ]);
      },
    );
  }
});

describe.concurrent("exit 2 from a hook bash could not parse, where exit 2 blocks nothing", () => {
  for (const { entry, adapter } of REGISTERED) {
    const event = nonBlockingEvent(entry.dialect);
    const skip =
      noCommandHooks(entry) ??
      (event === undefined
        ? "exit 2 blocks on each of its PostToolUse, Stop and SessionStart events (dialect)"
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
