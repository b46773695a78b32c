// vigiles mutate on skill and agent mutants with the real Claude Code CLI against the mock (one
// mutate run, 25 mutants, 15 CLI runs): a test that calls a skill or an agent and checks it was
// reached (its listing line and its body reached the model, the subagent ran with its own system
// prompt) kills removed, blank-description and swapped; a test that only checks the calls were made
// lets each survive, named; both files run with every skill listed to the model, so each listed
// skill is reached by both and survives unless a listing line is checked (its suggestion says how);
// a description already blank and a swap of two equal descriptions are not applicable, without a run. Pins the listing Claude Code 2.1.328 sends the model:
// "- kit:commit-message: <description>" for skills, "- kit:reviewer: <description> (Tools: …)" for agents.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, test } from "vitest";
import { claudeAvailable } from "../../src/tiers/harness/availability.js";
import { mutateHarness } from "../../src/tools/mutate/run-mutants.js";
import { hashTree } from "./fixture.mjs";
import { makeSkillsFixture } from "./skills-fixture.mjs";

const roots: string[] = [];
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

const SKILL = (name: string) => `skill skills/${name}/SKILL.md`;
const AGENT = (name: string) => `agent agents/${name}.md`;

describe.skipIf(!claudeAvailable())("skill and agent mutants (real Claude Code CLI)", () => {
  test("a test that checks the skill or agent was reached kills its mutants; one that checks only the call lets them survive", async () => {
    const root = makeSkillsFixture();
    roots.push(root);
    const before = hashTree(root);
    const report = await mutateHarness({ root });
    expect(hashTree(root)).toBe(before);
    const status = Object.fromEntries(report.mutants.map((m) => [m.id, [m.status, m.tests]]));
    const strong = ["strong.harness.mjs"];
    const weak = ["weak.harness.mjs"];
    // Both files run with every skill listed to the model (the listing carries each description that
    // is not blank): both reach every listed skill, and only the strong file checks a listing line.
    const both = expect.arrayContaining([...strong, ...weak]);
    expect(status).toEqual({
      [`${SKILL("commit-message")}#skill-removed`]: ["killed", expect.arrayContaining(strong)],
      [`${SKILL("commit-message")}#skill-description-blank`]: ["killed", expect.arrayContaining(strong)],
      [`${SKILL("commit-message")}#skill-descriptions-swapped+${SKILL("release-notes")}`]: [
        "killed",
        expect.arrayContaining(strong),
      ],
      [`${AGENT("reviewer")}#agent-removed`]: ["killed", expect.arrayContaining(strong)],
      [`${AGENT("reviewer")}#agent-description-blank`]: ["killed", expect.arrayContaining(strong)],
      [`${SKILL("release-notes")}#skill-removed`]: ["survived", both],
      [`${SKILL("release-notes")}#skill-description-blank`]: ["survived", both],
      [`${SKILL("tag-release")}#skill-removed`]: ["survived", both],
      [`${SKILL("tag-release")}#skill-description-blank`]: ["survived", both],
      [`${SKILL("release-notes")}#skill-descriptions-swapped+${SKILL("tag-release")}`]: ["survived", both],
      // Both files run with every subagent listed in the Agent tool's definition: both reach it.
      [`${AGENT("planner")}#agent-removed`]: ["survived", both],
      [`${AGENT("planner")}#agent-description-blank`]: ["survived", both],
      // Not applicable: nothing to blank, nothing to swap.
      [`${SKILL("aa-blank")}#skill-description-blank`]: ["not-applicable", []],
      [`${AGENT("aa-quiet")}#agent-description-blank`]: ["not-applicable", []],
      [`${SKILL("aa-same-one")}#skill-descriptions-swapped+${SKILL("aa-same-two")}`]: ["not-applicable", []],
      // Listed, never checked: each survives, its suggestion naming the listing check.
      [`${SKILL("aa-blank")}#skill-descriptions-swapped+${SKILL("aa-same-one")}`]: ["survived", both],
      [`${SKILL("aa-same-one")}#skill-removed`]: ["survived", both],
      [`${SKILL("aa-same-one")}#skill-description-blank`]: ["survived", both],
      [`${SKILL("aa-same-two")}#skill-removed`]: ["survived", both],
      [`${SKILL("aa-same-two")}#skill-description-blank`]: ["survived", both],
      // commit-message's description moves to aa-same-two: the strong file notices.
      [`${SKILL("aa-same-two")}#skill-descriptions-swapped+${SKILL("commit-message")}`]: [
        "killed",
        expect.arrayContaining(strong),
      ],
      // A skill with a blank description has no listing line to find, and no test names the quiet agent.
      [`${SKILL("aa-blank")}#skill-removed`]: ["not-exercised", []],
      [`${AGENT("aa-quiet")}#agent-removed`]: ["not-exercised", []],
    });
    for (const m of report.mutants.filter((x) => x.status === "not-applicable"))
      expect(m.reason, m.id).toMatch(/already blank|the same text/);
    // A kill names the check that failed; a survivor says which test is missing and why those tests ran.
    for (const m of report.mutants) {
      if (m.status === "killed") expect(m.reason, m.id).toMatch(/^strong\.harness\.mjs: FAILED: /);
      if (m.status === "survived") {
        expect(m.suggestion, m.id).toMatch(/\S/);
        expect(m.testsWhy, m.id).toMatch(/weak\.harness\.mjs reaches it by name in a run/);
        if (m.kind.startsWith("skill-")) expect(m.suggestion, m.id).toMatch(/received\(\//);
        if (m.kind.startsWith("agent-")) expect(m.suggestion, m.id).toMatch(/free listing check/);
      }
    }
    expect(report.score).toBe(33.3); // 6 killed of 18
  }, 900_000);
});
