// The stream parser on streams recorded from Claude Code 2.1.328 (fixtures/streams), and the hook
// blocking rules, without spawning anything.
import { describe, expect, test } from "vitest";
import { readFileSync } from "node:fs";
import { ClaudeStreamParser } from "../../src/adapters/claude-code/stream/parse-stream.js";
import { hookAnswerBlocks } from "../../src/adapters/claude-code/stream/hook-fire.js";
import { createClaudeStreamReader } from "../../src/adapters/claude-code/stream/stream-reader.js";

const recorded = (name: string) =>
  readFileSync(new URL(`./fixtures/streams/${name}`, import.meta.url), "utf8");

describe("ClaudeStreamParser on recorded streams", () => {
  test("a background subagent: its calls carry parentId, two results, the output is the last result", () => {
    const parser = new ClaudeStreamParser();
    const text = recorded("background-subagent.jsonl");
    // Fed in awkward chunks: lines split across pushes must still parse.
    for (let i = 0; i < text.length; i += 97) parser.push(text.slice(i, i + 97));
    const parsed = parser.finish();
    expect(parsed.strayLines).toEqual([]);
    expect(parsed.results).toHaveLength(2);
    expect(parsed.output).toBe("final");
    const agent = parsed.toolCalls.find((c) => c.name === "Agent");
    const bash = parsed.toolCalls.find((c) => c.name === "Bash");
    expect(agent?.parentId).toBeUndefined();
    expect(bash?.parentId).toBe(agent?.id);
    expect(bash?.result).toMatchObject({ isError: false });
    expect(parsed.init?.tools).toContain("Bash");
  });

  test("hooks: exit-2 PreToolUse block (denied result), UserPromptSubmit context, a blocking Stop JSON and a plain Stop", () => {
    const reader = createClaudeStreamReader();
    reader.push(Buffer.from(recorded("hooks-block-and-stop.jsonl")));
    const s = reader.finish();
    expect(s.hooks.map((h) => [h.name, h.exitCode, h.blocked])).toEqual([
      ["UserPromptSubmit", 0, false],
      ["PreToolUse:Bash", 2, true],
      ["Stop", 0, true],
      ["Stop", 0, false],
    ]);
    expect(s.toolCalls[0]?.result).toMatchObject({ isError: true, denied: true });
    expect(s.toolCalls[0]?.result?.text).toContain("blocked-by-guard");
    expect(s.turns).toBe(3);
    expect(s.output).toBe("second");
  });

  test("non-JSON lines are kept as stray lines, not dropped silently; a hook that never answered is cancelled", () => {
    const parser = new ClaudeStreamParser();
    parser.push(
      'warning: something\n{"type":"system","subtype":"hook_started","hook_id":"h1","hook_name":"Stop","hook_event":"Stop"}\n',
    );
    const parsed = parser.finish();
    expect(parsed.strayLines).toEqual(["warning: something"]);
    expect(parsed.hooks).toEqual([
      expect.objectContaining({ name: "Stop", outcome: "cancelled", exitCode: null, blocked: false }),
    ]);
  });
});

describe("hookAnswerBlocks", () => {
  test.each([
    ["PreToolUse", 2, "", true],
    ["PostToolUse", 2, "", false],
    ["SessionStart", 2, "", false],
    ["Stop", 2, "", true],
    ["PreToolUse", 1, "", false],
    [
      "PreToolUse",
      0,
      '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}',
      true,
    ],
    [
      "PreToolUse",
      0,
      '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"block"}}',
      false,
    ],
    [
      "PreToolUse",
      0,
      '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}',
      false,
    ],
    ["PreToolUse", 0, '{"decision":"block","reason":"x"}', true],
    [
      "PermissionRequest",
      0,
      '{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny"}}}',
      true,
    ],
    // continue:false ends the session; it stops the action only on UserPromptSubmit (2.1.328,
    // test/harness/continue-false.test.ts): the agent still stops, the PreToolUse call still runs.
    ["Stop", 0, '{"continue":false}', false],
    ["PreToolUse", 0, '{"continue":false}', false],
    ["UserPromptSubmit", 0, '{"continue":false}', true],
    ["Stop", 0, "not json {", false],
  ] as const)("%s exit %s %s -> %s", (event, exit, stdout, blocked) => {
    expect(hookAnswerBlocks(event, exit, stdout)).toBe(blocked);
  });
});
