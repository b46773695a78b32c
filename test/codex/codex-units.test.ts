// Pins the Codex adapter's pure parts: the trust hash (against values computed independently with
// Python's json.dumps(sort_keys=True) + sha256), the translation of scripted calls into Codex's own
// tools, the stream reading, and the refusals for what Codex cannot do faithfully.
import { describe, expect, test } from "vitest";
import {
  codexEventLabel,
  codexHookStateKey,
  codexHookTrustHash,
} from "../../src/adapters/codex/hook-trust.js";
import { outputItemFor, patchFor } from "../../src/adapters/codex/mock/responses-wire.js";
import { unwrapShellCommand, withBlockedCalls } from "../../src/adapters/codex/stream/stream-reader.js";
import { refusedCallsIn } from "../../src/adapters/codex/stream/rollout.js";
import { buildCodexLaunch } from "../../src/adapters/codex/launch.js";
import { CodexUnsupportedError } from "../../src/adapters/codex/errors.js";
import type { LaunchInput } from "../../src/adapters/port.js";

describe("hook trust", () => {
  test("the hash matches sha256 over the sorted compact JSON Codex hashes", () => {
    expect(codexHookTrustHash({ event: "PreToolUse", matcher: "Bash", command: "/tmp/cx/hook.sh" })).toBe(
      "sha256:0a12bcf163ac8b0615908cf34efdddeb696fa772b50d6b31628a24a649622b54",
    );
    expect(codexHookTrustHash({ event: "SessionStart", command: 'echo "hi"', timeoutSeconds: 30 })).toBe(
      "sha256:c1709042eb816934b1a98005e7174d049f416339beadfc1d883d162ccb08c5ca",
    );
  });

  test("event labels and state keys use Codex's snake case", () => {
    expect(codexEventLabel("PreToolUse")).toBe("pre_tool_use");
    expect(codexEventLabel("UserPromptSubmit")).toBe("user_prompt_submit");
    expect(codexHookStateKey("/h/hooks.json", "PostToolUse", 1, 2)).toBe("/h/hooks.json:post_tool_use:1:2");
  });
});

describe("scripted calls in Codex's tools", () => {
  test("Bash becomes exec_command with cmd", () => {
    const item = outputItemFor({ tool: "Bash", input: { command: "ls -la" }, id: "c1" });
    expect(item).toMatchObject({ type: "function_call", name: "exec_command", call_id: "c1" });
    expect(JSON.parse(String(item["arguments"]))).toEqual({ cmd: "ls -la" });
  });

  test("Write and Edit become apply_patch patches", () => {
    expect(patchFor({ tool: "Write", input: { file_path: "a.txt", content: "x\ny\n" } })).toBe(
      "*** Begin Patch\n*** Add File: a.txt\n+x\n+y\n*** End Patch",
    );
    expect(patchFor({ tool: "Edit", input: { file_path: "a.txt", old_string: "x", new_string: "z" } })).toBe(
      "*** Begin Patch\n*** Update File: a.txt\n@@\n-x\n+z\n*** End Patch",
    );
    expect(outputItemFor({ tool: "Write", input: { file_path: "a", content: "" } })).toMatchObject({
      type: "custom_tool_call",
      name: "apply_patch",
    });
  });
});

