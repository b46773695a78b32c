/**
 * Pins the premise of the audit rule `plugin-eval-trace-matches-init` against the real Claude Code
 * (2.1.328, confined, against the local mock): with a plugin loaded, the stream-json's system/init
 * event lists the plugin's skill as `<plugin>:<skill>` before the model answers, so a trace regex on
 * the skill name matches a run that never used the skill. A free test cannot show what the CLI lists.
 */
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { initLine } from "../../src/core/audit/rules/plugin-eval-suite.js";
import { withHarness } from "../../src/tiers/harness/run-harness-test.js";

const PLUGIN = join(import.meta.dirname, "fixtures", "greeter");

describe("the init event of a run with a plugin", { timeout: 180_000 }, () => {
  test("lists the plugin's skill, so a trace regex on it passes with no Skill call", async () => {
    await withHarness({ prompt: "Say hi.", plugin: PLUGIN, model: [{ text: "Hi." }] }, (r) => {
      expect(r.toolCalls.filter((c) => c.name === "Skill")).toEqual([]);
      const init = r.stdout
        .split("\n")
        .filter((l) => l.includes('"subtype":"init"'))
        .map((l) => JSON.parse(l) as { skills?: string[]; slash_commands?: string[] })[0];
      expect(init?.skills).toContain("greeter:greet");
      expect(/greeter:greet/.test(r.stdout)).toBe(true);
      // What the rule synthesizes is what the CLI lists for this plugin.
      const synthesized = JSON.parse(
        initLine({ name: "greeter", skills: ["greet"], agents: [], commands: [] }),
      ) as {
        skills: string[];
      };
      for (const skill of synthesized.skills) expect(init?.skills).toContain(skill);
    });
  });
});
