import { describe, expect, it } from "vitest";
import { createTrace } from "../../src/core/trace-builder.js";
import { summariseSelectionMatrix } from "../../src/core/triggering/matrix.js";
import {
  NO_SKILL,
  OTHER_SKILL,
  selectedCandidate,
  skillSelections,
} from "../../src/core/triggering/selection.js";
import { derivePromptsFromDescription } from "../../src/core/triggering/derive-prompts.js";
import { ncdPairs } from "../../src/core/ncd.js";
import { DEFAULT_NEAR_DUPLICATE_DISTANCE } from "../../src/core/triggering/diversity.js";

const skills = ["demo:commit", "demo:deploy", "demo:pdf"];

describe("selection from a trace", () => {
  it("reads the resolved Skill call, preferring the id the tool reported", () => {
    const t = createTrace({
      toolCalls: [
        {
          name: "Skill",
          input: { skill: "nope" },
          result: { text: "<tool_use_error>Unknown skill: nope</tool_use_error>", isError: true },
        },
        { name: "Skill", input: { skill: "deploy" }, result: "Launching skill: demo:deploy" },
      ],
    });
    expect(skillSelections(t)).toEqual([{ id: "demo:deploy", requested: "deploy" }]);
    expect(selectedCandidate(t, skills)).toBe("demo:deploy");
  });

  it("accepts the older { command } input and a bare name matching one candidate", () => {
    const t = createTrace({ toolCalls: [{ name: "Skill", input: { command: "/pdf" }, result: "ok" }] });
    expect(selectedCandidate(t, skills)).toBe("demo:pdf");
  });

  it("no skill, an unanswered call, a subagent's call: nothing selected; a stranger is (other)", () => {
    expect(
      selectedCandidate(createTrace({ toolCalls: [{ name: "Bash", input: {} }] }), skills),
    ).toBeUndefined();
    expect(
      selectedCandidate(
        createTrace({ toolCalls: [{ name: "Skill", input: { skill: "demo:pdf" } }] }),
        skills,
      ),
    ).toBeUndefined();
    const sub = createTrace({
      toolCalls: [{ name: "Skill", input: { skill: "demo:pdf" }, result: "ok", parentId: "toolu_9" }],
    });
    expect(selectedCandidate(sub, skills)).toBeUndefined();
    const other = createTrace({
      toolCalls: [{ name: "Skill", input: { skill: "x:y" }, result: "Launching skill: x:y" }],
    });
    expect(selectedCandidate(other, skills)).toBe(OTHER_SKILL);
  });
});

describe("summariseSelectionMatrix", () => {
  it("puts recall on the diagonal and collision off it, with Wilson intervals", () => {
    const obs = [
      ...Array.from({ length: 8 }, () => ({ skill: "demo:commit", selected: "demo:commit" })),
      ...Array.from({ length: 2 }, () => ({ skill: "demo:commit", selected: "demo:deploy" })),
      ...Array.from({ length: 9 }, () => ({ skill: "demo:deploy", selected: "demo:deploy" })),
      { skill: "demo:deploy", selected: NO_SKILL },
      ...Array.from({ length: 5 }, () => ({ skill: "demo:pdf", selected: "demo:pdf" })),
      { skill: "demo:pdf", selected: "somewhere:else" },
    ];
    const m = summariseSelectionMatrix(skills, obs);
    expect(m.columns).toEqual([...skills, NO_SKILL, OTHER_SKILL]);
    const [commit, deploy, pdf] = m.rows;
    expect(commit?.counts).toEqual({
      "demo:commit": 8,
      "demo:deploy": 2,
      "demo:pdf": 0,
      [NO_SKILL]: 0,
      [OTHER_SKILL]: 0,
    });
    expect(commit?.recall).toBe(0.8);
    expect(commit?.collision).toBeCloseTo(0.2, 12);
    expect(commit?.collisionInterval[0]).toBeGreaterThan(0.05);
    expect(commit?.collisionInterval[1]).toBeLessThan(0.52);
    expect(deploy?.collision).toBe(0);
    expect(deploy?.none).toBeCloseTo(0.1, 12);
    expect(pdf?.other).toBeCloseTo(1 / 6, 12);
    expect(pdf?.collision).toBe(0);
    expect(m.n).toBe(26);
    expect(m.pluginCollision).toBeCloseTo(2 / 26, 12);
  });

  it("a matrix of no runs says n = 0 and intervals [0, 1]", () => {
    const m = summariseSelectionMatrix(skills, []);
    expect(m.n).toBe(0);
    expect(m.rows[0]?.recallInterval).toEqual([0, 1]);
  });
});

describe("derivePromptsFromDescription", () => {
  const description =
    "Writes conventional commit messages from the staged diff. Use when the user asks to commit changes, " +
    'reword a commit message, or squash commits. Also triggers on "write the commit for me".';

  it("turns what-it-does, when-to-use clauses and quoted phrases into user requests", () => {
    const prompts = derivePromptsFromDescription(description);
    expect(prompts.length).toBeGreaterThanOrEqual(3);
    expect(prompts).toContain("Write the commit for me");
    expect(prompts.some((p) => /reword a commit message/i.test(p))).toBe(true);
    expect(
      derivePromptsFromDescription(description, { max: 10 }).some((p) =>
        /Please write conventional commit messages/.test(p),
      ),
    ).toBe(true);
  });

  it("is deterministic and holds no near-duplicates", () => {
    const a = derivePromptsFromDescription(description);
    expect(derivePromptsFromDescription(description)).toEqual(a);
    for (const p of ncdPairs(a)) expect(p.distance).toBeGreaterThanOrEqual(DEFAULT_NEAR_DUPLICATE_DISTANCE);
  });

  it("gives at least one prompt for a bare description and respects max", () => {
    expect(derivePromptsFromDescription("Greets people").length).toBeGreaterThanOrEqual(1);
    expect(derivePromptsFromDescription(description, { max: 2 })).toHaveLength(2);
  });
});

describe("rateInterval", () => {
  it("is Wilson's interval with exact ends at 0 and n", async () => {
    const { rateInterval } = await import("../../src/core/triggering/matrix.js");
    const { wilsonInterval } = await import("../../src/core/stats/wilson.js");
    expect(rateInterval(6, 6)[1]).toBe(1);
    expect(rateInterval(0, 6)[0]).toBe(0);
    expect(rateInterval(3, 6)).toEqual(wilsonInterval(3, 6));
  });
});
