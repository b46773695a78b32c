// Harness features mapped onto the REAL pinned Gemini CLI (0.61.0), and the ones that stay refused.
// maxTurns is `model.maxSessionTurns` and disallowedTools is `tools.exclude`, and a skill's activation
// is in the stream (what trigger rate and the selection matrix read), and several prompts are one
// `--resume latest` process each: four runs, concurrent, pin what each does on the wire and in the Trace. The refusals are checked without a CLI: an
// allowed-tools list (a --yolo run prompts for nothing), a disallowed rule with a pattern or naming no
// Gemini tool, a fixture turn cap beside the spec's, and an extension in the project's
// .gemini/extensions (0.61.0 loads extensions only from ~/.gemini/extensions).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { geminiAdapter } from "../../src/adapters/gemini-cli/adapter.js";
import { buildGeminiLaunch } from "../../src/adapters/gemini-cli/launch.js";
import { prepareGeminiRun } from "../../src/adapters/gemini-cli/prepare.js";
import type { SessionSpec } from "../../src/adapters/port.js";
import { removeTempDir } from "../../src/runtime/temp-dir.js";
import { skillSelections } from "../../src/core/triggering/selection.js";
import { runHarnessTest, type HarnessTestResult } from "../../src/tiers/harness/run-harness-test.js";
import { makeRunDirs } from "../../src/tiers/harness/session.js";

const RUN_TIMEOUT = 240_000;

const GREET =
  "---\nname: greet\ndescription: Greets the user warmly. Use when asked to greet.\n---\nGREET_BODY_MARK say hello\n";

