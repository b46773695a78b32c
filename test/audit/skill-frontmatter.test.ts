import { describe, expect, it } from "vitest";
import { checkSkillFrontmatter } from "../../src/core/audit/rules/skill-frontmatter.js";

const ids = (folder: string, fm: Record<string, unknown>) =>
  checkSkillFrontmatter(folder, fm).map((p) => p.ruleId);

describe("checkSkillFrontmatter", () => {
  it("accepts a sound skill", () => {
    expect(ids("greet", { name: "greet", description: "Greets the user." })).toEqual([]);
  });
  it("rejects bad names, a folder mismatch, and missing or long descriptions", () => {
    expect(ids("greet", { name: "Greet", description: "x" })).toEqual(["skill-name", "skill-name-folder"]);
    expect(ids("a--b", { name: "a--b", description: "x" })).toEqual(["skill-name"]);
    expect(ids("-a", { name: "-a", description: "x" })).toEqual(["skill-name"]);
    const long = "a".repeat(65);
    expect(ids(long, { name: long, description: "x" })).toEqual(["skill-name"]);
    expect(ids("greet", { name: "greet" })).toEqual(["skill-description"]);
    expect(ids("greet", { name: "greet", description: "d".repeat(1025) })).toEqual(["skill-description"]);
    expect(ids("greet", {})).toEqual(["skill-name", "skill-description"]);
  });
  it("calls a 1,025-1,536 character description a warning, not an error (Claude Code 2.1.328 lists it whole)", () => {
    const [long] = checkSkillFrontmatter("greet", { name: "greet", description: "d".repeat(1400) });
    expect(long?.ruleId).toBe("skill-description");
    expect(long?.severity).toBe("warning");
    expect(checkSkillFrontmatter("greet", { name: "greet" })[0]?.severity).toBe("error");
  });
  it("warns when description and when_to_use pass the listing cut", () => {
    const p = checkSkillFrontmatter("greet", {
      name: "greet",
      description: "d".repeat(1000),
      when_to_use: "w".repeat(600),
    });
    expect(p.map((x) => [x.ruleId, x.field])).toEqual([["skill-listing-cut", "when_to_use"]]);
    expect(p[0]?.message).toMatch(/1600/);
  });
});
