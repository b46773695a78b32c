/**
 * Pins the free reader of `claude plugin eval` suites to Claude Code 2.1.328's schema (restated
 * from its bundled zod schema): discovery, prose / case.yaml / mixed cases, defaults, each of the
 * six grader types, and one named error per mistake the CLI refuses.
 */
import { describe, expect, test } from "vitest";
import { readSuite, discoverCases } from "../../src/core/plugin-eval/read-suite.js";
import type { SuiteErrorKind } from "../../src/core/plugin-eval/errors.js";

const files = (entries: Record<string, string>) => new Map(Object.entries(entries));
const one = (entries: Record<string, string>) => {
  const read = readSuite(files(entries));
  expect(read.errors.map((e) => e.message)).toEqual([]);
  expect(read.cases).toHaveLength(1);
  return read.cases[0]!;
};
const failsWith = (entries: Record<string, string>, kind: SuiteErrorKind, text: RegExp) => {
  const read = readSuite(files(entries));
  expect(read.cases).toEqual([]);
  expect(read.errors.map((e) => e.kind)).toEqual([kind]);
  expect(read.errors[0]?.message).toMatch(text);
  expect(read.errors[0]?.message).not.toContain("\n");
};
const regexGrader = "---\ntype: regex\n---\nhello";

describe("discovery", () => {
  test("a case is a directory that directly holds case.yaml or prompt.md; skipped dirs are never entered", () => {
    expect(
      discoverCases([
        "a/prompt.md",
        "group/b/case.yaml",
        "group/b/prompt.md",
        "mocks/srv/prompt.md",
        "results/2026/prompt.md",
        "node_modules/x/case.yaml",
        ".claude/c/prompt.md",
        "c/graders/g.md",
        "README.md",
      ]),
    ).toEqual(["a", "group/b"]);
  });
  test("a case 17 levels down is refused by name", () => {
    const dir = Array.from({ length: 17 }, (_, i) => `d${i}`).join("/");
    failsWith({ [`${dir}/prompt.md`]: "Hi", [`${dir}/graders/g.md`]: regexGrader }, "too-deep", /16 levels/);
  });
});

describe("prose cases", () => {
  test("prompt.md body is the prompt, the case is named after its directory, defaults apply", () => {
    const c = one({ "greet/prompt.md": "Say hello.\n", "greet/graders/says-hello.md": regexGrader });
    expect(c.source).toBe("prose");
    expect(c.definition).toMatchObject({
      schema_version: "1.1",
      name: "greet",
      tags: [],
      runs: 3,
      context: { add_dirs: [] },
      execution: { prompt: "Say hello.", max_turns: 10, timeout_seconds: 300, allowed_tools: [], env: {} },
    });
  });
  test("frontmatter keys of prompt.md go to the top or to execution", () => {
    const c = one({
      "c/prompt.md": "---\nruns: 5\ntags: [smoke]\nmax_turns: 4\nallowed_tools: [Read]\n---\nGo",
      "c/graders/g.md": regexGrader,
    });
    expect(c.definition.runs).toBe(5);
    expect(c.definition.tags).toEqual(["smoke"]);
    expect(c.definition.execution).toMatchObject({ max_turns: 4, allowed_tools: ["Read"] });
  });
  test("grader files are read sorted, named after the file, and one without frontmatter is skipped", () => {
    const c = one({
      "c/prompt.md": "Go",
      "c/graders/b.md": regexGrader,
      "c/graders/a.md": "---\ntype: llm\n---\nIt greets.",
      "c/graders/notes.md": "just notes, no frontmatter",
    });
    expect(c.definition.graders.map((g) => g.name)).toEqual(["a", "b"]);
    expect(c.ignoredGraderFiles).toEqual(["c/graders/notes.md"]);
  });
});

