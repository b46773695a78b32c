// Pins what `vigiles init` discovers per harness: each registration comes with its harness, its file,
// its event as written, a Claude-shaped group (Copilot's `bash` as `command`, Gemini's ms timeout in
// seconds) and the handler as registered (JSON path, raw timeout); bad files are reported, not dropped.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { discoverHarness } from "./discover.js";

let root = "";
afterEach(() => rmSync(root, { recursive: true, force: true }));
function repo(files: Record<string, unknown>): string {
  root = mkdtempSync(join(tmpdir(), "vigiles-discover-"));
  for (const [rel, body] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), typeof body === "string" ? body : JSON.stringify(body, null, 2));
  }
  return root;
}
const group = (matcher: string, command: string, timeout?: number) => ({
  matcher,
  hooks: [{ type: "command", command, ...(timeout !== undefined ? { timeout } : {}) }],
});

describe("discoverHarness, per harness", () => {
  test("Claude Code: project settings and a plugin's hooks.json, with the plugin root (and Copilot CLI's reading of the plugin)", () => {
    const found = discoverHarness(
      repo({
        ".claude/settings.json": { hooks: { PreToolUse: [group("Bash", "./guard.sh", 5)] } },
        "plug/.claude-plugin/plugin.json": { name: "plug" },
        "plug/hooks/hooks.json": {
          hooks: { Stop: [{ hooks: [{ type: "command", command: "./stop.sh" }] }] },
        },
      }),
    );
    expect(found.unreadable).toEqual([]);
    expect(found.hooks.map((h) => [h.harness, h.file, h.event, h.group.matcher])).toEqual([
      ["claude-code", ".claude/settings.json", "PreToolUse", "Bash"],
      ["claude-code", "plug/hooks/hooks.json", "Stop", undefined],
      // Copilot CLI loads a Claude Code plugin too (its registry entry's loadsPluginsBy): its own reading.
      ["copilot-cli", "plug/hooks/hooks.json", "Stop", undefined],
    ]);
    expect(found.hooks[0]?.group.hooks).toEqual([{ type: "command", command: "./guard.sh", timeout: 5 }]);
    expect(found.hooks[1]?.pluginRoot).toBe(join(root, "plug"));
  });

  test("Codex: .codex/hooks.json", () => {
    const found = discoverHarness(
      repo({ ".codex/hooks.json": { hooks: { PreToolUse: [group("Bash", "./g.sh", 10)] } } }),
    );
    expect(found.hooks).toMatchObject([
      { harness: "codex", file: ".codex/hooks.json", event: "PreToolUse", group: { matcher: "Bash" } },
    ]);
    expect(found.hooks[0]?.registrations[0]?.timeout).toEqual({
      seconds: 10,
      raw: 10,
      unit: "s",
      field: "timeout",
    });
  });

  test("Copilot: each flat entry of .github/hooks/*.json is a group of one, bash as command, timeoutSec in seconds", () => {
    const found = discoverHarness(
      repo({
        ".github/hooks/guard.json": {
          version: 1,
          hooks: {
            preToolUse: [{ type: "command", bash: "./guard.sh", timeoutSec: 10 }],
            agentStop: [{ type: "command", bash: "./stop.sh" }],
          },
        },
      }),
    );
    expect(found.hooks.map((h) => [h.harness, h.file, h.event])).toEqual([
      ["copilot-cli", ".github/hooks/guard.json", "preToolUse"],
      ["copilot-cli", ".github/hooks/guard.json", "agentStop"],
    ]);
    expect(found.hooks[0]?.group).toEqual({
      hooks: [{ type: "command", bash: "./guard.sh", command: "./guard.sh", timeoutSec: 10, timeout: 10 }],
    });
    expect(found.hooks[0]?.registrations[0]).toMatchObject({
      command: "./guard.sh",
      commandField: "bash",
      path: ["hooks", "preToolUse", 0],
      timeout: { seconds: 10, raw: 10, unit: "s", field: "timeoutSec" },
    });
  });

  test("Gemini: .gemini/settings.json and an extension's hooks/hooks.json, the ms timeout in seconds", () => {
    const found = discoverHarness(
      repo({
        ".gemini/settings.json": { hooks: { BeforeTool: [group("run_shell_command", "./guard.sh", 10000)] } },
        "ext/gemini-extension.json": { name: "ext", version: "1.0.0" },
        "ext/hooks/hooks.json": {
          hooks: { AfterAgent: [{ hooks: [{ type: "command", command: "${extensionPath}/a.sh" }] }] },
        },
      }),
    );
    expect(found.hooks.map((h) => [h.harness, h.file, h.event, h.pluginRoot])).toEqual([
      ["gemini", ".gemini/settings.json", "BeforeTool", undefined],
      ["gemini", "ext/hooks/hooks.json", "AfterAgent", join(root, "ext")],
    ]);
    expect(found.hooks[0]?.group.hooks[0]?.timeout).toBe(10);
    expect(found.hooks[0]?.registrations[0]?.timeout).toMatchObject({ raw: 10000, unit: "ms" });
  });

  test("a file that is not JSON, or an entry of the wrong shape, is reported with its file", () => {
    const found = discoverHarness(
      repo({
        ".github/hooks/bad.json": "{ not json",
        ".gemini/settings.json": { hooks: { BeforeTool: [{ matcher: "x", command: "./flat.sh" }] } },
      }),
    );
    expect(found.hooks).toEqual([]);
    expect(found.unreadable).toEqual([
      expect.stringMatching(/^\.github\/hooks\/bad\.json: .*not valid JSON/),
      '.gemini/settings.json: BeforeTool[0] has no "hooks" list: the harness runs nothing from it',
    ]);
  });
});
