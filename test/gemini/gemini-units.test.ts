// The Gemini adapter's pure parts and its mock, without the CLI: the Gemini-API wire (tool names
// translated, several calls in one turn, Google error bodies with RetryInfo, token counts and side
// questions as bookkeeping, overrun as a 400), the translation of Claude Code-shaped hooks (and its
// named refusals), the recorder wrapping, the refusals of settings and env that would reroute a run,
// and Gemini's hook protocol as the fold reads it.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { startGeminiMock } from "../../src/adapters/gemini-cli/mock/server.js";
import { toClaudeCall, toGeminiCall } from "../../src/adapters/gemini-cli/mock/tool-names.js";
import { geminiErrorBody } from "../../src/adapters/gemini-cli/mock/gemini-wire.js";
import { translateClaudeHooks, translateToolMatcher } from "../../src/adapters/gemini-cli/translate-hooks.js";
import { prepareGeminiRun } from "../../src/adapters/gemini-cli/prepare.js";
import { buildGeminiLaunch } from "../../src/adapters/gemini-cli/launch.js";
import { readBundleVersion } from "../../src/adapters/gemini-cli/resolve.js";
import { foldHookDecision } from "../../src/tiers/run-hook/fold.js";
import { GEMINI_HOOK_EVENTS } from "../../src/adapters/gemini-cli/dialect/rules.js";
import { knownHookEvents } from "../../src/tiers/run-hook/harness-rules.js";
import { makeRunDirs } from "../../src/tiers/harness/session.js";
import { removeTempDir } from "../../src/runtime/temp-dir.js";
import type { RunningMock } from "../../src/adapters/port.js";
import { CLAUDE_TO_GEMINI_TOOL } from "../../src/adapters/gemini-cli/dialect/rules.js";
import { MAPPED_CLAUDE_TOOLS } from "../../src/adapters/gemini-cli/mock/tool-names.js";
import { detectHarness } from "../../src/tools/test-runner/detect-harness.js";
import * as geminiEntry from "../../src/entries/gemini.js";
import { runHook } from "../../src/tiers/run-hook/run-hook.js";

const mocks: RunningMock[] = [];
afterEach(async () => {
  await Promise.all(mocks.splice(0).map((m) => m.close()));
});

async function post(mock: RunningMock, path: string, body: unknown) {
  const res = await fetch(`${mock.url}${path}`, { method: "POST", body: JSON.stringify(body) });
  return { status: res.status, text: await res.text() };
}

const AGENT_BODY = {
  contents: [
    { role: "user", parts: [{ text: "do it" }] },
    { role: "model", parts: [{ functionCall: { name: "run_shell_command", args: { command: "ls" } } }] },
    {
      role: "user",
      parts: [
        {
          functionResponse: {
            name: "run_shell_command",
            response: { output: "a\n<hook_context>CTX</hook_context>" },
          },
        },
      ],
    },
  ],
  systemInstruction: { parts: [{ text: "You are a CLI agent." }] },
  tools: [{ functionDeclarations: [{ name: "run_shell_command" }, { name: "write_file" }] }],
};
const STREAM = "/v1beta/models/gemini-2.5-pro:streamGenerateContent?alt=sse";

