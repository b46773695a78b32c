// The spec's "measureTriggerRate options" and "Selection-collision matrix" samples, as written, against
// the BUILT package. The runners get an injected driver (the `evalDriver` option the spec names for the
// measure* family; `driver` on the matrix, its spelling there): every trial is a real Claude Code run
// against the mock model, and the mock picks a skill only when the CLI's request lists it as installed,
// so a skill that did not load can never be "selected". The options sample lists skillsDir AND
// pluginDir to say they are exclusive; it runs here with pluginDir, and the pair is refused.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { assertTriggerRate, skillResolved, InvalidOptionError } from "vigiles";
import { paid_measureTriggerRate as measureTriggerRate } from "vigiles/eval";
import { measureSelectionMatrix, assertNoCollision } from "vigiles/claude-code";
import { cliDriver, requestText } from "./cli-driver.js";
import { realisticPromptSets } from "../triggering/prompt-sets.js";

const repo = process.cwd();
let root = "";
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "vigiles-spec-triggering-"));
  const files: Record<string, string> = {
    "my-plugin/.claude-plugin/plugin.json": '{"name":"my-plugin"}',
    "my-plugin/skills/greet/SKILL.md":
      "---\nname: greet\ndescription: Greets the user by name. Use when someone says hello.\n---\nSay hi.\n",
    "my-plugin/skills/farewell/SKILL.md":
      "---\nname: farewell\ndescription: Says goodbye warmly. Use when the user is leaving.\n---\nSay bye.\n",
    "other/.claude-plugin/plugin.json": '{"name":"other"}',
    "other/skills/weather/SKILL.md":
      "---\nname: weather\ndescription: Reports the weather.\n---\nLook outside.\n",
    ".claude/skills/greet/SKILL.md":
      "---\nname: greet\ndescription: Greets the user by name. Use when someone says hello.\n---\nSay hi.\n",
  };
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  process.chdir(root);
});
afterAll(() => {
  process.chdir(repo);
  rmSync(root, { recursive: true, force: true });
});

describe("measureTriggerRate options", () => {
  test.concurrent(
    "runs as written (pluginDir), through an injected evalDriver",
    async () => {
      const recall = realisticPromptSets["commit"]!.slice(0, 10);
      const precision = realisticPromptSets["pdf"]!.slice(0, 10);
      const otherPluginsOrDirs = "./other";
      // Selects my-plugin:greet for a recall prompt when the CLI lists it; nothing otherwise.
      const evalDriver = cliDriver((trial) => [
        (request) =>
          recall.includes(trial.task) && requestText(request).includes("- my-plugin:greet:")
            ? { tool: "Skill", input: { skill: "my-plugin:greet" } }
            : { text: "No skill fits; answering directly." },
        { text: "done" },
      ]);

      const report = await measureTriggerRate({
        pluginDir: "./my-plugin", //    already-packaged plugin. XOR skillsDir.
        prompts: [...recall], //              recall set (≥ minPrompts, NCD-diverse)
        irrelevantPrompts: [...precision], //    precision set (→ falsePositiveRate / precision)
        fired: (t) => skillResolved(t, "my-plugin:greet"),
        stubSkillBodies: true, //       stop at SELECTION (frontmatter decides firing)
        fixture: { path: "contents" }, // seed repo STATE a skill triggers on
        installSet: [otherPluginsOrDirs], // co-install the rest of the harness (release gate)
        trials: 2,
        concurrency: 4, //              parallelize the prompts × trials grid
        minModel: "sonnet", //          fail before spending a token if pointed below
        effort: "low", //               reasoning budget — pin it to reproduce a number
        minPrompts: 10, //              diversity-gate floor
        evalDriver,
      });
      assertTriggerRate(report, { min: 0.8, maxFalsePositive: 0.1 });

      expect(report).toMatchObject({ n: 20, fired: 20, nIrrelevant: 20, falsePositives: 0, competitors: 2 });
      expect(evalDriver.trials).toHaveLength(40);
      expect(evalDriver.trials[0]).toMatchObject({
        files: { path: "contents" },
        effort: "low",
        model: "sonnet",
      });
      expect(() => assertTriggerRate(report, { min: 0.8, maxFalsePositive: -1 })).toThrow();
      // 40 real CLI runs, 4 at a time: 53 s alone, past the default 60 s on a loaded 2-core machine.
    },
    240_000,
  );

  test.concurrent("skillsDir and pluginDir together are refused before any run", async () => {
    const evalDriver = cliDriver(() => [{ text: "never asked" }]);
    await expect(
      measureTriggerRate({
        skillsDir: ".claude/skills",
        pluginDir: "./my-plugin",
        prompts: realisticPromptSets["commit"]!.slice(0, 10),
        fired: (t) => skillResolved(t, "my-plugin:greet"),
        evalDriver,
      }),
    ).rejects.toThrow(InvalidOptionError);
    expect(evalDriver.trials).toHaveLength(0);
  });
});

describe("Selection-collision matrix", () => {
  test.concurrent(
    "runs as written, through an injected driver",
    async () => {
      // Each derived prompt is a run whose arm is the skill it was derived for; the mock picks that skill.
      const driver = cliDriver((trial) => [
        (request) =>
          requestText(request).includes(`- ${trial.arm}:`)
            ? { tool: "Skill", input: { skill: trial.arm } }
            : { text: "No skill fits." },
        { text: "done" },
      ]);

      const report = await measureSelectionMatrix("./my-plugin", {
        // prompts auto-derived from each skill's description (zero setup);
        // pass `prompts` (a { skill: { prompts: [...] } } map) for a curated set.
        trials: 1,
        driver,
      });

      // Fail the build when a sibling steals a skill's prompt.
      assertNoCollision(report, { maxOffDiagonal: 0.2 }); // per-skill collision ceiling
      // or gate the plugin-wide rate:
      assertNoCollision(report, { maxPluginCollision: 0.1 });
      assertNoCollision(report); // no options: zero collision

      expect(report.skills).toEqual(["my-plugin:farewell", "my-plugin:greet"]);
      expect(report.meanRecall).toBe(1);
      expect(report.n).toBe(driver.trials.length);
      expect(driver.trials.every((t) => t.stubSkillBodies)).toBe(true);
      // Real CLI runs beside the 40-run sample above: 45 s on a loaded 2-core machine, past 60 s in CI.
    },
    240_000,
  );
});
