// Pins how each harness's hook file shape is read into one registration type: the command field
// (Copilot's `bash`), the timeout in seconds with its raw value and unit (Gemini's ms), the handler's
// JSON path and line, and the matcher's place (the group, or Copilot's flat entry itself).
import { describe, expect, test } from "vitest";
import { dialectOf } from "../../adapters/registry.js";
import { readRegistrations } from "../../core/hook-config/read-registrations.js";
import { formatJsonPath, UnreadableHooksFileError, valueAt } from "../../core/hook-config/registration.js";

const CLAUDE = `{
  "hooks": {
    "PreToolUse": [
      { "matcher": "Bash", "hooks": [
        { "type": "prompt", "prompt": "x" },
        { "type": "command", "command": "./guard.sh", "timeout": 5 }
      ] }
    ]
  }
}`;

const COPILOT = `{
  "version": 1,
  // Copilot reads hooks files with comments as its config.json
  "hooks": {
    "preToolUse": [
      { "type": "command", "bash": "./guard.sh", "timeoutSec": 10, "matcher": "bash" },
      { "bash": "./no-type.sh" },
      { "matcher": "Bash", "hooks": [{ "type": "command", "command": "./nested.sh", "timeout": 3 }] }
    ],
    "agentStop": [{ "type": "prompt", "prompt": "x" }]
  }
}`;

const GEMINI = `{
  "hooks": {
    "enabled": true,
    "BeforeTool": [{ "matcher": "run_shell_command", "hooks": [{ "type": "command", "command": "./guard.sh", "timeout": 10000 }] }]
  }
}`;

describe("readRegistrations", () => {
  test("Claude Code: nested groups, the command handler only, at its own index and line", () => {
    const [r, ...rest] = readRegistrations({
      dialect: dialectOf("claude-code"),
      file: "s.json",
      source: "project settings",
      text: CLAUDE,
    });
    expect(rest).toEqual([]);
    expect(r).toMatchObject({
      event: "PreToolUse",
      matcher: "Bash",
      command: "./guard.sh",
      commandField: "command",
      timeout: { seconds: 5, raw: 5, unit: "s", field: "timeout" },
      path: ["hooks", "PreToolUse", 0, "hooks", 1],
      matcherPath: ["hooks", "PreToolUse", 0],
      at: "PreToolUse[0].hooks[1]",
      line: 6,
    });
    expect(valueAt(JSON.parse(CLAUDE), r!.path)).toMatchObject({ command: "./guard.sh" });
  });

  test("Copilot: flat entries (bash, timeoutSec, own matcher, optional type) and nested groups", () => {
    const rs = readRegistrations({
      dialect: dialectOf("copilot"),
      file: "g.json",
      source: "repository hooks",
      text: COPILOT,
    });
    expect(
      rs.map((r) => [r.at, r.command, r.commandField, r.matcher, r.timeout?.field, r.timeout?.seconds]),
    ).toEqual([
      ["preToolUse[0]", "./guard.sh", "bash", "bash", "timeoutSec", 10],
      ["preToolUse[1]", "./no-type.sh", "bash", undefined, undefined, undefined],
      ["preToolUse[2].hooks[0]", "./nested.sh", "command", "Bash", "timeout", 3],
    ]);
    expect(rs[0]).toMatchObject({
      path: ["hooks", "preToolUse", 0],
      matcherPath: ["hooks", "preToolUse", 0],
      line: 6,
    });
    expect(rs[0]?.handler).toMatchObject({ type: "command", command: "./guard.sh", timeout: 10 });
    expect(formatJsonPath(rs[2]!.path)).toBe("hooks.preToolUse[2].hooks[0]");
  });

  test("Gemini: the timeout is milliseconds, normalised to seconds; config keys are not events", () => {
    const [r, ...rest] = readRegistrations({
      dialect: dialectOf("gemini"),
      file: ".gemini/settings.json",
      source: "project settings",
      text: GEMINI,
    });
    expect(rest).toEqual([]);
    expect(r).toMatchObject({
      event: "BeforeTool",
      matcher: "run_shell_command",
      timeout: { seconds: 10, raw: 10000, unit: "ms" },
    });
    expect(r?.handler.timeout).toBe(10);
  });

  test("a flat entry is not a handler outside Copilot; text that is not JSON is a named error", () => {
    const flat = `{"hooks":{"PreToolUse":[{"type":"command","command":"./x.sh"}]}}`;
    const problems: string[] = [];
    const onProblem = (m: string) => problems.push(m);
    const text = flat;
    expect(
      readRegistrations({
        dialect: dialectOf("claude-code"),
        file: "f",
        source: "project settings",
        text,
        onProblem,
      }),
    ).toEqual([]);
    expect(problems).toEqual(['PreToolUse[0] has no "hooks" list: the harness runs nothing from it']);
    expect(() =>
      readRegistrations({
        dialect: dialectOf("gemini"),
        file: "bad.json",
        source: "project settings",
        text: "{",
      }),
    ).toThrow(UnreadableHooksFileError);
  });
});
