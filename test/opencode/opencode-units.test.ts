// Free checks of the OpenCode adapter (no CLI runs): the in-process plugin runner gives the same
// verdicts the real CLI showed for the same plugin (test/opencode/opencode-plugins.test.ts: a
// before-hook throw blocks with its message, a change to output.args is what runs, a missing import
// or a throw at init drops the plugin); the audit's plugin rules; the launch pins routing and the
// offline switches and leaves stdin empty; the stream reader reads OpenCode's events in Claude
// Code's tool names.
import { existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { checkOpenCodePlugin } from "../../src/adapters/opencode/dialect/plugin-audit.js";
import { explainOpenCodePlugins } from "../../src/adapters/opencode/explain-plugins.js";
import { buildOpenCodeLaunch } from "../../src/adapters/opencode/launch.js";
import { prepareOpenCodeRun } from "../../src/adapters/opencode/prepare.js";
import { runOpenCodePluginHook } from "../../src/adapters/opencode/run-plugin-hook.js";
import { createOpenCodeStreamReader } from "../../src/adapters/opencode/stream/stream-reader.js";
import { toOpenCodeCall } from "../../src/adapters/opencode/mock/tool-names.js";
import { startOpenCodeMock } from "../../src/adapters/opencode/mock/server.js";
import { scriptModel } from "../../src/adapters/mock/script.js";

const root = mkdtempSync(join(tmpdir(), "vigiles-opencode-units-"));
const pluginDir = join(root, ".opencode", "plugin");
mkdirSync(pluginDir, { recursive: true });
afterAll(() => rmSync(root, { recursive: true, force: true }));

const write = (name: string, text: string) => {
  const path = join(pluginDir, name);
  writeFileSync(path, text);
  return path;
};

const GUARD = write(
  "guard.js",
  `export const Guard = async () => ({
  "tool.execute.before": async (input, output) => {
    if (String(output.args.command).includes("rm -rf")) throw new Error("guard: rm -rf is not allowed");
    if (String(output.args.command).startsWith("echo hi")) output.args.command = "echo HI";
  },
});
`,
);

describe("runOpenCodePluginHook: a plugin's hook on a synthetic call, in process", () => {
  test("a before-hook throw blocks with its message, as on the real CLI", async () => {
    const run = await runOpenCodePluginHook({
      plugin: GUARD,
      tool: "Bash",
      args: { command: "rm -rf keep" },
    });
    expect(run.loaded).toBe(true);
    expect(run.decision).toMatchObject({
      decision: "deny",
      blocked: true,
      reason: "guard: rm -rf is not allowed",
    });
  });

  test("a change to output.args is what the tool runs with; an allowed call decides nothing", async () => {
    const run = await runOpenCodePluginHook({ plugin: GUARD, tool: "Bash", args: { command: "echo hi" } });
    expect(run.decision.blocked).toBe(false);
    expect(run.args["command"]).toBe("echo HI");
  });

  test("a missing import or a throw at init: the plugin does not load, with the reason", async () => {
    const missing = write("missing.js", 'import "./not-there.js";\nexport const M = async () => ({});\n');
    const boom = write("boom.js", 'export const B = async () => { throw new Error("boom at init"); };\n');
    const a = await runOpenCodePluginHook({ plugin: missing, tool: "Bash", args: { command: "ls" } });
    expect(a.loaded).toBe(false);
    expect(a.loadError).toMatch(/failed to import.*not-there/);
    const b = await runOpenCodePluginHook({ plugin: boom, tool: "Bash", args: { command: "ls" } });
    expect(b.loadError).toMatch(/plugin function threw: boom at init/);
  });

  test("a throw in tool.execute.after does not undo the call (no block)", async () => {
    const after = write(
      "after.js",
      'export const A = async () => ({ "tool.execute.after": async () => { throw new Error("late"); } });\n',
    );
    const run = await runOpenCodePluginHook({
      plugin: after,
      event: "tool.execute.after",
      tool: "Bash",
      args: { command: "ls" },
      result: "x",
    });
    expect(run.decision).toMatchObject({ blocked: false, hookError: "late" });
  });
});

describe("the audit's OpenCode plugin rules", () => {
  const check = (name: string, text: string) =>
    checkOpenCodePlugin({ path: join(pluginDir, name), file: name, text }).map((f) => f.ruleId);

  test("a syntax error and a missing relative import will not load; a good plugin has no finding", () => {
    expect(check("s.js", "export const S = async () => ({ ;\n")).toEqual(["opencode-plugin-will-not-load"]);
    expect(check("m.js", 'import { x } from "./nope.js";\nexport const M = async () => ({});\n')).toEqual([
      "opencode-plugin-will-not-load",
    ]);
    expect(
      check("guard.js", 'import { a } from "./guard.js";\nexport const G = async () => ({});\n'),
    ).toEqual([]);
  });

  test("an audit log kept only in tool.execute.after is warned about the gap", () => {
    const text =
      'export const L = async () => ({ "tool.execute.after": async (i) => { appendFileSync("audit.log", i.tool) } });\n';
    expect(check("log.js", text)).toEqual(["opencode-after-hook-gap"]);
  });
});

describe("the OpenCode launch and stream", () => {
  test("routing is pinned, the provider is given inline, nothing is installed, stdin is empty", () => {
    const dirs = { workDir: "/w", homeDir: "/h", tmpDir: "/t" };
    const launch = buildOpenCodeLaunch({
      harness: { adapterId: "opencode", path: "/bin/opencode", version: "1.18.33", source: "option" },
      spec: { prompt: "hi" },
      dirs,
      endpoint: { kind: "mock", baseUrl: "http://127.0.0.1:9", apiKey: "k" },
      asRoot: false,
    });
    expect(launch.argv).toEqual(["/bin/opencode", "run", "--format", "json", "hi"]);
    expect(launch.input).toBe("");
    expect(launch.env["npm_config_offline"]).toBe("true");
    expect(launch.env["OPENCODE_DISABLE_MODELS_FETCH"]).toBe("1");
    expect(launch.env["OPENAI_BASE_URL"]).toBe("");
    expect(launch.env["XDG_CONFIG_HOME"]).toBe("/h/.config");
    const config = JSON.parse(launch.env["OPENCODE_CONFIG_CONTENT"] ?? "{}") as {
      provider: Record<string, { options: { baseURL: string } }>;
    };
    expect(config.provider["vigiles"]?.options.baseURL).toBe("http://127.0.0.1:9/v1");
  });

  test("tool_use parts read in Claude Code's names; a permission auto-reject is the harness's denial", () => {
    const reader = createOpenCodeStreamReader();
    const lines = [
      { type: "step_start", part: {} },
      {
        type: "tool_use",
        part: {
          tool: "write",
          callID: "w",
          state: { status: "completed", input: { filePath: "a", content: "A" }, output: "ok" },
        },
      },
      {
        type: "tool_use",
        part: {
          tool: "read",
          callID: "r",
          state: {
            status: "error",
            input: { filePath: "/x" },
            error: "The user rejected permission to use this specific tool call.",
          },
        },
      },
      { type: "step_start", part: {} },
      { type: "text", part: { text: "done" } },
      { type: "step_finish", part: { tokens: { input: 5, output: 2 } } },
    ];
    reader.push(Buffer.from(lines.map((l) => JSON.stringify(l)).join("\n") + "\n"));
    const s = reader.finish();
    expect(s.toolCalls.map((c) => [c.name, c.input])).toEqual([
      ["Write", { file_path: "a", content: "A" }],
      ["Read", { file_path: "/x" }],
    ]);
    expect(s.toolCalls[1]?.result).toMatchObject({ denied: true, deniedBy: "harness" });
    expect([s.output, s.turns, s.inputTokens]).toEqual(["done", 2, 5]);
    expect(toOpenCodeCall("Edit", { file_path: "a", old_string: "x", new_string: "y" })).toEqual({
      name: "edit",
      input: { filePath: "a", oldString: "x", newString: "y" },
    });
  });
});

describe("explainOpenCodePlugins: which plugins load and which events they declare", () => {
  test("in OpenCode's order, with what a throw means and what would drop the plugin", () => {
    const explained = explainOpenCodePlugins(root);
    const guard = explained.find((p) => p.plugin === ".opencode/plugin/guard.js");
    expect(guard?.hooks.map((h) => h.event)).toEqual(["tool.execute.before"]);
    expect(guard?.hooks[0]?.meaning).toMatch(/a throw blocks the call/);
    const missing = explained.find((p) => p.plugin === ".opencode/plugin/missing.js");
    expect(missing?.findings.map((f) => f.ruleId)).toEqual(["opencode-plugin-will-not-load"]);
    expect(explained.map((p) => p.plugin)).toEqual([...explained.map((p) => p.plugin)].sort());
  });
});

describe("prepareOpenCodeRun", () => {
  const runDirs = () => {
    const base = mkdtempSync(join(root, "run-"));
    const dirs = { workDir: join(base, "w"), homeDir: join(base, "h"), tmpDir: join(base, "t") };
    for (const d of Object.values(dirs)) mkdirSync(d, { recursive: true });
    return dirs;
  };

  test("each project plugin is moved aside and a recording wrapper takes its name", async () => {
    const dirs = runDirs();
    await prepareOpenCodeRun(
      { prompt: "x", files: { ".opencode/plugin/guard.js": "export const G = async () => ({});\n" } },
      dirs,
    );
    const plugin = join(dirs.workDir, ".opencode", "plugin");
    expect(existsSync(join(plugin, "guard.vigiles-original.mjs"))).toBe(true);
    expect(readFileSync(join(plugin, "guard.js"), "utf8")).toContain(
      'await import("./guard.vigiles-original.mjs")',
    );
  });

  test("a fixture config that names a provider, a model or a plugin list is refused", async () => {
    for (const config of ['{"provider": {}}', '{ // c\n "model": "anthropic/x" }', '{"plugin": ["x"]}']) {
      await expect(
        prepareOpenCodeRun({ prompt: "x", files: { "opencode.json": config } }, runDirs()),
      ).rejects.toThrow(/Refusing to start OpenCode: opencode.json sets/);
    }
  });
});

test("a script with subagent turns is refused: OpenCode's requests do not name their agent", async () => {
  const script = scriptModel([{ text: "done" }], { agents: { helper: [{ text: "sub" }] } });
  await expect(startOpenCodeMock(script)).rejects.toThrow(/cannot serve a subagent's scripted turns/);
});

describe("the spec's tool lists in OpenCode's config", () => {
  const launch = (spec: Record<string, unknown>) =>
    buildOpenCodeLaunch({
      harness: { adapterId: "opencode", path: "/bin/opencode", version: "1.18.33", source: "option" },
      spec: { prompt: "hi", ...spec },
      dirs: { workDir: "/w", homeDir: "/h", tmpDir: "/t" },
      endpoint: { kind: "mock", baseUrl: "http://127.0.0.1:1", apiKey: "k" },
      asRoot: false,
    });
  const config = (spec: Record<string, unknown>) =>
    JSON.parse(launch(spec).env["OPENCODE_CONFIG_CONTENT"] ?? "{}") as Record<string, unknown>;
  test("disallowedTools turns each tool off (tools: false), in Claude Code's or OpenCode's names", () => {
    expect(config({ disallowedTools: ["Bash", "webfetch"] })["tools"]).toEqual({
      bash: false,
      webfetch: false,
    });
  });
  test("allowedTools lets each run without an ask (permission: allow)", () => {
    expect(config({ allowedTools: ["Read"] })["permission"]).toEqual({ read: "allow" });
  });
  test("a pattern rule, an unknown tool and a tool in both lists are refused by name", () => {
    expect(() => launch({ allowedTools: ["Bash(git *)"] })).toThrow(
      /pattern has no measured OpenCode mapping/,
    );
    expect(() => launch({ disallowedTools: ["Frobnicate"] })).toThrow(/OpenCode has no such tool/);
    expect(() => launch({ allowedTools: ["Bash"], disallowedTools: ["bash"] })).toThrow(
      /allowedTools and disallowedTools/,
    );
  });
  test("maxTurns and a permission mode stay refused by name", () => {
    expect(() => launch({ maxTurns: 3 })).toThrow(/cap the turns \(maxTurns\)/);
    expect(() => launch({ permissionMode: "plan" })).toThrow(/permission mode "plan"/);
  });
});
