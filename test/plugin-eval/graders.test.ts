/**
 * Pins the deterministic graders over a Trace, one block per type, as Claude Code 2.1.328 scores
 * them (regex match modes and targets, tool_used bounds, tool_order's first calls, file_exists over
 * written files), the with-only rule, and the run score; a target vigiles cannot read is "cannot be
 * scored", never a silent fail.
 */
import { describe, expect, test } from "vitest";
import { gradeDeterministic, runScore, withOnlyGraders } from "../../src/core/plugin-eval/graders.js";
import { graderSchema } from "../../src/core/plugin-eval/schema.js";
import { inProcessTrace } from "../eval/helpers.js";

const grader = (raw: Record<string, unknown>) => {
  const g = graderSchema.parse({ name: "g", ...raw });
  if (g.type === "llm" || g.type === "baseline") throw new Error("judged");
  return g;
};
const trace = inProcessTrace({
  output: "Hello Alex, hello again",
  toolCalls: [
    { id: "1", name: "Read", input: { file_path: "a.md" } },
    { id: "2", name: "Skill", input: { skill: "demo:greet" } },
    { id: "3", name: "Write", input: { file_path: "out/card.md" } },
    { id: "4", name: "Read", input: { file_path: "b.md" } },
  ],
  files: { "out/card.md": "Dear Alex" },
});
const passes = (raw: Record<string, unknown>) => gradeDeterministic(grader(raw), trace).passed;

describe("regex", () => {
  test("contains, not_contains and count:N on the last message", () => {
    expect(passes({ type: "regex", pattern: "alex", flags: "i" })).toBe(true);
    expect(passes({ type: "regex", pattern: "alex" })).toBe(false);
    expect(passes({ type: "regex", pattern: "Bob", match: "not_contains" })).toBe(true);
    expect(passes({ type: "regex", pattern: "hello", flags: "i", match: "count:2" })).toBe(true);
    expect(passes({ type: "regex", pattern: "hello", flags: "i", match: "count:1" })).toBe(false);
  });
  test("a file target reads the written file; a missing file fails", () => {
    expect(passes({ type: "regex", pattern: "Dear", target: { source: "file", path: "out/card.md" } })).toBe(
      true,
    );
    expect(passes({ type: "regex", pattern: "x", target: { source: "file", path: "none.md" } })).toBe(false);
  });
  test("a missing file fails in every match mode and is scored, as the CLI scores it", () => {
    for (const match of ["contains", "not_contains", "count:0"]) {
      const v = gradeDeterministic(
        grader({ type: "regex", pattern: "x", match, target: { source: "file", path: "none.md" } }),
        trace,
      );
      expect([match, v.passed, v.scorable]).toEqual([match, false, true]);
    }
  });
  test("the files target is the list of written paths", () => {
    expect(passes({ type: "regex", pattern: "^out/card\\.md$", flags: "m", target: "files" })).toBe(true);
  });
  test("mock_calls: not served cannot be scored; no mocks for the case fails (as the CLI); served reads the calls", () => {
    const g = grader({ type: "regex", pattern: '"verdict":"ok"', target: "mock_calls" });
    const v = gradeDeterministic(g, trace);
    expect(v).toMatchObject({ passed: false, scorable: false });
    expect(v.explanation).toMatch(/cannot be scored/);
    expect(gradeDeterministic(g, trace, undefined, { kind: "none" })).toMatchObject({
      passed: false,
      scorable: true,
      explanation: expect.stringMatching(/no mock stand-ins were active/),
    });
    const served = (text: string) => gradeDeterministic(g, trace, undefined, { kind: "served", text }).passed;
    expect(served('{"tool":"mcp__t__get","input":{},"output":"x","verdict":"ok"}')).toBe(true);
    expect(served("")).toBe(false);
  });
});

describe("tool_used", () => {
  test("min defaults to 1; max bounds; input_match reads the compact JSON input", () => {
    expect(passes({ type: "tool_used", tool: "Skill" })).toBe(true);
    expect(passes({ type: "tool_used", tool: "Bash" })).toBe(false);
    expect(passes({ type: "tool_used", tool: "Bash", min: 0, max: 0 })).toBe(true);
    expect(passes({ type: "tool_used", tool: "Read", max: 1 })).toBe(false);
    expect(passes({ type: "tool_used", tool: "Read", input_match: '"file_path":"b\\.md"' })).toBe(true);
  });
});

describe("tool_order", () => {
  test("compares the first call of each side; a side never called fails", () => {
    expect(passes({ type: "tool_order", before: "Skill", after: "Write" })).toBe(true);
    expect(passes({ type: "tool_order", before: "Write", after: "Read" })).toBe(false);
    expect(
      passes({ type: "tool_order", before: { tool: "Read", input_match: "b\\.md" }, after: "Write" }),
    ).toBe(false);
    expect(passes({ type: "tool_order", before: "Skill", after: "Bash" })).toBe(false);
  });
});

describe("file_exists", () => {
  test("an anchored glob over written files; exists: false inverts", () => {
    expect(passes({ type: "file_exists", path: "out/*.md" })).toBe(true);
    expect(passes({ type: "file_exists", path: "*.md" })).toBe(false);
    expect(passes({ type: "file_exists", path: "*.md", exists: false })).toBe(true);
  });
});

describe("with-only and the run score", () => {
  const parse = (raw: Record<string, unknown>) => graderSchema.parse({ name: String(raw["name"]), ...raw });
  test("tool_used of Skill with arm unset is with-only; arm: both keeps it scored", () => {
    const graders = [
      parse({ name: "a", type: "tool_used", tool: "Skill" }),
      parse({ name: "b", type: "tool_used", tool: "Skill", arm: "both" }),
      parse({ name: "c", type: "regex", pattern: "x", arm: "with-only" }),
    ];
    expect([...withOnlyGraders(graders)]).toEqual(["a", "c"]);
  });
  test("when every grader is with-only, all score in both arms", () => {
    expect(withOnlyGraders([parse({ name: "a", type: "tool_used", tool: "Skill" })]).size).toBe(0);
  });
  test("weighted, with-only and unscorable verdicts left out", () => {
    const v = (passed: boolean, weight: number, withOnly = false, scorable = true) => ({
      name: "x",
      passed,
      weight,
      withOnly,
      scorable,
      explanation: "",
    });
    expect(runScore([v(true, 2), v(false, 1)])).toBeCloseTo(2 / 3, 10);
    expect(runScore([v(true, 1), v(false, 5, true), v(false, 5, false, false)])).toBe(1);
    expect(runScore([v(true, 1, true)])).toBe(0);
  });
});
