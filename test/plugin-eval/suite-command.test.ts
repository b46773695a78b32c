/**
 * Pins `vigiles eval <plugin dir>` (runSuiteCommand, called in-process with an injected driver and
 * a judge module): the exit code follows the CLI's threshold, report.json and aggregate-result.json
 * land side by side, and aggregate-result.json parses with Claude Code 2.1.328's own result schema
 * (restated below from its bundled zod schema, strict where vigiles writes every key).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { z } from "zod";
import { runSuiteCommand } from "../../src/cli/commands/eval-plugin-suite.js";
import type { EvalDriver } from "../../src/tiers/eval/driver.js";
import { inProcessTrace } from "../eval/helpers.js";

const FIXTURES = join(import.meta.dirname, "fixtures");
const out = mkdtempSync(join(tmpdir(), "vigiles-suite-out-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));

// Every run greets and writes the card the same way, with or without the plugin.
const driver: EvalDriver = {
  identity: "in-process@1/flat",
  harness: "claude-code",
  paid: false,
  runTrial: (trial) =>
    Promise.resolve(
      inProcessTrace({
        output: "Hello, Alex!",
        toolCalls: [
          { id: "s", name: "Skill", input: { skill: "greeter:greet" } },
          { id: "w", name: "Write", input: { file_path: "greeting.md" } },
        ],
        files: trial.case === "card" ? { "greeting.md": "Dear Alex" } : {},
      }),
    ),
};

const run = z.object({
  score: z.number(),
  passed: z.boolean(),
  turns: z.number(),
  costUsd: z.number(),
  judgeCostUsd: z.number(),
  durationSeconds: z.number().optional(),
  startedAt: z.string().optional(),
  error: z.string().nullable(),
  tracePath: z.string(),
  skippedPaidGraders: z.boolean(),
  graders: z.array(
    z.strictObject({
      name: z.string(),
      passed: z.boolean(),
      weight: z.number(),
      explanation: z.string(),
      withOnly: z.boolean(),
      scored: z.boolean().optional(),
      judgeVotes: z.array(z.boolean()).optional(),
      evidence: z.string().optional(),
    }),
  ),
});
const cliResult = z.strictObject({
  schemaVersion: z.literal(1),
  claudeVersion: z.string(),
  startedAt: z.string(),
  durationSeconds: z.number(),
  costUsd: z.number(),
  partial: z.boolean(),
  partialReason: z.enum(["cost_ceiling", "interrupted", "auth_failed"]).optional(),
  suite: z.object({
    root: z.string(),
    ablation: z.enum(["none", "with-without"]),
    threshold: z.number(),
    concurrency: z.number().int().positive().optional(),
    plugins: z.array(z.object({ name: z.string(), version: z.string().optional(), path: z.string() })),
  }),
  cases: z.array(
    z.strictObject({
      name: z.string(),
      dir: z.string(),
      source: z.string(),
      promptMarkdown: z.string(),
      model: z.string().optional(),
      runsPerCase: z.number(),
      timeoutSeconds: z.number(),
      maxTurns: z.number(),
      graders: z.array(
        z.strictObject({
          name: z.string(),
          type: z.string(),
          weight: z.number(),
          graderMarkdown: z.string().optional(),
          config: z.record(z.string(), z.unknown()),
        }),
      ),
      arms: z.object({ with: z.array(run), without: z.array(run).optional() }),
      aggregates: z.object({
        score: z.number(),
        passRate: z.number(),
        scoreWithout: z.number().optional(),
        passRateWithout: z.number().optional(),
        delta: z.number().optional(),
      }),
    }),
  ),
  aggregates: z.object({
    casesTotal: z.number(),
    casesPassed: z.number(),
    overallScore: z.number(),
    overallPassRate: z.number(),
    meanDelta: z.number().optional(),
  }),
});

describe("vigiles eval <plugin dir>", () => {
  test("a plugin with no effect passes the threshold, fails --require-effect, and writes both files", async () => {
    const lines: string[] = [];
    const code = await runSuiteCommand({
      pluginDir: join(FIXTURES, "greeter"),
      driver,
      judgeModule: join(FIXTURES, "judge.mjs"),
      out,
      requireEffect: true,
      write: (l) => lines.push(l),
    });
    expect(lines.join("\n")).toContain("no significant plugin effect");
    expect(code).toBe(1);
    const aggregate = cliResult.parse(JSON.parse(readFileSync(join(out, "aggregate-result.json"), "utf8")));
    expect(aggregate.aggregates).toMatchObject({ casesTotal: 2, casesPassed: 2, meanDelta: 0 });
    expect(JSON.parse(readFileSync(join(out, "report.json"), "utf8")).version).toBe(1);
    expect(lines.find((l) => l.startsWith("greets-alex:"))).toMatch(/Δ \+0\.00 \(no interval: no-variance\)/);
  });
  test("without --require-effect the same run exits 0", async () => {
    const code = await runSuiteCommand({
      pluginDir: join(FIXTURES, "greeter"),
      driver,
      judgeModule: join(FIXTURES, "judge.mjs"),
      out,
      requireEffect: false,
      write: () => {},
    });
    expect(code).toBe(0);
  });
});

describe("the command line (dist/cli/main.js)", () => {
  const MAIN = join(import.meta.dirname, "../../dist/cli/main.js");
  const cli = (args: string[]) => spawnSync(process.execPath, [MAIN, "eval", ...args], { encoding: "utf8" });
  const plugin = join(FIXTURES, "greeter");
  test("a plugin dir runs its suite with the driver and judge modules named; bad input exits 2", () => {
    const dir = mkdtempSync(join(out, "cli-"));
    const ran = cli([
      plugin,
      "--driver",
      join(FIXTURES, "flat-driver.mjs"),
      "--judge",
      join(FIXTURES, "judge.mjs"),
      "--out",
      dir,
      "--trials",
      "2",
    ]);
    expect(ran.stderr).toMatch(/suite \(2 cases, paired t over case means\)/);
    expect(ran.status).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, "aggregate-result.json"), "utf8")).schemaVersion).toBe(1);
    const noJudge = cli([plugin, "--driver", join(FIXTURES, "flat-driver.mjs"), "--out", dir]);
    expect(noJudge.stderr).toMatch(/pass a judge/);
    expect(noJudge.status).toBe(1);
    expect(cli([plugin, "--threshold", "3"]).status).toBe(2);
  });
  test("--harness runs the suite per harness with the module's driver for each; a bad name exits 2", () => {
    const dir = mkdtempSync(join(out, "cli-harness-"));
    const args = ["--driver", join(FIXTURES, "harness-driver.mjs"), "--judge", join(FIXTURES, "judge.mjs")];
    const ran = cli([plugin, ...args, "--out", dir, "--trials", "2", "--harness", "claude-code,gemini"]);
    expect(ran.stderr).toMatch(/side by side .*claude-code \| gemini/);
    expect(ran.status).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, "gemini", "aggregate-result.json"), "utf8")).schemaVersion).toBe(
      1,
    );
    const codex = cli([plugin, ...args, "--out", dir, "--harness", "codex"]);
    expect(codex.stderr).toMatch(/Codex cannot load a plugin directory/);
    expect(codex.status).toBe(1);
    expect(cli([plugin, ...args, "--harness", "claude-cod"]).status).toBe(2);
    // Without --driver, only Claude Code has a (paid) driver: another harness is refused before any run.
    const paid = cli([plugin, "--judge", join(FIXTURES, "judge.mjs"), "--harness", "gemini"]);
    expect(paid.stderr).toMatch(/no paid eval driver for Gemini CLI/);
    expect(paid.status).toBe(1);
  });
});

describe("which directories are suites", () => {
  test("an evals/ folder of eval files is not a suite; one with a case is", async () => {
    const { isPluginSuiteDir } = await import("../../src/cli/commands/eval-plugin-suite.js");
    const { mkdirSync, writeFileSync } = await import("node:fs");
    const project = mkdtempSync(join(out, "project-"));
    mkdirSync(join(project, "evals"));
    writeFileSync(join(project, "evals", "a.eval.mjs"), "export default {};\n");
    expect(isPluginSuiteDir(project)).toBe(false);
    expect(isPluginSuiteDir(join(FIXTURES, "greeter"))).toBe(true);
  });
});
