// Pins `mockModelDriver` (src/tiers/eval/mock-model-driver.ts): the REAL pinned CLIs of Claude Code,
// Copilot CLI and Gemini CLI, each asked of the registry by id, run an eval trial against the local
// mock serving the script chosen for that trial; confined by default. The script's shell call (in
// each harness's own tool name) writes RESULT.md in the work dir and touches a marker in the host's
// /var/tmp: the first must be in the trace, the second must not reach the host (confined). A script
// too short for the run is an infrastructure error, never a failed trial.
import { existsSync, rmSync } from "node:fs";
import { afterAll, describe, expect, test } from "vitest";
import { harnessEntry } from "../../src/adapters/registry.js";
import { nativeToolName } from "../../src/core/dialect.js";
import type { EvalTrial } from "../../src/tiers/eval/driver.js";
import { EvalDriverError } from "../../src/tiers/eval/errors.js";
import { mockModelDriver } from "../../src/tiers/eval/mock-model-driver.js";

const markers: string[] = [];
afterAll(() => markers.forEach((m) => rmSync(m, { force: true })));

const trial = (arm: string): EvalTrial => ({
  arm,
  trial: 0,
  task: "write the result file",
  files: {},
  pluginDirs: [],
  model: "sonnet",
  stubSkillBodies: false,
  env: {},
  timeoutMs: 180_000,
});

describe("mockModelDriver: real CLIs against the scripted mock, confined", { timeout: 300_000 }, () => {
  test.concurrent.each(["claude-code", "copilot", "gemini"])("%s runs the arm's script", async (id) => {
    const shell = nativeToolName(harnessEntry(id).dialect, "Bash");
    const marker = `/var/tmp/vigiles-mock-driver-${process.pid}-${id}`;
    markers.push(marker);
    rmSync(marker, { force: true });
    const driver = mockModelDriver({
      harness: id,
      script: (t) =>
        t.arm === "does"
          ? [
              { tool: shell, input: { command: `echo done > RESULT.md; touch ${marker}` } },
              { text: "wrote RESULT.md" },
            ]
          : [{ text: "nothing to do" }],
    });
    expect(driver.paid).toBe(false);
    await driver.preflight?.({ models: ["sonnet"], efforts: [undefined], trials: 2 });
    const does = await driver.runTrial(trial("does"), {});
    const idle = await driver.runTrial(trial("idle"), {});
    try {
      expect(does.file("RESULT.md")).toBe("done\n");
      // Each stream reader reports the call in Claude Code's names (dialect mapping).
      expect(does.toolCalls.map((c) => c.name)).toContain("Bash");
      expect(does.output).toContain("wrote RESULT.md");
      expect(idle.file("RESULT.md")).toBeNull();
      expect(idle.toolCalls).toEqual([]);
      expect(existsSync(marker)).toBe(false); // confined: the host's /var/tmp never saw the write
      expect(driver.launches).toBe(2);
      expect(driver.identity).toMatch(
        new RegExp(`^${harnessEntry(id).id}@[^/]+/mock-scripted-[0-9a-f]{12}$`),
      );
    } finally {
      does.cleanup?.();
      idle.cleanup?.();
    }
  });

  test("a script the run outgrows throws instead of scoring a failed trial", async () => {
    const driver = mockModelDriver({
      scriptId: "short",
      script: () => [{ tool: "Bash", input: { command: "true" } }],
    });
    await expect(driver.runTrial(trial("short"), {})).rejects.toThrow(EvalDriverError);
    await expect(driver.runTrial(trial("short"), {})).rejects.toThrow(/more turns than the script has/);
  });

  test("the script id names the script in the identity (cache key and lock)", () => {
    const a = mockModelDriver({ scriptId: "a", script: () => [] });
    const b = mockModelDriver({ scriptId: "b", script: () => [] });
    const host = mockModelDriver({ scriptId: "a", script: () => [], sandbox: false });
    expect(new Set([a.identity, b.identity, host.identity]).size).toBe(3);
  });
});