describe("the Gemini mock wire", () => {
  test("a scripted turn with several calls is one SSE event of functionCall parts in Gemini's names", async () => {
    const mock = await startGeminiMock([
      {
        text: "two things",
        tools: [
          { tool: "Bash", input: { command: "echo hi" } },
          { tool: "Write", input: { file_path: "a.txt", content: "A" } },
          { tool: "Edit", input: { file_path: "a.txt", old_string: "A", new_string: "B" } },
        ],
      },
    ]);
    mocks.push(mock);
    const { status, text } = await post(mock, STREAM, AGENT_BODY);
    expect(status).toBe(200);
    const events = text.split("\n").filter((l) => l.startsWith("data: "));
    expect(events).toHaveLength(1);
    const chunk = JSON.parse(events[0]!.slice(6)) as {
      candidates: { content: { parts: Record<string, unknown>[] }; finishReason: string }[];
    };
    expect(chunk.candidates[0]?.finishReason).toBe("STOP");
    expect(chunk.candidates[0]?.content.parts).toEqual([
      { text: "two things" },
      {
        functionCall: {
          name: "run_shell_command",
          args: { command: "echo hi", description: "vigiles scripted command" },
        },
      },
      { functionCall: { name: "write_file", args: { file_path: "a.txt", content: "A" } } },
      {
        functionCall: {
          name: "replace",
          args: {
            file_path: "a.txt",
            old_string: "A",
            new_string: "B",
            instruction: "vigiles scripted edit",
          },
        },
      },
    ]);
    expect(mock.answeredTurns()).toBe(1);
  });

  test("every request is recorded flattened: system, tools, function calls and responses as text", async () => {
    const mock = await startGeminiMock([{ text: "ok" }]);
    mocks.push(mock);
    await post(mock, STREAM, AGENT_BODY);
    const [request] = mock.requests;
    expect(request).toMatchObject({
      sideChannel: false,
      model: "gemini-2.5-pro",
      system: "You are a CLI agent.",
    });
    expect(request?.tools).toEqual(["run_shell_command", "write_file"]);
    expect(request?.messages).toEqual([
      { role: "user", text: "do it" },
      { role: "assistant", text: '[function_call run_shell_command] {"command":"ls"}' },
      { role: "tool", text: "a\n<hook_context>CTX</hook_context>" },
    ]);
  });

  test("token counts and tool-less side questions are bookkeeping, outside the script", async () => {
    const mock = await startGeminiMock([{ text: "the only turn" }]);
    mocks.push(mock);
    const count = await post(mock, "/v1beta/models/gemini-2.5-pro:countTokens", { contents: [] });
    expect(JSON.parse(count.text)).toMatchObject({ totalTokens: expect.any(Number) });
    const side = await post(mock, "/v1beta/models/gemini-2.5-flash:generateContent", {
      contents: [{ role: "user", parts: [{ text: "who speaks next?" }] }],
      generationConfig: { responseMimeType: "application/json" },
    });
    expect(JSON.parse(side.text).candidates[0].content.parts[0].text).toBe("{}");
    expect(mock.requests.map((r) => r.sideChannel)).toEqual([true, true]);
    expect(mock.answeredTurns()).toBe(0);
    // The script is untouched: its one turn still answers the agent loop.
    expect((await post(mock, STREAM, AGENT_BODY)).text).toContain("the only turn");
  });

  test("error turns use Google's error body; a 429 carries RetryInfo and retry-after", async () => {
    const mock = await startGeminiMock([
      { error: { status: 429, message: "slow down", retryAfter: 3 } },
      { error: { status: 500 } },
      { text: "ok" },
    ]);
    mocks.push(mock);
    const res = await fetch(`${mock.url}${STREAM}`, { method: "POST", body: JSON.stringify(AGENT_BODY) });
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("3");
    expect(await res.json()).toEqual({
      error: {
        code: 429,
        message: "slow down",
        status: "RESOURCE_EXHAUSTED",
        details: [{ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: "3s" }],
      },
    });
    const second = await post(mock, STREAM, AGENT_BODY);
    expect(second.status).toBe(500);
    expect(JSON.parse(second.text).error.status).toBe("INTERNAL");
    expect((await post(mock, STREAM, AGENT_BODY)).status).toBe(200);
  });

  test("a delayed turn waits; past the end of the script is a 400 overrun, recorded once", async () => {
    const mock = await startGeminiMock([{ text: "late", delayMs: 150 }]);
    mocks.push(mock);
    const started = Date.now();
    expect((await post(mock, STREAM, AGENT_BODY)).text).toContain("late");
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
    const over = await post(mock, STREAM, AGENT_BODY);
    await post(mock, STREAM, AGENT_BODY);
    expect(over.status).toBe(400);
    expect(JSON.parse(over.text).error.status).toBe("INVALID_ARGUMENT");
    expect(mock.overruns).toHaveLength(1);
    expect(mock.overruns[0]).toMatch(/has 1 turn\(s\) and the CLI asked for turn 2/);
  });

  test("an unknown route is a 404 in Google's shape", async () => {
    const mock = await startGeminiMock([{ text: "x" }]);
    mocks.push(mock);
    const res = await post(mock, "/v1/messages", {});
    expect(res.status).toBe(404);
    expect(JSON.parse(res.text).error.code).toBe(404);
    expect(geminiErrorBody(503, "x")).toContain("UNAVAILABLE");
  });
});

