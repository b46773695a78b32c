/**
 * Pins the suite command's multi-harness run and its gates (runSuiteCommand in-process, stand-in
 * in-process drivers that say so, no CLI): `--harness` writes each harness's report and
 * aggregate-result.json in its own folder plus a side-by-side summary; `--update-baseline` records
 * every harness's report, and the no-regression gate then fails a run whose plugin stopped working
 * and fails (never passes) a harness the baseline does not hold; `--update` writes each harness's
 * eval lock and `--check` compares inputs with it without running anything.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { checkSuiteLocks, runSuiteCommand } from "../../src/cli/commands/eval-plugin-suite.js";
import type { EvalDriver, EvalTrial } from "../../src/tiers/eval/driver.js";
import { MissingCredentialsError } from "../../src/tiers/eval/errors.js";
import { inProcessTrace } from "../eval/helpers.js";

const FIXTURES = join(import.meta.dirname, "fixtures");
const PLUGIN = join(FIXTURES, "greeter");
const JUDGE = join(FIXTURES, "judge.mjs");
const out = mkdtempSync(join(tmpdir(), "vigiles-suite-gates-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** A stand-in driver for `harness`: `works` greets Alex through the skill and writes the card; else it answers "Hi." and does nothing. */
function standIn(harness: string, works: boolean, launches: EvalTrial[] = []): EvalDriver {
  return {
    identity: `in-process@1/${harness}-${works ? "works" : "broken"}`,
    harness,
    paid: false,
    runTrial: (trial) => {
      launches.push(trial);
      return Promise.resolve(
        works
          ? inProcessTrace({
              output: "Hello, Alex!",
              toolCalls: [
                { id: "s", name: "Skill", input: { skill: "greeter:greet" } },
                { id: "w", name: "Write", input: { file_path: "greeting.md" } },
              ],
              files: trial.case === "card" ? { "greeting.md": "Dear Alex" } : {},
            })
          : inProcessTrace({ output: "Hi.", toolCalls: [], files: {} }),
      );
    },
  };
}

const run = (
  harnesses: string[],
  works: boolean,
  extra: Partial<Parameters<typeof runSuiteCommand>[0]> = {},
) => {
  const lines: string[] = [];
  return runSuiteCommand({
    pluginDir: PLUGIN,
    harnesses,
    driverFor: (h) => standIn(h, works),
    judgeModule: JUDGE,
    out: join(out, "reports"),
    runs: 3,
    requireEffect: false,
    write: (l) => lines.push(l),
    ...extra,
  }).then((code) => ({ code, text: lines.join("\n") }));
};

describe("vigiles eval <plugin> --harness a,b and the suite's gates", () => {
  const baseline = join(out, "suite-baseline.json");
  const lockDir = join(out, "locks");

  test("each harness gets its own files and a side-by-side summary; the baseline records both", async () => {
    const { code, text } = await run(["claude-code", "gemini"], true, { baseline, updateBaseline: true });
    expect(code).toBe(0);
    for (const h of ["claude-code", "gemini"]) {
      expect(existsSync(join(out, "reports", h, "report.json"))).toBe(true);
      expect(existsSync(join(out, "reports", h, "aggregate-result.json"))).toBe(true);
    }
    const summary = JSON.parse(readFileSync(join(out, "reports", "summary.json"), "utf8"));
    expect(summary.harnesses.map((h: { harness: string }) => h.harness)).toEqual(["claude-code", "gemini"]);
    expect(text).toMatch(/side by side .*claude-code \| gemini/);
    const recorded = JSON.parse(readFileSync(baseline, "utf8"));
    expect(recorded.reports.map((r: { name: string }) => r.name)).toEqual([
      "plugin-suite:greeter@claude-code",
      "plugin-suite:greeter@gemini",
    ]);
  });

  test("the same run passes the no-regression gate; a plugin that stopped working fails it", async () => {
    const same = await run(["claude-code", "gemini"], true, { baseline });
    expect(same.text).toMatch(/plugin-suite:greeter@gemini: no regression against the baseline/);
    expect(same.code).toBe(0);
    // --threshold 0 so only the baseline gate can fail the broken run.
    const broken = await run(["claude-code", "gemini"], false, { baseline, threshold: 0 });
    expect(broken.text).toMatch(/✗ plugin-suite:greeter@claude-code: expected no significant regression/);
    expect(broken.code).toBe(1);
  });

  test("a harness the baseline does not hold fails the gate instead of passing unchecked", async () => {
    const claudeOnly = join(out, "claude-only.json");
    expect((await run(["claude-code"], true, { baseline: claudeOnly, updateBaseline: true })).code).toBe(0);
    const { code, text } = await run(["claude-code", "gemini"], true, { baseline: claudeOnly });
    expect(text).toMatch(/plugin-suite:greeter@claude-code: no regression/);
    expect(text).toMatch(/✗ plugin-suite:greeter@gemini: the baseline holds no report of it/);
    expect(code).toBe(1);
    await expect(run(["claude-code"], true, { baseline: join(out, "none.json") })).rejects.toThrow(
      /no baseline at .*none\.json; record it with --update-baseline/,
    );
  });

  test("a harness whose driver fails its preflight stops the call before any harness runs", async () => {
    const launches: EvalTrial[] = [];
    const failing = (h: string): EvalDriver => ({
      ...standIn(h, true, launches),
      preflight: () => Promise.reject(new MissingCredentialsError(`no credentials for ${h}`)),
    });
    await expect(
      run(["claude-code", "gemini"], true, {
        driverFor: (h) => (h === "gemini" ? failing(h) : standIn(h, true, launches)),
      }),
    ).rejects.toThrow(/no credentials for gemini/);
    expect(launches).toHaveLength(0);
  });

  test("a harness that cannot cap turns is refused by name when a case sets its own cap", async () => {
    await expect(run(["claude-code", "copilot"], true)).rejects.toThrow(
      /GitHub Copilot CLI cannot cap a run's turns, and case "greets-alex" sets max_turns: 5/,
    );
  });

  test("--update writes each harness's lock; --check runs nothing and says fresh, then stale", async () => {
    const { code, text } = await run(["claude-code", "gemini"], true, { updateLock: true, lockDir });
    expect(code).toBe(0);
    expect(text.match(/lock written to /g)).toHaveLength(2);
    const launches: EvalTrial[] = [];
    const drivers = ["claude-code", "gemini"].map((h) => standIn(h, true, launches));
    const lines: string[] = [];
    expect(await checkSuiteLocks(PLUGIN, drivers, { runs: 3, lockDir }, (l) => lines.push(l))).toBe(0);
    expect(lines.join("\n")).toMatch(/plugin-suite:greeter@gemini: lock .* matches the inputs/);
    expect(await checkSuiteLocks(PLUGIN, drivers, { runs: 4, lockDir }, (l) => lines.push(l))).toBe(1);
    expect(lines.join("\n")).toMatch(/the inputs changed since/);
    expect(launches).toHaveLength(0);
  });
});
