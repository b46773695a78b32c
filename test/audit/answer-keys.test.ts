/**
 * Pins `answer-field-misplaced` and `answer-key-unknown`: each dialect's `answerKeys` against the
 * pinned CLI's own answer reader (Claude Code's binary, Gemini CLI's bundle), and what the rules
 * read in a script's printed answer (and what they leave alone).
 */
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { dialectOf, HARNESSES } from "../../src/adapters/registry.js";
import type { HookRegistration } from "../../src/core/audit/hooks-config.js";
import { checkAnswerKeys } from "../../src/core/audit/rules/hook-answer-keys.js";

const require = createRequire(import.meta.url);

describe("answerKeys match the pinned CLIs' answer readers", () => {
  it("Claude Code: the answer schema's top-level keys are the dialect's (async aside)", () => {
    const bin = join(dirname(require.resolve("@anthropic-ai/claude-code-linux-x64/package.json")), "claude");
    const buf = readFileSync(bin);
    const at = buf.indexOf('continue:I().describe("Whether Claude should continue after hook');
    const found = at >= 0 ? at : buf.indexOf("Whether Claude should continue after hook (default: true)");
    expect(found).toBeGreaterThan(0);
    const window = buf.subarray(found - 40, found + 3000).toString("latin1");
    const end = window.indexOf("hookSpecificOutput:");
    expect(end).toBeGreaterThan(0);
    const keys = [...window.slice(0, end + 20).matchAll(/[{,]([A-Za-z]+):/g)].map((m) => m[1]);
    const dialect = dialectOf("claude-code").answerKeys;
    expect(new Set(keys)).toEqual(
      new Set(dialect?.topLevel.filter((k) => k !== "async" && k !== "asyncTimeout")),
    );
    // The async form is its own object of these two keys.
    expect(buf.indexOf("c({async:E(!0),asyncTimeout:")).toBeGreaterThan(0);
    // Neither `output` nor a top-level additionalContext is a key of the schema.
    expect(keys).not.toContain("output");
    expect(keys).not.toContain("additionalContext");
  });

  it("Claude Code: hookSpecificOutput's keys per event are the answer schema's union (underSpecificByEvent)", () => {
    const bin = join(dirname(require.resolve("@anthropic-ai/claude-code-linux-x64/package.json")), "claude");
    const text = readFileSync(bin).toString("latin1");
    const byEvent = new Map<string, string[]>();
    for (const m of text.matchAll(/c\(\{hookEventName:E\("(\w+)"\)/g)) {
      // The variant's own keys: `name:` at its top level, strings and nested objects skipped.
      const keys: string[] = [];
      let depth = 0;
      let key: string | undefined = "";
      for (let i = m.index + 2; i < text.length; i++) {
        const ch = text[i] as string;
        if (ch === '"' || ch === "'" || ch === "`") {
          i = text.indexOf(ch, i + 1);
          continue;
        }
        if ("{([".includes(ch)) depth++;
        else if ("})]".includes(ch) && --depth === 0) break;
        else if (depth === 1 && ch === ",") key = "";
        else if (depth === 1 && ch === ":" && key !== undefined) {
          keys.push(key);
          key = undefined;
        } else if (depth === 1 && key !== undefined) key += ch;
      }
      if (!byEvent.has(m[1] as string))
        byEvent.set(
          m[1] as string,
          keys.filter((k) => k !== "hookEventName"),
        );
    }
    const dialect = dialectOf("claude-code").answerKeys?.underSpecificByEvent ?? {};
    expect(Object.keys(dialect).length).toBeGreaterThan(20);
    for (const [event, keys] of Object.entries(dialect))
      expect(new Set(byEvent.get(event)), event).toEqual(new Set(keys));
    expect([...byEvent.keys()].sort()).toEqual(Object.keys(dialect).sort());
    // Only PermissionRequest's hookSpecificOutput carries a decision.
    expect([...byEvent].filter(([, keys]) => keys.includes("decision")).map(([e]) => e)).toEqual([
      "PermissionRequest",
    ]);
  });

  it("Gemini CLI: DefaultHookOutput copies the dialect's top-level keys; additionalContext only from hookSpecificOutput", () => {
    const dir = join(dirname(require.resolve("@google/gemini-cli/package.json")), "bundle");
    const chunk = readdirSync(dir)
      .filter((f) => f.endsWith(".js"))
      .map((f) => readFileSync(join(dir, f), "utf8"))
      .find((t) => t.includes("var DefaultHookOutput = class {"));
    expect(chunk).toBeDefined();
    const text = chunk as string;
    const ctor = text.slice(text.indexOf("var DefaultHookOutput = class {"));
    const body = ctor.slice(ctor.indexOf("constructor(data = {}) {"), ctor.indexOf("isBlockingDecision()"));
    const copied = [...body.matchAll(/this\.(\w+) = data\.\1;/g)].map((m) => m[1]);
    expect(new Set(copied)).toEqual(new Set(dialectOf("gemini").answerKeys?.topLevel));
    const getter = ctor.slice(
      ctor.indexOf("getAdditionalContext() {"),
      ctor.indexOf("getAdditionalContext() {") + 200,
    );
    expect(getter).toContain('this.hookSpecificOutput && "additionalContext" in this.hookSpecificOutput');
  });
});

function registration(harness: string, event: string): HookRegistration {
  const at = { line: 1, column: 1 };
  return {
    file: "settings.json",
    harness: harness as HookRegistration["harness"],
    dialect: dialectOf(harness),
    event,
    eventRange: at,
    type: "command",
    command: "hook.sh",
    handlerRange: at,
  };
}

function run(harness: string, event: string, source: string) {
  return checkAnswerKeys(
    {
      registration: registration(harness, event),
      file: "hook.sh",
      direct: true,
      exists: true,
      executable: true,
      source,
      language: "shell",
    },
    source,
  ).map((f) => `${f.ruleId}: ${f.message}`);
}

describe("what the rules read in a printed answer", () => {
  it("an unknown key, in shell, jq, Python and JavaScript prints", () => {
    expect(run("claude-code", "SessionStart", `echo '{"output": "hi"}'`)).toEqual([
      "answer-key-unknown: Claude Code ignores `output` (line 1): it is not a key of its hook answer, so what it carries never reaches the harness.",
    ]);
    expect(run("claude-code", "Stop", `jq -n --arg r "$x" '{output: $r}'`)).toHaveLength(1);
    expect(run("claude-code", "Stop", `print(json.dumps({\n  "output": msg,\n}))`)).toHaveLength(1);
    expect(run("claude-code", "Stop", `console.log(JSON.stringify({ output: msg }))`)).toHaveLength(1);
  });

  it("a top-level additionalContext is misplaced on Gemini CLI and on Claude Code", () => {
    for (const [harness, event] of [
      ["gemini", "SessionStart"],
      ["claude-code", "SessionStart"],
    ] as const) {
      const found = run(harness, event, `echo "{\\"additionalContext\\": \\"$ctx\\"}"`);
      expect(found).toHaveLength(1);
      expect(found[0]).toMatch(/^answer-field-misplaced: .*reads it only under hookSpecificOutput/);
    }
  });

  it("stays silent on known keys, nested keys, stderr, files, comments and comprehensions", () => {
    const silent = [
      `echo '{"hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": "x"}}'`,
      `echo '{"decision": "block", "reason": "no, stop: now"}'`,
      `echo '{"output": "x"}' >&2`,
      `echo '{"output": "x"}' > state.json`,
      `# echo '{"output": "x"}'`,
      `print(json.dumps({k: v for k, v in items}))`,
      `cat <<EOF\n{"continue": true, "systemMessage": "ok"}\nEOF`,
      // Shell parameter expansions in echoed text are not object keys.
      'echo "  total run:  ${total:-n/a}s${prev:+  (previous: ${prev}s)}"',
      'echo "no pull request for ${selector:-the current branch}."',
      "console.log(`head ${sha}: ${state}`)",
    ];
    for (const source of silent) expect(run("claude-code", "Stop", source), source).toEqual([]);
  });

  it("a top-level-only key under hookSpecificOutput is misplaced (UserPromptSubmit's decision)", () => {
    const nested = `echo '{"hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "decision": "block", "reason": "no"}}'`;
    expect(run("claude-code", "UserPromptSubmit", nested)).toEqual([
      'answer-field-misplaced: Prints "decision" under hookSpecificOutput (line 1): Claude Code reads it only at the top level of the answer on UserPromptSubmit, so it is ignored and nothing is blocked.',
      'answer-field-misplaced: Prints "reason" under hookSpecificOutput (line 1): Claude Code reads it only at the top level of the answer on UserPromptSubmit, so it is ignored.',
    ]);
    // Python, and the event taken from the registration when the answer names none.
    expect(
      run("claude-code", "Stop", `print(json.dumps({"hookSpecificOutput": {"decision": "block"}}))`),
    ).toHaveLength(1);
    // Gemini CLI reads decision only at the top level too (DefaultHookOutput.isBlockingDecision).
    const gemini = `echo '{"hookSpecificOutput": {"hookEventName": "BeforeAgent", "decision": "deny"}}'`;
    expect(run("gemini", "BeforeAgent", gemini)).toEqual([
      expect.stringMatching(/Gemini CLI reads it only at the top level/),
    ]);
  });

  it("leaves PermissionRequest's decision, answers for another event and computed event names alone", () => {
    const silent: [string, string][] = [
      [
        "PermissionRequest",
        `echo '{"hookSpecificOutput": {"hookEventName": "PermissionRequest", "decision": {"behavior": "deny"}}}'`,
      ],
      // A script shared by two events prints PermissionRequest's answer: read for that event.
      [
        "UserPromptSubmit",
        `echo '{"hookSpecificOutput": {"hookEventName": "PermissionRequest", "decision": {"behavior": "allow"}}}'`,
      ],
      [
        "UserPromptSubmit",
        `jq -n --arg e "$event" '{hookSpecificOutput: {hookEventName: $e, decision: "block"}}'`,
      ],
      [
        "UserPromptSubmit",
        `echo '{"decision": "block", "reason": "no", "hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": "x"}}'`,
      ],
    ];
    for (const [event, source] of silent) expect(run("claude-code", event, source), source).toEqual([]);
  });

  it("says nothing for a dialect that does not pin its answer's keys", () => {
    const unpinned = HARNESSES.map((h) => h.id).filter((id) => dialectOf(id).answerKeys === undefined);
    expect(unpinned.length).toBeGreaterThan(0);
    for (const id of unpinned) expect(run(id, "Stop", `echo '{"output": "x"}'`)).toEqual([]);
  });
});

describe("Gemini fold", () => {
  it("warns that a top-level additionalContext is ignored", () => {
    const folded = dialectOf("gemini").fold({
      event: "SessionStart",
      exitCode: 0,
      stdout: JSON.stringify({ additionalContext: "x" }),
      stderr: "",
      timedOut: false,
      harness: "gemini",
    });
    expect(folded.additionalContext).toBeUndefined();
    expect(folded.warnings?.join("\n")).toMatch(/top level is ignored.*only under hookSpecificOutput/);
  });
});