describe("maxTurns, disallowedTools and skill activation, real CLI", () => {
  let capped: HarnessTestResult;
  let excluded: HarnessTestResult;
  let skilled: HarnessTestResult;
  let resumed: HarnessTestResult;

  beforeAll(async () => {
    [capped, excluded, skilled, resumed] = await Promise.all([
      runHarnessTest(
        {
          prompt: "write three files",
          model: [
            ...[1, 2, 3].map((n) => ({ tool: "Bash", input: { command: `echo ${n} > T${n}` } })),
            { text: "done" },
          ],
          maxTurns: 2,
          // The cap stops the run at turn 2: the rest of the script is never asked for.
          allowUnservedTurns: true,
          sandbox: false,
          timeoutMs: RUN_TIMEOUT,
        },
        { adapter: geminiAdapter },
      ),
      runHarnessTest(
        {
          prompt: "say hi",
          model: [{ tool: "Bash", input: { command: "echo hi > HI" } }, { text: "done" }],
          disallowedTools: ["Write", "Grep", "web_fetch"],
          sandbox: false,
          timeoutMs: RUN_TIMEOUT,
        },
        { adapter: geminiAdapter },
      ),
      runHarnessTest(
        {
          prompt: "greet me",
          model: [
            { tool: "Skill", input: { skill: "greet" } },
            { tool: "Skill", input: { skill: "nosuch" } },
            { text: "done" },
          ],
          skills: { greet: GREET },
          sandbox: false,
          timeoutMs: RUN_TIMEOUT,
        },
        { adapter: geminiAdapter },
      ),
      runHarnessTest(
        {
          prompt: ["FIRST_PROMPT_MARK write one", "SECOND_PROMPT_MARK write two"],
          model: [
            { tool: "Bash", input: { command: "echo one > ONE" } },
            { text: "first done" },
            { tool: "Bash", input: { command: "echo two > TWO" } },
            { text: "second done" },
          ],
          files: {
            ".gemini/settings.json": JSON.stringify({
              hooks: { BeforeAgent: [{ hooks: [{ type: "command", command: "cat >/dev/null; exit 0" }] }] },
            }),
          },
          transcript: true,
          sandbox: false,
          timeoutMs: RUN_TIMEOUT,
        },
        { adapter: geminiAdapter },
      ),
    ]);
  }, RUN_TIMEOUT + 30_000);
  afterAll(() => {
    capped?.cleanup();
    excluded?.cleanup();
    skilled?.cleanup();
    resumed?.cleanup();
  });

  test("maxTurns 2: two model calls, the third is never requested, and the run ends at the cap (not a crash)", () => {
    expect(capped.modelRequests.filter((q) => !q.sideChannel).length).toBe(2);
    expect(capped.toolCalls.map((c) => c.input["command"])).toEqual(["echo 1 > T1", "echo 2 > T2"]);
    expect(capped.file("T2")).toBe("2\n");
    expect(capped.file("T3")).toBeNull();
    expect(capped.events.at(-1)).toMatchObject({
      type: "result",
      status: "error",
      error: { type: "FatalTurnLimitedError", message: expect.stringMatching(/^Reached max session turns/) },
    });
  });

  test("disallowedTools: the tools (in Gemini's names) are left out of the request; the others stay", () => {
    for (const q of excluded.modelRequests.filter((r) => !r.sideChannel)) {
      expect(q.tools).not.toContain("write_file");
      expect(q.tools).not.toContain("grep_search");
      expect(q.tools).not.toContain("web_fetch");
      expect(q.tools).toContain("run_shell_command");
      expect(q.tools).toContain("read_file");
    }
    expect(excluded.file("HI")).toBe("hi\n");
    expect(excluded.output).toBe("done");
  });

  test("skills: activate_skill is declared with the project's skill (beside Gemini's built-in ones), its activation is in the stream, and only a resolved one counts as selected", () => {
    const first = skilled.modelRequests.find((q) => !q.sideChannel);
    expect(first?.tools).toContain("activate_skill");
    expect(first?.system).toContain("Greets the user warmly");
    const body = first?.body as {
      tools?: { functionDeclarations?: { name: string; parametersJsonSchema?: unknown }[] }[];
    };
    const declaration = body.tools?.[0]?.functionDeclarations?.find((d) => d.name === "activate_skill");
    // 0.61.0 bundles two skills of its own: a trigger-rate run on Gemini competes with them.
    expect(declaration?.parametersJsonSchema).toMatchObject({
      properties: { name: { enum: ["skill-creator", "antigravity-support", "greet"] } },
    });
    expect(skilled.events).toContainEqual(
      expect.objectContaining({
        type: "tool_use",
        tool_name: "activate_skill",
        parameters: { name: "greet" },
      }),
    );
    expect(skilled.toolCalls.map((c) => [c.name, c.input, c.result?.isError])).toEqual([
      ["Skill", { skill: "greet" }, false],
      ["Skill", { skill: "nosuch" }, true],
    ]);
    // The skill's body reached the model after activation.
    expect(
      skilled.modelRequests.some((q) => q.messages.some((m) => m.text.includes("GREET_BODY_MARK"))),
    ).toBe(true);
    expect(skillSelections(skilled)).toEqual([{ id: "greet", requested: "greet" }]);
  });

  test("several prompts: the second resumes the session (its request holds the first exchange), each prompt fires BeforeAgent, the answer is the last one", () => {
    expect(resumed.file("ONE")).toBe("one\n");
    expect(resumed.file("TWO")).toBe("two\n");
    const texts = resumed.modelRequests
      .filter((q) => !q.sideChannel)
      .map((q) => q.messages.map((m) => m.text).join("\n"));
    expect(texts.length).toBe(4);
    expect(texts[1]).not.toContain("SECOND_PROMPT_MARK");
    for (const mark of ["FIRST_PROMPT_MARK", "first done", "SECOND_PROMPT_MARK"])
      expect(texts[2]).toContain(mark);
    expect(resumed.hooks?.map((h) => h.name)).toEqual(["BeforeAgent", "BeforeAgent"]);
    expect(resumed.events.filter((e) => e["type"] === "init").length).toBe(2);
    expect(resumed.output).toBe("second done");
    expect(resumed.toolCalls.map((c) => c.input["command"])).toEqual(["echo one > ONE", "echo two > TWO"]);
  });
});