describe("case.yaml and mixed cases", () => {
  const yaml = [
    'schema_version: "1.0"',
    "name: from-yaml",
    "timeout: 30",
    "execution:",
    "  prompt: From yaml",
    "  max_turn: 3",
    "  disallowed_tools: [Bash]",
    "graders:",
    "  - {type: regex, name: y, pattern: x}",
  ].join("\n");
  test("unknown keys are dropped as the CLI drops them, and reported with their line", () => {
    const c = one({ "c/case.yaml": yaml });
    expect(c.source).toBe("case_yaml");
    expect(c.definition.name).toBe("from-yaml");
    expect(c.definition.execution.max_turns).toBe(10);
    expect(c.droppedKeys).toEqual([
      { file: "c/case.yaml", key: "timeout", line: 3 },
      { file: "c/case.yaml", key: "execution.max_turn", line: 6 },
    ]);
  });
  test("mixed: prompt.md wins per key, disallowed_tools join, prose graders are appended", () => {
    const c = one({
      "c/case.yaml": yaml,
      "c/prompt.md": "---\nname: from-prose\ndisallowed_tools: [Write]\n---\nFrom prose",
      "c/graders/p.md": regexGrader,
    });
    expect(c.source).toBe("mixed");
    expect(c.definition.name).toBe("from-prose");
    expect(c.definition.execution.prompt).toBe("From prose");
    expect(c.definition.execution.disallowed_tools).toEqual(["Bash", "Write"]);
    expect(c.definition.graders.map((g) => g.name)).toEqual(["y", "p"]);
  });
});

describe("the six grader types, with their defaults", () => {
  const graded = (grader: string) =>
    one({ "c/prompt.md": "Go", "c/graders/g.md": grader }).definition.graders[0];
  test("regex: target last_message, flags empty, match contains; body is the pattern", () => {
    expect(graded(regexGrader)).toEqual({
      type: "regex",
      name: "g",
      pattern: "hello",
      target: "last_message",
      flags: "",
      match: "contains",
      weight: 1,
    });
    expect(
      graded("---\ntype: regex\ntarget: {source: file, path: out.md}\nmatch: count:2\n---\nx"),
    ).toMatchObject({
      target: { source: "file", path: "out.md" },
      match: "count:2",
    });
  });
  test("tool_order: a bare name becomes {tool}", () => {
    expect(
      graded("---\ntype: tool_order\nbefore: Read\nafter: {tool: Write, input_match: md}\n---\n"),
    ).toMatchObject({
      before: { tool: "Read" },
      after: { tool: "Write", input_match: "md" },
    });
  });
  test("tool_used: min and max stay unset when not given", () => {
    expect(graded("---\ntype: tool_used\ntool: Skill\n---\n")).toEqual({
      type: "tool_used",
      name: "g",
      tool: "Skill",
      weight: 1,
    });
  });
  test("file_exists: exists defaults to true", () => {
    expect(graded("---\ntype: file_exists\npath: out/*.md\n---\n")).toMatchObject({
      path: "out/*.md",
      exists: true,
    });
  });
  test("llm: body is the criteria, focus last_message", () => {
    expect(graded("---\ntype: llm\narm: both\n---\nIt greets Alex.")).toMatchObject({
      criteria: "It greets Alex.",
      focus: "last_message",
      arm: "both",
    });
  });
  test("baseline: body is the criteria, baseline_file kept", () => {
    expect(graded("---\ntype: baseline\nbaseline_file: base.jsonl\nweight: 2\n---\nNo worse.")).toMatchObject(
      {
        baseline_file: "base.jsonl",
        criteria: "No worse.",
        weight: 2,
      },
    );
  });
});

