/**
 * Pins the plugin suite on several harnesses from one call (runPluginSuiteOnHarnesses): the REAL
 * pinned Claude Code, Copilot CLI and Gemini CLI, each confined, against the local mock serving the
 * script of fixtures/multi-harness/script.mjs through mockModelDriver. Per harness: the with arm of
 * "result" scores 1 on every grader and the without arm 0 (a real shell call, a real file, a real
 * answer, read through each harness's stream); "once" runs its own single run per arm while
 * "result" runs two (per-case `runs`). Then the same call replays every trial from the cache with
 * zero CLI launches and the same verdicts.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import type { ModelScriptInput } from "../../src/adapters/port.js";
import { harnessEntry } from "../../src/adapters/registry.js";
import type { EvalTrial } from "../../src/tiers/eval/driver.js";
import { nativeToolName } from "../../src/core/dialect.js";
import { mockModelDriver, type MockModelDriver } from "../../src/tiers/eval/mock-model-driver.js";
import {
  runPluginSuiteOnHarnesses,
  type SuiteOnHarnessesResult,
} from "../../src/tiers/eval/plugin-suite-harnesses.js";
// @ts-expect-error a plain .mjs fixture module, shared with the CLI's --driver module
import { WRITER_SCRIPT_ID, writerScript } from "./fixtures/multi-harness/script.mjs";

const PLUGIN = join(import.meta.dirname, "fixtures", "multi-harness", "writer");
const HARNESSES = ["claude-code", "copilot-cli", "gemini"];
const cacheDir = mkdtempSync(join(tmpdir(), "vigiles-suite-cache-"));
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

function driversOf(made: MockModelDriver[]): (harness: string) => MockModelDriver {
  return (harness) => {
    const shell = nativeToolName(harnessEntry(harness).dialect, "Bash");
    const driver = mockModelDriver({
      harness,
      script: (writerScript as (shell: string) => (trial: EvalTrial) => ModelScriptInput)(shell),
      scriptId: WRITER_SCRIPT_ID,
    });
    made.push(driver);
    return driver;
  };
}

function verdicts(r: SuiteOnHarnessesResult) {
  return Object.fromEntries(
    r.runs.map((run) => [
      run.harness,
      Object.fromEntries(
        run.aggregate.cases.map((c) => [
          c.name,
          {
            with: c.arms.with.map((x) => x.graders.map((g) => `${g.name}:${g.passed}`).join(" ")),
            without: c.arms.without.map((x) => x.score),
          },
        ]),
      ),
    ]),
  );
}

describe(
  "one suite on Claude Code, Copilot CLI and Gemini CLI (real CLIs, mock model)",
  { timeout: 600_000 },
  () => {
    let live: SuiteOnHarnessesResult;
    const liveDrivers: MockModelDriver[] = [];

    test("each harness scores the plugin's effect; each case runs its own runs", async () => {
      live = await runPluginSuiteOnHarnesses(PLUGIN, {
        harnesses: HARNESSES,
        driverFor: driversOf(liveDrivers),
        cache: "readwrite",
        cacheDir,
        concurrency: 2,
      });
      expect(live.runs.map((r) => r.harness)).toEqual(HARNESSES);
      // result: 2 runs x 2 arms; once: 1 run x 2 arms.
      expect(liveDrivers.map((d) => d.launches)).toEqual([6, 6, 6]);
      for (const run of live.runs) expect(run.report.rows?.filter((r) => r.error !== undefined)).toEqual([]);
      const expected = {
        result: { with: ["bash:true file:true said:true", "bash:true file:true said:true"], without: [0, 0] },
        once: { with: ["said:true"], without: [1] },
      };
      expect(verdicts(live)).toEqual({ "claude-code": expected, "copilot-cli": expected, gemini: expected });
      for (const h of HARNESSES) {
        expect(live.cases.find((c) => c.case === "result")?.harnesses[h]).toMatchObject({
          delta: 1,
          significant: true,
        });
        expect(live.suites[h]).toMatchObject({ cases: 2, meanDelta: 0.5 });
      }
    });

    test("replaying the three runs from the cache launches no CLI and gives the same verdicts", async () => {
      const replayDrivers: MockModelDriver[] = [];
      const replayed = await runPluginSuiteOnHarnesses(PLUGIN, {
        harnesses: HARNESSES,
        driverFor: driversOf(replayDrivers),
        cache: "read",
        cacheDir,
      });
      expect(replayDrivers.map((d) => d.launches)).toEqual([0, 0, 0]);
      expect(replayDrivers.map((d) => d.requestCount)).toEqual([0, 0, 0]);
      expect(verdicts(replayed)).toEqual(verdicts(live));
      for (const run of replayed.runs) expect(run.report.rows?.every((r) => r.cached === true)).toBe(true);
    });

    test("a harness that cannot load a plugin dir is refused by name before anything runs", async () => {
      const made: MockModelDriver[] = [];
      await expect(
        runPluginSuiteOnHarnesses(PLUGIN, {
          harnesses: ["claude-code", "codex"],
          driverFor: driversOf(made),
        }),
      ).rejects.toThrow(/Codex cannot load a plugin directory/);
      expect(made.every((d) => d.launches === 0)).toBe(true);
    });
  },
);
