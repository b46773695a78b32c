// runHarnessTest records what it exercised when coverage recording is on (VIGILES_COVERAGE_DIR),
// naming the harness that ran it (mutate reaches only that harness's reading of a hook file).
import { afterAll, expect, test } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { COVERAGE_DIR_ENV, readCoverageRecords } from "../../src/runtime/coverage-record.js";
import { withHarness } from "../../src/tiers/harness/run-harness-test.js";

const dir = mkdtempSync(join(tmpdir(), "vigiles-harness-coverage-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test(
  "a run records the hooks that fired, the skill it resolved and the skills and subagents it listed",
  { timeout: 180_000 },
  async () => {
    const saved = process.env[COVERAGE_DIR_ENV];
    process.env[COVERAGE_DIR_ENV] = dir;
    try {
      await withHarness(
        {
          prompt: "go",
          transcript: true,
          skills: { greet: "---\nname: greet\ndescription: Greets.\n---\nbody\n" },
          agents: {
            reviewer:
              "---\nname: reviewer\ndescription: Reviews a diff for leaked secrets before it is pushed.\n---\nbody\n",
          },
          settings: {
            hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "true" }] }] },
          },
          model: [
            { tool: "Skill", input: { skill: "greet" } },
            { tool: "Bash", input: { command: "true" } },
            { text: "ok" },
          ],
        },
        () => undefined,
      );
    } finally {
      if (saved === undefined) delete process.env[COVERAGE_DIR_ENV];
      else process.env[COVERAGE_DIR_ENV] = saved;
    }
    const records = readCoverageRecords(dir);
    expect(records).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: "hook",
          source: "runHarnessTest",
          identity: { event: "PreToolUse", target: "Bash", harness: "claude-code" },
        }),
        expect.objectContaining({
          kind: "skill",
          source: "runHarnessTest",
          identity: { name: "greet", harness: "claude-code" },
        }),
        // Its description reached the model (the skill listing): mutate counts the run as reading it.
        expect.objectContaining({
          kind: "skill",
          source: "runHarnessTest",
          identity: { name: "greet", via: "listing", harness: "claude-code" },
        }),
        // The subagent's description reached it too (Claude Code lists subagents in its Agent tool).
        expect.objectContaining({
          kind: "agent",
          source: "runHarnessTest",
          identity: { name: "reviewer", via: "listing", harness: "claude-code" },
        }),
      ]),
    );
  },
);