describe("tool names between Claude Code and Gemini CLI", () => {
  test("map both ways; Gemini's own names and unknown names pass through", () => {
    expect(toGeminiCall("Read", { file_path: "a" })).toEqual({ name: "read_file", args: { file_path: "a" } });
    expect(toGeminiCall("Grep", { pattern: "x", path: "src" })).toEqual({
      name: "grep_search",
      args: { pattern: "x", dir_path: "src" },
    });
    expect(toGeminiCall("run_shell_command", { command: "ls" })).toEqual({
      name: "run_shell_command",
      args: { command: "ls" },
    });
    expect(toClaudeCall("run_shell_command", { command: "ls", description: "d" })).toEqual({
      name: "Bash",
      input: { command: "ls" },
    });
    expect(
      toClaudeCall("replace", { file_path: "a", old_string: "x", new_string: "y", instruction: "i" }),
    ).toEqual({
      name: "Edit",
      input: { file_path: "a", old_string: "x", new_string: "y" },
    });
    expect(toClaudeCall("mcp_thing", { a: 1 })).toEqual({ name: "mcp_thing", input: { a: 1 } });
  });
});

describe("Claude Code-shaped settings.hooks, translated for Gemini CLI", () => {
  test("events, matcher tool names and seconds → milliseconds carry over", () => {
    expect(
      translateClaudeHooks({
        PreToolUse: [{ matcher: "Bash|Write", hooks: [{ type: "command", command: "g.sh", timeout: 5 }] }],
        UserPromptSubmit: [{ hooks: [{ type: "command", command: "u.sh" }] }],
        Stop: [{ hooks: [{ type: "command", command: "s.sh" }] }],
      }),
    ).toEqual({
      BeforeTool: [
        {
          matcher: "run_shell_command|write_file",
          hooks: [{ type: "command", command: "g.sh", timeout: 5000 }],
        },
      ],
      BeforeAgent: [{ hooks: [{ type: "command", command: "u.sh" }] }],
      AfterAgent: [{ hooks: [{ type: "command", command: "s.sh" }] }],
    });
  });

  test("what does not carry over is refused with a named error", () => {
    const refused = (hooks: unknown) => {
      try {
        translateClaudeHooks(hooks);
      } catch (error) {
        return error as { code?: string; message: string };
      }
      throw new Error("not refused");
    };
    expect(refused({ SubagentStop: [{ hooks: [] }] })).toMatchObject({
      code: "VIGILES_GEMINI_HOOK_UNTRANSLATABLE",
      message: expect.stringMatching(/no event matching SubagentStop/),
    });
    expect(refused({ PreToolUse: [{ matcher: "NotebookEdit", hooks: [] }] }).message).toMatch(
      /no counterpart of the tool "NotebookEdit"/,
    );
    expect(refused({ PreToolUse: [{ matcher: "mcp__.*", hooks: [] }] }).message).toMatch(/is a pattern/);
    expect(refused({ PreToolUse: [{ hooks: [{ type: "prompt", prompt: "x" }] }] }).message).toMatch(
      /only command hooks/,
    );
  });
});

