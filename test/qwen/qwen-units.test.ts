// Free tests of the Qwen Code adapter's pure parts: the matcher rule as 0.24.4's hook-matcher.ts
// applies it (exact names and Claude Code aliases, `|` lists, then an unanchored regex), the launch's
// pinned routing variables and refusals, prepare's refusal of fixture settings that would route
// traffic off the machine, the mock's tool names and absolute paths, the stream reader's Claude
// names and hook denials, and diagnose's refusal of a session-less exit.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { testDialectMatcher } from "../../src/core/hook-config/dialect-matcher.js";
import { qwenDialect } from "../../src/adapters/qwen-code/dialect.js";
import { buildQwenLaunch, QWEN_PINNED_EMPTY } from "../../src/adapters/qwen-code/launch.js";
import { prepareQwenRun } from "../../src/adapters/qwen-code/prepare.js";
import { toQwenCall, qwenWorkingDir } from "../../src/adapters/qwen-code/mock/server.js";
import { createQwenStreamReader } from "../../src/adapters/qwen-code/stream/stream-reader.js";
import { diagnoseQwenRun } from "../../src/adapters/qwen-code/diagnose.js";
import type { RunDirs } from "../../src/adapters/port.js";
import { findHarness, detectHarness } from "../../src/adapters/registry.js";
import * as qwenEntry from "../../src/entries/qwen.js";

const dirsMade: string[] = [];
afterEach(() => {
  for (const d of dirsMade.splice(0)) rmSync(d, { recursive: true, force: true });
});
function runDirs(): RunDirs {
  const root = mkdtempSync(join(tmpdir(), "vigiles-qwen-unit-"));
  dirsMade.push(root);
  return { workDir: join(root, "work"), homeDir: join(root, "home"), tmpDir: join(root, "tmp") };
}

describe("Qwen Code's matcher rule", () => {
  const fires = (matcher: string, tool = "run_shell_command") =>
    testDialectMatcher(qwenDialect, "PreToolUse", matcher, tool).matches;
  test.each([
    ["run_shell_command", true],
    ["Bash", true],
    ["Shell", true],
    ["bash", false],
    ["Write|Bash", true],
    [" Write | Bash ", true],
    ["run_", true],
    ["^run_shell_command$", true],
    ["^Bash$", false],
    ["read_.*", false],
    ["*", true],
    [".*", true],
    ["", true],
    ["Write|*", true],
    ["(", false],
    ["|", false],
    ["Edit", false],
  ])("%j on run_shell_command fires: %s", (matcher, expected) => {
    expect(fires(matcher)).toBe(expected);
  });
  test("aliases hold for tool events only: a SessionStart matcher is compared with the source", () => {
    expect(testDialectMatcher(qwenDialect, "SessionStart", "startup|resume", "startup").matches).toBe(true);
    expect(testDialectMatcher(qwenDialect, "SessionStart", "Bash", "startup").matches).toBe(false);
    expect(fires("Edit", "edit") && fires("replace", "edit") && fires("Write", "write_file")).toBe(true);
  });
});

describe("what a Qwen Code hook's answer means", () => {
  test("a timeout of 1000 or more is said to be milliseconds (pinned by the real run in qwen-harness)", () => {
    const at = (raw: number) => ({ seconds: raw, raw, unit: "s" as const, field: "timeout" });
    expect(qwenDialect.verdictMeaning("PreToolUse", at(1500))).toContain("read as milliseconds (1.5 s)");
    expect(qwenDialect.verdictMeaning("PreToolUse", at(30))).not.toContain("milliseconds");
    expect(qwenDialect.verdictMeaning("BeforeTool", undefined)).toContain("no hook event");
  });
  test("folds Qwen's departures: silent exit 2, JSON on exit 1, decision deny, headless ask", () => {
    const fold = (exitCode: number, stdout: string, stderr = "") =>
      qwenDialect.fold({ event: "PreToolUse", exitCode, stdout, stderr, timedOut: false }).blocked;
    expect(fold(2, "", "")).toBe(false);
    expect(fold(2, "", "no")).toBe(true);
    expect(fold(1, '{"decision":"deny","reason":"r"}')).toBe(true);
    expect(fold(0, '{"decision":"deny","reason":"r"}')).toBe(true);
    expect(fold(0, '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask"}}')).toBe(
      true,
    );
  });
});