describe("each mistake the CLI refuses has a named one-line error", () => {
  const prompt = "c/prompt.md";
  test.each<[string, Record<string, string>, SuiteErrorKind, RegExp]>([
    [
      "unknown prompt.md key",
      { [prompt]: "---\ntimeout: 3\n---\nGo", "c/graders/g.md": regexGrader },
      "unknown-prompt-key",
      /unknown frontmatter key "timeout"/,
    ],
    [
      "unterminated frontmatter",
      { [prompt]: "---\nruns: 2\nGo", "c/graders/g.md": regexGrader },
      "unterminated-frontmatter",
      /unterminated/,
    ],
    [
      "bad frontmatter YAML",
      { [prompt]: "---\nruns: [\n---\nGo", "c/graders/g.md": regexGrader },
      "invalid-frontmatter-yaml",
      /invalid YAML/,
    ],
    [
      "frontmatter a list",
      { [prompt]: "---\n- a\n---\nGo", "c/graders/g.md": regexGrader },
      "frontmatter-not-object",
      /YAML object/,
    ],
    [
      "grader without type",
      { [prompt]: "Go", "c/graders/g.md": "---\nweight: 1\n---\nx" },
      "grader-without-type",
      /must include "type:"/,
    ],
    [
      "unknown grader key",
      { [prompt]: "Go", "c/graders/g.md": "---\ntype: regex\ntarget_file: a\n---\nx" },
      "invalid-case",
      /graders\.0/,
    ],
    [
      "a seventh grader type",
      { [prompt]: "Go", "c/graders/g.md": "---\ntype: exit_code\n---\nx" },
      "invalid-case",
      /graders\.0/,
    ],
    [
      "bad regex flags",
      { [prompt]: "Go", "c/graders/g.md": "---\ntype: regex\nflags: x\n---\nx" },
      "invalid-case",
      /JS RegExp flags/,
    ],
    [
      "bad match",
      { [prompt]: "Go", "c/graders/g.md": "---\ntype: regex\nmatch: some\n---\nx" },
      "invalid-case",
      /count:N/,
    ],
    ["no graders", { [prompt]: "Go" }, "invalid-case", /graders/],
    [
      "duplicate grader names",
      {
        "c/case.yaml":
          'schema_version: "1"\nname: c\nexecution: {prompt: Go}\ngraders:\n  - {type: regex, name: g, pattern: a}\n  - {type: regex, name: g, pattern: b}',
      },
      "invalid-case",
      /duplicate grader name "g"/,
    ],
    [
      "runs over 50",
      { [prompt]: "---\nruns: 51\n---\nGo", "c/graders/g.md": regexGrader },
      "invalid-case",
      /runs/,
    ],
    [
      "max_turns over 200",
      { [prompt]: "---\nmax_turns: 201\n---\nGo", "c/graders/g.md": regexGrader },
      "invalid-case",
      /max_turns/,
    ],
    [
      "timeout over 3600",
      { [prompt]: "---\ntimeout_seconds: 3601\n---\nGo", "c/graders/g.md": regexGrader },
      "invalid-case",
      /timeout_seconds/,
    ],
    [
      "no prompt",
      { "c/prompt.md": "---\nruns: 2\n---\n", "c/graders/g.md": regexGrader },
      "prompt-missing",
      /execution.prompt is required/,
    ],
    [
      "init template prompt",
      { [prompt]: "TODO: describe what the agent should do", "c/graders/g.md": regexGrader },
      "template-prompt",
      /blank init template/,
    ],
    [
      "init template grader",
      {
        [prompt]: "Go",
        "c/graders/g.md": "---\ntype: llm\n---\nTODO: describe what a successful response looks like",
      },
      "template-grader",
      /grader "g"/,
    ],
    [
      "env key not EVAL_",
      { [prompt]: "---\nenv: {PATH: /x}\n---\nGo", "c/graders/g.md": regexGrader },
      "env-key-not-eval",
      /"PATH"/,
    ],
    [
      "case.yaml without schema_version",
      { "c/case.yaml": "name: c\nexecution: {prompt: Go}\ngraders: [{type: regex, name: g, pattern: a}]" },
      "schema-version-missing",
      /schema_version/,
    ],
    [
      "schema_version 2",
      {
        "c/case.yaml":
          'schema_version: "2.0"\nname: c\nexecution: {prompt: Go}\ngraders: [{type: regex, name: g, pattern: a}]',
      },
      "schema-version-too-new",
      /"2.0"/,
    ],
    [
      "schema_version not a version",
      { "c/case.yaml": 'schema_version: "v1"\nname: c' },
      "schema-version-invalid",
      /"v1"/,
    ],
    ["case.yaml not YAML", { "c/case.yaml": "name: [" }, "invalid-case-yaml", /YAML parse failed/],
    ["case.yaml a list", { "c/case.yaml": "- a" }, "case-yaml-not-object", /YAML object/],
    ["empty case", { "c/case.yaml": "" }, "no-case-definition", /no case definition/],
    [
      "oversized prompt",
      { [prompt]: "x".repeat(1_048_577), "c/graders/g.md": regexGrader },
      "file-too-large",
      /byte cap/,
    ],
  ])("%s", (_name, entries, kind, text) => failsWith(entries, kind, text));

  test("one bad case does not hide the good ones", () => {
    const read = readSuite(
      files({ "good/prompt.md": "Go", "good/graders/g.md": regexGrader, "bad/prompt.md": "Go" }),
    );
    expect(read.cases.map((c) => c.dir)).toEqual(["good"]);
    expect(read.errors.map((e) => e.file)).toEqual(["bad"]);
  });
});