describe("preparing and launching a Gemini run", () => {
  test("hooks are wrapped in the recorder, keep their command as name, and identical hooks stay identical", async () => {
    const { root, dirs } = makeRunDirs();
    try {
      const hook = { type: "command", command: "sh $GEMINI_PROJECT_DIR/g.sh", timeout: 1000 };
      await prepareGeminiRun(
        {
          prompt: "x",
          files: {
            ".gemini/settings.json": JSON.stringify({
              hooks: { BeforeTool: [{ matcher: "run_shell_command", hooks: [hook, hook] }], enabled: true },
            }),
          },
        },
        dirs,
      );
      const written = JSON.parse(readFileSync(join(dirs.workDir, ".gemini", "settings.json"), "utf8")) as {
        hooks: {
          BeforeTool: { hooks: { command: string; name: string; timeout: number }[] }[];
          enabled: boolean;
        };
      };
      const [a, b] = written.hooks.BeforeTool[0]!.hooks;
      expect(a?.name).toBe(hook.command);
      expect(a?.timeout).toBe(1000);
      expect(a?.command).toMatch(/vigiles-hook-recorder\.sh' .* 'BeforeTool' '' '.*\.cmd'$/);
      expect(a?.command).toBe(b?.command);
      expect(written.hooks.enabled).toBe(true);
      const commandFile = /'([^']+\.cmd)'$/.exec(a?.command ?? "")?.[1] ?? "";
      expect(readFileSync(commandFile, "utf8")).toBe(hook.command);
      const user = JSON.parse(readFileSync(join(dirs.homeDir, ".gemini", "settings.json"), "utf8"));
      expect(user).toMatchObject({
        security: { auth: { selectedType: "gemini-api-key" } },
        privacy: { usageStatisticsEnabled: false },
      });
    } finally {
      removeTempDir(root);
    }
  });

  test("a fixture that picks another auth or turns telemetry on is refused", async () => {
    for (const settings of [
      { security: { auth: { selectedType: "oauth-personal" } } },
      { telemetry: { enabled: true } },
      { privacy: { usageStatisticsEnabled: true } },
    ]) {
      const { root, dirs } = makeRunDirs();
      try {
        await expect(
          prepareGeminiRun(
            { prompt: "x", files: { ".gemini/settings.json": JSON.stringify(settings) } },
            dirs,
          ),
        ).rejects.toMatchObject({ code: "VIGILES_UNSAFE_ENDPOINT" });
      } finally {
        removeTempDir(root);
      }
    }
  });

  test("the launch owns routing: a spec env may not set it, and every routing variable is pinned", () => {
    const { root, dirs } = makeRunDirs();
    try {
      const input = {
        harness: { adapterId: "gemini", path: "/x/gemini.js", version: "0.61.0", source: "option" as const },
        dirs,
        endpoint: { kind: "mock" as const, baseUrl: "http://127.0.0.1:9/", apiKey: "k" },
        asRoot: true,
      };
      const launch = buildGeminiLaunch({ ...input, spec: { prompt: "hi" } });
      expect(launch.argv).toEqual([
        "/x/gemini.js",
        "-p",
        "hi",
        "-m",
        "gemini-2.5-pro",
        "--yolo",
        "--output-format",
        "stream-json",
      ]);
      expect(launch.env).toMatchObject({
        GOOGLE_GEMINI_BASE_URL: "http://127.0.0.1:9",
        GEMINI_API_KEY: "k",
        GEMINI_CLI_NO_RELAUNCH: "true",
        GEMINI_CLI_TRUST_WORKSPACE: "true",
        GOOGLE_GENAI_USE_VERTEXAI: "",
        HTTPS_PROXY: "",
        HOME: dirs.homeDir,
      });
      expect(launch.env["GEMINI_CLI_SYSTEM_SETTINGS_PATH"]).toContain(dirs.tmpDir);
      for (const name of [
        "GOOGLE_GEMINI_BASE_URL",
        "GEMINI_API_KEY",
        "HTTPS_PROXY",
        "GOOGLE_CLOUD_PROJECT",
      ]) {
        expect(() => buildGeminiLaunch({ ...input, spec: { prompt: "hi", env: { [name]: "x" } } })).toThrow(
          /vigiles owns model routing/,
        );
      }
      // Several prompts: one `gemini -p` a prompt under sh, the later ones resuming the session.
      const several = buildGeminiLaunch({ ...input, spec: { prompt: ["a", "it's b"] } });
      expect(several.argv.slice(0, 2)).toEqual(["/bin/sh", "-c"]);
      expect(several.argv.slice(3)).toEqual(["vigiles-gemini-prompts", "/x/gemini.js", "a", "it's b"]);
      expect(several.argv[2]).toContain(`"$bin" $resume -p "$p" '-m' 'gemini-2.5-pro' '--yolo'`);
      expect(several.argv[2]).toContain("resume='--resume latest'");
      expect(() =>
        buildGeminiLaunch({
          ...input,
          endpoint: { ...input.endpoint, baseUrl: "https://generativelanguage.googleapis.com" },
          spec: { prompt: "hi" },
        }),
      ).toThrow(/not on 127\.0\.0\.1/);
    } finally {
      removeTempDir(root);
    }
  });

  test("the pinned bundle's version is read from its package.json, not by starting the CLI", () => {
    const dir = mkdtempSync(join(tmpdir(), "vigiles-gemini-pkg-"));
    try {
      mkdirSync(join(dir, "bundle"));
      writeFileSync(join(dir, "bundle", "gemini.js"), "");
      writeFileSync(
        join(dir, "package.json"),
        JSON.stringify({ name: "@google/gemini-cli", version: "9.9.9" }),
      );
      expect(readBundleVersion(join(dir, "bundle", "gemini.js"))).toBe("9.9.9");
      writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "other", version: "1.0.0" }));
      expect(readBundleVersion(join(dir, "bundle", "gemini.js"))).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("Gemini CLI's hook protocol, as the fold reads it", () => {
  const fold = (
    exitCode: number | null,
    stdout: string,
    stderr = "",
    event = "BeforeTool",
    timedOut = false,
  ) => foldHookDecision({ event, exitCode, stdout, stderr, timedOut, harness: "gemini" });

  test("the event table is Gemini's eleven events", () => {
    expect([...knownHookEvents("gemini")].sort()).toEqual([...GEMINI_HOOK_EVENTS].sort());
    expect(GEMINI_HOOK_EVENTS).toHaveLength(11);
    expect(fold(0, "", "", "PreToolUse").warnings?.[0]).toMatch(/no hook event named "PreToolUse"/);
  });

  test("decisions: deny and block stop, ask and allow do not, anything else is invalid", () => {
    expect(fold(0, '{"decision":"deny","reason":"r"}')).toMatchObject({
      decision: "deny",
      blocked: true,
      reason: "r",
    });
    expect(fold(0, '{"decision":"block"}')).toMatchObject({ decision: "deny", blocked: true });
    expect(fold(0, '{"decision":"ask"}')).toMatchObject({ decision: "ask", blocked: false });
    expect(fold(0, '{"decision":"approve"}').decision).toBe("invalid");
    expect(fold(0, '{"continue":false,"stopReason":"halt"}')).toMatchObject({
      halted: true,
      blocked: true,
      reason: "halt",
    });
    expect(fold(0, '{"continue":"false"}').decision).toBe("invalid");
    expect(fold(0, '{"hookSpecificOutput":{"permissionDecision":"deny"}}').invalidReason).toMatch(
      /Claude Code's field/,
    );
  });

  test("exit codes: JSON counts on any exit; text on exit 2+ denies; exit 1 warns; no output decides nothing", () => {
    expect(fold(1, '{"decision":"deny"}').blocked).toBe(true);
    expect(fold(2, '{"decision":"allow"}')).toMatchObject({ decision: "allow", blocked: false });
    expect(fold(2, "", "no")).toMatchObject({ decision: "deny", blocked: true, reason: "no" });
    expect(fold(127, "", "sh: x: not found")).toMatchObject({ decision: "deny", blocked: true });
    expect(fold(1, "", "oops")).toMatchObject({
      decision: "none",
      blocked: false,
      systemMessage: "Warning: oops",
    });
    expect(fold(2, "").decision).toBe("invalid");
    expect(fold(0, "hello")).toMatchObject({ decision: "none", systemMessage: "hello" });
    expect(fold(null, "", "", "BeforeTool", true)).toMatchObject({ decision: "none", decidedBy: "timeout" });
  });

  test("context and tool input: where each event reads them", () => {
    const ctx = (event: string) =>
      fold(0, JSON.stringify({ hookSpecificOutput: { additionalContext: "C" } }), "", event);
    expect(ctx("AfterTool").additionalContext).toBe("C");
    expect(ctx("BeforeAgent").additionalContext).toBe("C");
    expect(ctx("BeforeTool").additionalContext).toBeUndefined();
    expect(ctx("BeforeTool").warnings?.[0]).toMatch(/does not take additionalContext/);
    expect(fold(0, '{"hookSpecificOutput":{"tool_input":{"command":"ls"}}}').updatedInput).toEqual({
      command: "ls",
    });
    expect(fold(0, '{"decision":"deny"}', "", "Notification")).toMatchObject({ blocked: false });
  });
});

describe("the Gemini pieces agree with each other", () => {
  test("one Claude → Gemini tool table: the dialect's, read by the audit, the hook translation and the mock (R4)", () => {
    for (const claude of new Set([...MAPPED_CLAUDE_TOOLS, ...Object.keys(CLAUDE_TO_GEMINI_TOOL)])) {
      expect(CLAUDE_TO_GEMINI_TOOL[claude], claude).toBeDefined();
      expect(toGeminiCall(claude, {}).name, claude).toBe(CLAUDE_TO_GEMINI_TOOL[claude]);
      expect(translateToolMatcher(claude), claude).toBe(CLAUDE_TO_GEMINI_TOOL[claude]);
    }
    // Before the dialect, the hook translation refused Task while the audit suggested invoke_agent.
    expect(translateToolMatcher("Task|Agent")).toBe("invoke_agent|invoke_agent");
  });

  test("vigiles test picks Gemini only for a repository with Gemini markers and no Claude Code ones", () => {
    const root = mkdtempSync(join(tmpdir(), "vigiles-gemini-detect-"));
    try {
      mkdirSync(join(root, ".gemini"));
      expect(detectHarness(root)).toEqual({ harness: "gemini", evidence: [".gemini"] });
      writeFileSync(join(root, "CLAUDE.md"), "");
      expect(detectHarness(root).harness).toBe("claude-code");
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  test("vigiles/gemini exports the adapter, its resolver and its errors", () => {
    expect(geminiEntry.geminiAdapter.id).toBe("gemini");
    // The validated release, and the range the adapter supports (the peer dependency's).
    expect(geminiEntry.geminiAdapter.pinnedPackage).toEqual({
      name: "@google/gemini-cli",
      version: "0.61.0",
      supported: ">=0.57.0 <1.0.0",
    });
    expect(typeof geminiEntry.resolveGemini).toBe("function");
    expect(typeof geminiEntry.geminiAvailable).toBe("function");
    expect(new geminiEntry.GeminiNotFoundError(["x"]).message).toContain(
      "npm install -D -E @google/gemini-cli@0.61.0",
    );
  });
});

describe("runHook with harness gemini runs a hook as Gemini CLI does", () => {
  test("under bash -c, with GEMINI_PROJECT_DIR set; a registration's timeout is milliseconds", () => {
    const dir = mkdtempSync(join(tmpdir(), "vigiles-gemini-runhook-"));
    try {
      const bashOnly = `[[ -n "$GEMINI_PROJECT_DIR" ]] && echo '{"decision":"deny","reason":"bash ran it"}'`;
      const event = {
        hook_event_name: "BeforeTool",
        tool_name: "run_shell_command",
        tool_input: { command: "ls" },
      };
      expect(runHook(bashOnly, event, { harness: "gemini", cwd: dir })).toMatchObject({
        decision: "deny",
        reason: "bash ran it",
        command: ["bash", "-c", bashOnly],
      });
      const registration = {
        hooks: {
          BeforeTool: [
            { matcher: "run_shell_command", hooks: [{ type: "command", command: "sleep 5", timeout: 300 }] },
          ],
        },
      };
      const slow = runHook({ registration }, event, { harness: "gemini", cwd: dir });
      expect(slow).toMatchObject({ timedOut: true, decision: "none", decidedBy: "timeout" });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