describe("the Qwen Code launch", () => {
  const input = (over: Record<string, unknown> = {}) => ({
    harness: { adapterId: "qwen-code", path: "/x/cli.js", version: "0.24.4", source: "option" as const },
    spec: { prompt: "go", ...over },
    dirs: runDirs(),
    endpoint: { kind: "mock" as const, baseUrl: "http://127.0.0.1:4000", apiKey: "sk-mock" },
    asRoot: false,
  });
  test("points the CLI at the mock with openai auth and pins every routing variable empty", () => {
    const launch = buildQwenLaunch(input());
    expect(launch.argv).toEqual(
      expect.arrayContaining([
        "--auth-type",
        "openai",
        "--openai-base-url",
        "http://127.0.0.1:4000/v1",
        "--yolo",
      ]),
    );
    for (const name of QWEN_PINNED_EMPTY) expect(launch.env[name]).toBe("");
    expect(launch.env["HOME"]).not.toBe(process.env["HOME"]);
    expect(launch.env["QWEN_CODE_SYSTEM_SETTINGS_PATH"]).toContain("vigiles-no-system-settings");
  });
  test("refuses a routing variable in the spec's env, a remote mock, and several prompts", () => {
    expect(() => buildQwenLaunch(input({ env: { OPENAI_BASE_URL: "https://x" } }))).toThrow(
      /OPENAI_BASE_URL/,
    );
    expect(() => buildQwenLaunch(input({ env: { DASHSCOPE_API_KEY: "k" } }))).toThrow(/DASHSCOPE_API_KEY/);
    expect(() => buildQwenLaunch(input({ prompt: ["a", "b"] }))).toThrow(/several prompts/);
    const remote = {
      ...input(),
      endpoint: { kind: "mock" as const, baseUrl: "https://example.com", apiKey: "k" },
    };
    expect(() => buildQwenLaunch(remote)).toThrow(/not on 127.0.0.1/);
  });
});

describe("preparing a Qwen Code run", () => {
  test("pins vigiles' settings in the private HOME and records the spec's Claude-shaped hooks", async () => {
    const dirs = runDirs();
    await prepareQwenRun(
      {
        prompt: "go",
        settings: {
          hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "exit 0" }] }] },
        },
        skills: { s: "---\nname: s\n---\n" },
        instructions: "be kind",
      },
      dirs,
    );
    const user = JSON.parse(readFileSync(join(dirs.homeDir, ".qwen", "settings.json"), "utf8")) as {
      memory: unknown;
      privacy: unknown;
      hooks: { PreToolUse: { hooks: { command: string; name: string }[] }[] };
    };
    expect(user.memory).toMatchObject({ enableManagedAutoMemory: false });
    expect(user.privacy).toEqual({ usageStatisticsEnabled: false });
    const handler = user.hooks.PreToolUse[0]?.hooks[0];
    expect(handler?.command).toContain("vigiles-hook-recorder.sh");
    expect(handler?.name).toBe("exit 0");
    expect(readFileSync(join(dirs.workDir, "QWEN.md"), "utf8")).toBe("be kind");
  });
  test.each([
    [{ modelProviders: {} }, "modelProviders"],
    [{ env: { OPENAI_BASE_URL: "https://x" } }, "env"],
    [{ security: { auth: { selectedType: "qwen-oauth" } } }, "security"],
    [{ hooks: { PreToolUse: [{ hooks: [{ type: "http", url: "https://x" }] }] } }, "http hook"],
  ])("refuses project settings %j (%s)", async (settings, what) => {
    await expect(
      prepareQwenRun({ prompt: "go", files: { ".qwen/settings.json": JSON.stringify(settings) } }, runDirs()),
    ).rejects.toThrow(what === "http hook" ? /http hook/ : new RegExp(`\`${what}\``));
  });
  test("refuses a project .env that routes requests", async () => {
    await expect(
      prepareQwenRun({ prompt: "go", files: { ".env": "OPENAI_BASE_URL=https://x\n" } }, runDirs()),
    ).rejects.toThrow(/OPENAI_BASE_URL/);
  });
});

