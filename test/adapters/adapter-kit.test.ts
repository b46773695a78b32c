// The shared adapter kit (src/adapters/shared): the JSONL line accumulator every stream reader uses,
// the endpoint check every launch makes, and the one not-found error behind the four harness names.
import { describe, expect, test } from "vitest";
import { JsonlLineReader } from "../../src/adapters/shared/jsonl-line-reader.js";
import { assertEndpointAllowed } from "../../src/adapters/shared/endpoint.js";
import { CliNotFoundError, UnsafeEndpointError } from "../../src/adapters/shared/errors.js";
import { HarnessNotFoundError } from "../../src/adapters/claude-code/errors.js";
import { CodexNotFoundError } from "../../src/adapters/codex/errors.js";
import { CopilotNotFoundError } from "../../src/adapters/copilot-cli/errors.js";
import { GeminiNotFoundError } from "../../src/adapters/gemini-cli/errors.js";
import { buildCodexLaunch } from "../../src/adapters/codex/launch.js";

describe("JsonlLineReader", () => {
  test("a line cut across chunks is read once its newline comes; the last line at finish", () => {
    const lines = new JsonlLineReader();
    lines.push(Buffer.from('{"type":"a"}\n{"ty'));
    expect(lines.events).toEqual([{ type: "a" }]);
    lines.push(Buffer.from('pe":"b"}\n{"type":"c"}'));
    expect(lines.events).toEqual([{ type: "a" }, { type: "b" }]);
    lines.finish();
    expect(lines.events).toEqual([{ type: "a" }, { type: "b" }, { type: "c" }]);
  });

  test("a chunk that ends inside a multi-byte character does not mangle it", () => {
    const bytes = Buffer.from('{"reason":"blocked: rm -rf é"}\n');
    const cut = bytes.indexOf(0xc3) + 1; // between the two bytes of é
    const lines = new JsonlLineReader();
    lines.push(bytes.subarray(0, cut));
    lines.push(bytes.subarray(cut));
    lines.finish();
    expect(lines.events).toEqual([{ reason: "blocked: rm -rf é" }]);
    expect(lines.strayLines).toEqual([]);
  });

  test("non-JSON and non-object lines are stray lines (trimmed); blank lines are nothing", () => {
    const lines = new JsonlLineReader();
    lines.push("warning: something\r\n\n  \n[1,2]\n42\n");
    lines.finish();
    expect(lines.events).toEqual([]);
    expect(lines.strayLines).toEqual(["warning: something", "[1,2]", "42"]);
  });

  test("keep drops events (they are not stray lines either); onEvent sees each kept one as it arrives", () => {
    const seen: unknown[] = [];
    const lines = new JsonlLineReader({
      keep: (e) => e["ephemeral"] !== true,
      onEvent: (e) => seen.push(e["n"]),
    });
    lines.push('{"n":1}\n{"n":2,"ephemeral":true}\n');
    expect(seen).toEqual([1]);
    lines.push('{"n":3}\n');
    lines.finish();
    expect(lines.events.map((e) => e["n"])).toEqual([1, 3]);
    expect(lines.strayLines).toEqual([]);
  });
});

describe("the endpoint check names the harness it refuses to start", () => {
  const endpoint = { kind: "mock" as const, baseUrl: "http://example.com:80", apiKey: "k" };

  test("a mock endpoint off the loopback is refused with the harness's own name", () => {
    expect(() => assertEndpointAllowed(endpoint, "Gemini CLI")).toThrow(UnsafeEndpointError);
    expect(() => assertEndpointAllowed(endpoint, "Gemini CLI")).toThrow(/^Refusing to start Gemini CLI: /);
    expect(() => assertEndpointAllowed({ ...endpoint, baseUrl: "http://127.0.0.1:9" }, "x")).not.toThrow();
    expect(() => assertEndpointAllowed({ ...endpoint, kind: "remote" }, "x")).not.toThrow();
  });

  test("Codex's launch says Codex, not Claude Code", () => {
    const input = {
      harness: { adapterId: "codex", path: "/bin/false", version: "0.169.0", source: "option" as const },
      spec: { prompt: "hi" },
      dirs: { workDir: "/tmp/w", homeDir: "/tmp/h", tmpDir: "/tmp/t" },
      endpoint,
      asRoot: false,
    };
    expect(() => buildCodexLaunch(input)).toThrow(/^Refusing to start Codex: the mock endpoint/);
  });
});

describe("one not-found error behind the four harness names", () => {
  const cases = [
    [
      new HarnessNotFoundError(["/a"]),
      "Claude Code CLI",
      "@anthropic-ai/claude-code@2.1.328",
      "VIGILES_CLAUDE_BIN",
      "`claude`",
    ],
    [new CodexNotFoundError(["/a"]), "Codex CLI", "@openai/codex@0.169.0", "VIGILES_CODEX_BIN", "`codex`"],
    [
      new CopilotNotFoundError(["/a"]),
      "GitHub Copilot CLI",
      "@github/copilot@1.0.102",
      "VIGILES_COPILOT_BIN",
      "`copilot`",
    ],
    [
      new GeminiNotFoundError(["/a"]),
      "Gemini CLI",
      "@google/gemini-cli@0.61.0",
      "VIGILES_GEMINI_BIN",
      "`gemini`",
    ],
  ] as const;

  test.each(cases)(
    "%s: one code, the install line, the env variable and the executable",
    (error, cli, pin, env, exe) => {
      expect(error).toBeInstanceOf(CliNotFoundError);
      expect(error.code).toBe("VIGILES_HARNESS_NOT_FOUND");
      expect(error.searched).toEqual(["/a"]);
      expect(error.message).toMatch(new RegExp(`^${cli} not found\\. Looked in: /a\\. `));
      expect(error.message).toContain(`\`npm install -D -E ${pin}\``);
      expect(error.message).toContain(`point ${env} (or the \`harnessPath\` option) at a ${exe} executable.`);
    },
  );

  test("each keeps its own class name, and an empty search says so", () => {
    expect(cases.map(([e]) => e.name)).toEqual([
      "HarnessNotFoundError",
      "CodexNotFoundError",
      "CopilotNotFoundError",
      "GeminiNotFoundError",
    ]);
    expect(new CodexNotFoundError([]).message).toContain("Looked in: (nowhere).");
    expect(new CopilotNotFoundError([]).message).toContain(
      "(it brings the platform package, e.g. @github/copilot-linux-x64)",
    );
  });
});