describe("reading the stream", () => {
  test("bash -lc wrapping is undone, quotes included", () => {
    expect(unwrapShellCommand("/bin/bash -lc 'echo hi > RAN'")).toBe("echo hi > RAN");
    expect(unwrapShellCommand(`/bin/bash -lc 'echo '\\''q'\\'''`)).toBe("echo 'q'");
    expect(unwrapShellCommand("plain")).toBe("plain");
  });

  test("a blocked call takes its place by time among the calls that ran", () => {
    const ran = (id: string, at: number) => ({ call: { id, name: "Bash", input: { command: id } }, at });
    const calls = withBlockedCalls([ran("first", 10), ran("third", 30)], {
      fires: [],
      preToolUse: [
        { toolName: "Bash" },
        {
          toolName: "Bash",
          blocked: {
            toolUseId: "second",
            toolName: "Bash",
            toolInput: { command: "rm -rf /" },
            reason: "no",
            at: 20,
          },
        },
        { toolName: "Bash" },
      ],
    });
    expect(calls.map((c) => c.id)).toEqual(["first", "second", "third"]);
    expect(calls[1]?.result).toEqual({ text: "no", isError: true, denied: true, deniedBy: "hook" });
  });

  test("a call Codex refused by its own rule is read from its rollout, denied by the harness", () => {
    // Lines as the pinned 0.169.0 writes them (trimmed): a call that ran, one refused, one a hook blocked.
    const entry = (timestamp: string, payload: object) =>
      JSON.stringify({ timestamp, type: "response_item", payload });
    const rollout = [
      JSON.stringify({ timestamp: "2026-01-01T00:00:00.000Z", type: "session_meta", payload: {} }),
      entry("2026-01-01T00:00:01.000Z", {
        type: "function_call",
        name: "exec_command",
        arguments: '{"cmd":"echo ok"}',
        call_id: "c1",
      }),
      entry("2026-01-01T00:00:01.100Z", {
        type: "function_call_output",
        call_id: "c1",
        output: "Output:\nok\n",
      }),
      entry("2026-01-01T00:00:02.000Z", {
        type: "function_call",
        name: "exec_command",
        arguments: '{"cmd":"rm -rf keep"}',
        call_id: "c2",
      }),
      entry("2026-01-01T00:00:02.100Z", {
        type: "function_call_output",
        call_id: "c2",
        output:
          'exec_command failed: CreateProcess { message: "Rejected(\\"`/bin/bash -lc \'rm -rf keep\'` rejected: rm -f style commands are not permitted. Use a safer approach\\")" }',
      }),
      entry("2026-01-01T00:00:03.000Z", {
        type: "function_call",
        name: "exec_command",
        arguments: '{"cmd":"rm -rf keep2"}',
        call_id: "c3",
      }),
      entry("2026-01-01T00:00:03.100Z", {
        type: "function_call_output",
        call_id: "c3",
        output: "Command blocked by PreToolUse hook: no. Command: rm -rf keep2",
      }),
      '{"timestamp":"2026-01-01T00:00:04.000Z","type":"resp', // cut short by a killed run
    ].join("\n");
    const refused = refusedCallsIn(rollout);
    expect(refused.map((r) => [r.call.id, r.call.name, r.call.input, r.at])).toEqual([
      ["c2", "Bash", { command: "rm -rf keep" }, Date.parse("2026-01-01T00:00:02.100Z")],
    ]);
    expect(refused[0]?.call.result).toMatchObject({ isError: true, denied: true, deniedBy: "harness" });
    expect(refused[0]?.call.result?.text).toContain("rejected: rm -f style commands are not permitted");
    // Placed by time among the calls that ran; a call a hook blocked is never counted twice.
    const ran = (id: string, at: number) => ({ call: { id, name: "Bash", input: {} }, at });
    const log = {
      fires: [],
      preToolUse: [
        {
          toolName: "Bash",
          blocked: {
            toolUseId: "c2",
            toolName: "Bash",
            toolInput: {},
            reason: "no",
            at: refused[0]?.at ?? 0,
          },
        },
      ],
    };
    const at = refused[0]?.at ?? 0;
    expect(
      withBlockedCalls([ran("a", at - 5), ran("b", at + 5)], { fires: [], preToolUse: [] }, refused).map(
        (c) => c.id,
      ),
    ).toEqual(["a", "c2", "b"]);
    expect(withBlockedCalls([], log, refused).map((c) => c.result?.deniedBy)).toEqual(["hook"]);
  });
});

describe("refusals", () => {
  const input = (over: Partial<LaunchInput["spec"]> = {}, effort?: string): LaunchInput => ({
    harness: { adapterId: "codex", path: "/bin/codex", version: "0.169.0", source: "option" },
    spec: { prompt: "go", ...over },
    dirs: { workDir: "/w", homeDir: "/h", tmpDir: "/t" },
    endpoint: { kind: "mock", baseUrl: "http://127.0.0.1:9", apiKey: "k", ...(effort ? { effort } : {}) },
    asRoot: true,
  });

  test("effort has no measured mapping, so pinning it fails loudly", () => {
    expect(() => buildCodexLaunch(input({}, "low"))).toThrow(CodexUnsupportedError);
    expect(() => buildCodexLaunch(input({}, "low"))).toThrow(/no mapping/);
  });

  test("several user turns and a routing env are refused", () => {
    expect(() => buildCodexLaunch(input({ prompt: ["a", "b"] }))).toThrow(/one prompt/);
    expect(() => buildCodexLaunch(input({ env: { OPENAI_BASE_URL: "https://x" } }))).toThrow(
      /OPENAI_BASE_URL/,
    );
  });

  test("the launch points a custom provider at the mock and builds the env from scratch", () => {
    const launch = buildCodexLaunch(input());
    expect(launch.argv).toContain('model_providers.vigiles.base_url="http://127.0.0.1:9/v1"');
    expect(launch.env["CODEX_HOME"]).toBe("/h/.codex");
    expect(Object.keys(launch.env).some((k) => k.startsWith("OPENAI_"))).toBe(false);
  });
});