describe("the Qwen Code mock's calls", () => {
  test("Claude names go out in Qwen's, relative file paths joined to the stated working directory", () => {
    const request = {
      sideChannel: false,
      system: "",
      tools: [],
      body: {},
      messages: [{ role: "user", text: "I'm currently working in the directory: /w/proj\nhi" }],
    };
    const cwd = qwenWorkingDir(request);
    expect(cwd).toBe("/w/proj");
    expect(toQwenCall("Write", { file_path: "a.txt", content: "A" }, cwd)).toEqual({
      name: "write_file",
      input: { file_path: "/w/proj/a.txt", content: "A" },
    });
    expect(toQwenCall("Bash", { command: "ls" }, cwd)).toEqual({
      name: "run_shell_command",
      input: { command: "ls" },
    });
    expect(toQwenCall("Read", { file_path: "/abs" }, cwd).input).toEqual({ file_path: "/abs" });
  });
});

const line = (e: unknown) => `${JSON.stringify(e)}\n`;
const STREAM = [
  { type: "system", subtype: "init", tools: ["run_shell_command"], skills: ["s"] },
  {
    type: "assistant",
    parent_tool_use_id: null,
    message: {
      content: [{ type: "tool_use", id: "c1", name: "run_shell_command", input: { command: "rm -rf x" } }],
    },
  },
  {
    type: "user",
    message: { content: [{ type: "tool_result", tool_use_id: "c1", is_error: true, content: "no" }] },
  },
  { type: "assistant", parent_tool_use_id: null, message: { content: [{ type: "text", text: "done" }] } },
  {
    type: "result",
    subtype: "success",
    result: "done",
    usage: { input_tokens: 10, output_tokens: 2 },
    permission_denials: [{ tool_use_id: "c1" }],
  },
].map(line);

describe("reading Qwen Code's stream", () => {
  test("calls in Claude Code's names, a denied call marked as the hook's, the answer and usage", () => {
    const reader = createQwenStreamReader();
    for (const l of STREAM) reader.push(Buffer.from(l));
    const s = reader.finish();
    expect(s.toolCalls).toEqual([
      {
        id: "c1",
        name: "Bash",
        input: { command: "rm -rf x" },
        result: { text: "no", isError: true, denied: true, deniedBy: "hook" },
      },
    ]);
    expect(s.output).toBe("done");
    expect(s.turns).toBe(2);
    expect([s.inputTokens, s.outputTokens]).toEqual([10, 2]);
    expect(s.announcedSkills).toEqual(["s"]);
  });
  test("diagnose refuses a session-less exit, even exit 0, and names an unknown tool", () => {
    const proc = {
      exitCode: 0,
      signal: null,
      stdout: "",
      stderr: "No auth type is selected",
      timedOut: false,
    };
    const empty = createQwenStreamReader().finish();
    expect(diagnoseQwenRun(empty, proc)).toMatchObject({
      kind: "crashed",
      message: expect.stringContaining("without starting"),
    });
    const reader = createQwenStreamReader();
    for (const l of STREAM) reader.push(Buffer.from(l));
    expect(diagnoseQwenRun(reader.finish(), proc)).toBeUndefined();
  });
});

describe("Qwen Code in the registry", () => {
  test("ids, markers and the public entry", () => {
    expect(findHarness("qwen")?.id).toBe("qwen-code");
    const root = mkdtempSync(join(tmpdir(), "vigiles-qwen-detect-"));
    dirsMade.push(root);
    mkdirSync(join(root, ".qwen"));
    expect(detectHarness(root)).toMatchObject({ harness: { id: "qwen-code" }, evidence: [".qwen"] });
    expect(qwenEntry.qwenAdapter.id).toBe("qwen-code");
    expect(qwenEntry.QWEN_VERSION).toBe("0.24.4");
  });
});
