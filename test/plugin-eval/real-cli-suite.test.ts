/**
 * One plugin suite run through the eval engine on the REAL Claude Code (2.1.328, confined) against
 * the local mock (stochasticMockDriver: the with arm always runs `echo done > RESULT.md` through
 * Bash, the without arm never does). Pins what an injected driver cannot: the case's turn cap and
 * tool grant reach the real CLI, the plugin dir loads, and the graders read a real run's trace
 * (the Bash call, the written file, the final answer) into the scores the CLI's rules give.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { stochasticMockDriver } from "../../src/tiers/eval/mock-driver.js";
import { runPluginSuite } from "../../src/tiers/eval/plugin-suite.js";

let plugin = "";
beforeAll(() => {
  plugin = join(mkdtempSync(join(tmpdir(), "vigiles-suite-real-")), "writer");
  const write = (path: string, text: string) => {
    mkdirSync(join(plugin, path, ".."), { recursive: true });
    writeFileSync(join(plugin, path), text);
  };
  write(".claude-plugin/plugin.json", JSON.stringify({ name: "writer" }));
  write(
    "skills/result/SKILL.md",
    "---\nname: result\ndescription: Writes RESULT.md when asked for a result.\n---\nWrite it.\n",
  );
  write(
    "evals/result/prompt.md",
    "---\nruns: 2\nmax_turns: 4\nallowed_tools: [Bash]\n---\nWrite the result file.\n",
  );
  write("evals/result/graders/file.md", "---\ntype: file_exists\npath: RESULT.md\n---\n");
  write("evals/result/graders/bash.md", "---\ntype: tool_used\ntool: Bash\ninput_match: RESULT\\.md\n---\n");
  write("evals/result/graders/said.md", "---\ntype: regex\n---\nwrote RESULT\\.md\n");
  // One turn: the CLI stops after the Bash call, before the model can say it wrote the file.
  write(
    "evals/capped/prompt.md",
    "---\nruns: 2\nmax_turns: 1\nallowed_tools: [Bash]\n---\nWrite the result file.\n",
  );
  write("evals/capped/graders/said.md", "---\ntype: regex\n---\nwrote RESULT\\.md\n");
});
afterAll(() => {
  if (plugin) rmSync(join(plugin, ".."), { recursive: true, force: true });
});

describe("a plugin suite on the real CLI against the mock", { timeout: 300_000 }, () => {
  test("with scores 1, without scores 0, and the turn cap and grant reached the CLI", async () => {
    const driver = stochasticMockDriver({
      rates: { "result/with": 1, "result/without": 0, "capped/with": 1, "capped/without": 1 },
    });
    const { aggregate, cases, report } = await runPluginSuite(plugin, { driver, concurrency: 2 });
    expect(driver.launches).toBe(8);
    const capped = aggregate.cases.find((x) => x.name === "capped")!;
    expect(report.rows?.filter((r) => r.error !== undefined)).toEqual([]);
    expect(capped.arms.with.map((r) => r.graders[0]!.passed)).toEqual([false, false]);
    const c = aggregate.cases.find((x) => x.name === "result")!;
    expect(c.maxTurns).toBe(4);
    expect(c.arms.with.map((r) => r.score)).toEqual([1, 1]);
    expect(c.arms.without.map((r) => r.score)).toEqual([0, 0]);
    expect(c.arms.with[0]!.graders.map((g) => [g.name, g.passed])).toEqual([
      ["bash", true],
      ["file", true],
      ["said", true],
    ]);
    expect(cases.find((x) => x.case === "result")).toMatchObject({ delta: 1, significant: true });
  });
});
