/**
 * Pins the audit rules over eval suites beyond their fixture pairs: which trace regexes match the
 * init event's listing (flags, not_contains, a pattern anchored on the tool call), and that a suite
 * without a plugin is not judged by the init rule.
 */
import { describe, expect, test } from "vitest";
import { checkEvalSuite, initLine } from "../../src/core/audit/rules/plugin-eval-suite.js";
import { readSuite } from "../../src/core/plugin-eval/read-suite.js";

const plugin = { name: "demo", skills: ["greet"], agents: ["reviewer"], commands: ["deploy"] };
const suiteWith = (grader: string) =>
  readSuite(
    new Map([
      ["c/prompt.md", "Go"],
      ["c/graders/g.md", grader],
    ]),
  );
const traceFindings = (grader: string, withPlugin = true) =>
  checkEvalSuite({ dir: "evals", read: suiteWith(grader), ...(withPlugin && { plugin }) }).filter(
    (f) => f.ruleId === "plugin-eval-trace-matches-init",
  );

describe("plugin-eval-trace-matches-init", () => {
  test("the init line lists skills, commands and agents under the plugin's name", () => {
    const line = initLine(plugin);
    expect(JSON.parse(line)).toMatchObject({
      skills: ["demo:greet"],
      slash_commands: ["demo:greet", "demo:deploy"],
      agents: ["demo:reviewer"],
    });
  });
  test.each([
    ["the skill name", "---\ntype: regex\ntarget: trace\n---\ngreet", "passes"],
    [
      "case-insensitive with a global flag",
      "---\ntype: regex\ntarget: trace\nflags: gi\n---\nGREET",
      "passes",
    ],
    ["an agent name", "---\ntype: regex\ntarget: trace\n---\nreviewer", "passes"],
    ["not_contains", "---\ntype: regex\ntarget: trace\nmatch: not_contains\n---\ndemo:greet", "fails"],
  ])("%s is reported", (_name, grader, verb) => {
    const found = traceFindings(grader);
    expect(found).toHaveLength(1);
    expect(found[0]?.file).toBe("evals/c/graders/g.md");
    expect(found[0]?.message).toContain(`so it ${verb} whether or not`);
  });
  test.each([
    ["a pattern on the Skill call's input", '---\ntype: regex\ntarget: trace\n---\n"skill":"demo:greet"'],
    ["the same regex on the last message", "---\ntype: regex\n---\ngreet"],
    ["a tool_used grader", "---\ntype: tool_used\ntool: Skill\n---\n"],
    ["an invalid pattern (the CLI's run reports it)", "---\ntype: regex\ntarget: trace\n---\n(greet"],
  ])("%s is not reported", (_name, grader) => {
    expect(traceFindings(grader)).toEqual([]);
  });
  test("a suite with no plugin above it is not judged by the init rule", () => {
    expect(traceFindings("---\ntype: regex\ntarget: trace\n---\ngreet", false)).toEqual([]);
  });
});
