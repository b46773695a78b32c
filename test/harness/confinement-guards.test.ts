// Issue 29 (the same guards on every harness), confinement part, with the real pinned CLIs:
// a CLI linked straight into the invoking HOME (`harnessPath: "~/gemini"`) once bound HOME itself
// read-only over the HOME mask, so the agent's Bash read `~/.ssh/id_canary` (Claude Code, Gemini,
// Copilot alike). Now only the CLI's package is bound, and the CLI runs by its real path.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { copilotAdapter } from "../../src/adapters/copilot-cli/adapter.js";
import { geminiAdapter } from "../../src/adapters/gemini-cli/adapter.js";
import type { HarnessAdapter } from "../../src/adapters/port.js";
import { qwenAdapter } from "../../src/adapters/qwen-code/adapter.js";
import { runHarnessTest } from "../../src/tiers/harness/run-harness-test.js";

const CANARY = `canary-${process.pid}-${Date.now()}`;
let scratch = "";
let fakeHome = "";
let savedHome: string | undefined;

/** Each harness, and where its pinned CLI really is (the link in the fake HOME points there). */
const HARNESSES: readonly (readonly [string, HarnessAdapter | undefined, string])[] = [
  ["Claude Code", undefined, "node_modules/.bin/claude"],
  ["Gemini CLI", geminiAdapter, "node_modules/.bin/gemini"],
  ["Copilot CLI", copilotAdapter, "node_modules/.bin/copilot-linux-x64"],
  ["Qwen Code", qwenAdapter, "node_modules/.bin/qwen"],
];

beforeAll(() => {
  // Under /var/tmp, not /tmp: a confined run's /tmp is its own tmpfs, so only the HOME mask hides it.
  scratch = mkdtempSync("/var/tmp/vigiles-guards-");
  fakeHome = join(scratch, "home");
  mkdirSync(join(fakeHome, ".ssh"), { recursive: true });
  writeFileSync(join(fakeHome, ".ssh", "id_canary"), CANARY);
  for (const [name, , cli] of HARNESSES) symlinkSync(realpathSync(cli), join(fakeHome, name.split(" ")[0]!));
  savedHome = process.env["HOME"];
  process.env["HOME"] = fakeHome;
});
afterAll(() => {
  if (savedHome === undefined) delete process.env["HOME"];
  else process.env["HOME"] = savedHome;
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe("a CLI linked into the invoking HOME", () => {
  test("Claude Code, Gemini CLI, Copilot CLI, Qwen Code: harnessPath ~/<cli> runs confined, and the agent's Bash cannot read ~/.ssh", async () => {
    const runs = await Promise.all(
      HARNESSES.map(([name, adapter]) =>
        runHarnessTest(
          {
            prompt: "read the key",
            model: [
              {
                tool: "Bash",
                input: {
                  command: `cat ${fakeHome}/.ssh/id_canary 2>/dev/null; echo entries:; ls -A ${fakeHome} | wc -l`,
                },
              },
              { text: "done" },
            ],
            harnessPath: join(fakeHome, name.split(" ")[0]!),
            timeoutMs: 200_000,
          },
          adapter !== undefined ? { adapter } : {},
        ),
      ),
    );
    try {
      const seen = Object.fromEntries(
        runs.map((r, i) => {
          const text = r.toolCalls[0]?.result?.text ?? "";
          return [HARNESSES[i]![0], { confined: r.confined, ran: r.toolCalls.length > 0, home: text }];
        }),
      );
      // What each run's Bash saw of the invoking HOME: nothing (no such file, an empty folder).
      for (const [name, s] of Object.entries(seen)) {
        expect.soft(s.confined && s.ran, name).toBe(true);
        expect
          .soft([name, s.home.includes(CANARY), /entries:\s*0\b/.test(s.home)], s.home)
          .toEqual([name, false, true]);
      }
    } finally {
      for (const r of runs) r.cleanup();
    }
  }, 240_000);
});