describe("Gemini features that stay refused, by name", () => {
  async function prepared(spec: SessionSpec) {
    const { root, dirs } = makeRunDirs();
    try {
      await prepareGeminiRun(spec, dirs);
      return JSON.parse(readFileSync(join(dirs.homeDir, ".gemini", "settings.json"), "utf8")) as Record<
        string,
        unknown
      >;
    } finally {
      removeTempDir(root);
    }
  }

  test("the limits are written as user settings beside vigiles' own", async () => {
    const settings = await prepared({
      prompt: "x",
      maxTurns: 3,
      disallowedTools: ["Bash", "Edit", "MultiEdit"],
    });
    expect(settings["model"]).toEqual({ maxSessionTurns: 3 });
    expect(settings["tools"]).toEqual({ exclude: ["run_shell_command", "replace"] });
    expect(settings["security"]).toEqual({ auth: { selectedType: "gemini-api-key" } });
  });

  test("a disallowed rule with a pattern, or naming no Gemini tool, is refused", async () => {
    await expect(prepared({ prompt: "x", disallowedTools: ["Bash(git push:*)"] })).rejects.toMatchObject({
      code: "VIGILES_GEMINI_UNSUPPORTED",
      message: expect.stringContaining("a Claude Code permission rule with a pattern has no counterpart"),
    });
    await expect(prepared({ prompt: "x", disallowedTools: ["NotebookEdit"] })).rejects.toMatchObject({
      code: "VIGILES_GEMINI_UNSUPPORTED",
      message: expect.stringContaining("it names no Gemini tool"),
    });
  });

  test("a fixture that caps turns itself beside the spec's maxTurns is refused (workspace settings outrank)", async () => {
    await expect(
      prepared({
        prompt: "x",
        maxTurns: 2,
        files: { ".gemini/settings.json": JSON.stringify({ model: { maxSessionTurns: 9 } }) },
      }),
    ).rejects.toMatchObject({
      code: "VIGILES_GEMINI_UNSUPPORTED",
      message: expect.stringContaining("outranks"),
    });
  });

  test("an extension in the project's .gemini/extensions is refused: 0.61.0 never loads it", async () => {
    await expect(
      prepared({ prompt: "x", files: { ".gemini/extensions/guard/gemini-extension.json": "{}" } }),
    ).rejects.toMatchObject({
      code: "VIGILES_GEMINI_UNSUPPORTED",
      message: expect.stringContaining("loads extensions only from ~/.gemini/extensions"),
    });
  });

  test("allowedTools and subagents stay refused; several prompts run under one sh, an empty list is refused", async () => {
    const { root, dirs } = makeRunDirs();
    try {
      const input = {
        harness: { adapterId: "gemini", path: "/x/gemini.js", version: "0.61.0", source: "option" as const },
        dirs,
        endpoint: { kind: "mock" as const, baseUrl: "http://127.0.0.1:9/", apiKey: "k" },
        asRoot: true,
      };
      const launch = (spec: SessionSpec) => () => buildGeminiLaunch({ ...input, spec });
      expect(launch({ prompt: "x", allowedTools: ["Bash"] })).toThrow(/--yolo, which prompts for nothing/);
      expect(launch({ prompt: [] })).toThrow(/prompt list is empty/);
      expect(launch({ prompt: ["a", "b"] })().argv.slice(0, 2)).toEqual(["/bin/sh", "-c"]);
      await expect(
        prepareGeminiRun({ prompt: "x", agents: { helper: "---\nname: helper\n---\nhi" } }, dirs),
      ).rejects.toMatchObject({
        code: "VIGILES_GEMINI_UNSUPPORTED",
      });
    } finally {
      removeTempDir(root);
    }
  });
});
