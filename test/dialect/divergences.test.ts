/**
 * The free predictions that disagreed with the real CLIs before the dialects (issue 28), each pinned
 * here with what the pinned CLI does. Each failed on the code before the registry and dialects.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync, chmodSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { runHook } from "../../src/tiers/run-hook/run-hook.js";
import type { HooksConfig } from "../../src/core/hook-config/types.js";
import { assertDriverPinsEffort } from "../../src/tiers/eval/effort-gate.js";
import { explainRegistrations } from "../../src/tools/explain/explain-registrations.js";
import { harnessEntry } from "../../src/adapters/registry.js";
import { auditHarness } from "../../src/tools/audit/static-audit.js";
import { spawnSync } from "node:child_process";

const CLI = join(import.meta.dirname, "../../dist/cli/main.js");

const dirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const hooks = (event: string, matcher: string | undefined, command: string): { hooks: HooksConfig } => ({
  hooks: {
    [event]: [
      { ...(matcher !== undefined ? { matcher } : {}), hooks: [{ type: "command" as const, command }] },
    ],
  },
});

describe("Gemini CLI compares SessionStart matchers for equality (hookPlanner.matchesTrigger)", () => {
  const start = { hook_event_name: "SessionStart", source: "startup" };

  test("runHook: an alternation never selects, the plain value does", () => {
    const alternation = runHook(
      { registration: hooks("SessionStart", "startup|clear|compact", "echo ran") },
      start,
      {
        harness: "gemini",
      },
    );
    expect(alternation.selected).toBe(false);
    expect(alternation.selection?.[0]?.reason).toMatch(/compared for equality/);
    expect(alternation.stdout).toBe("");
    const plain = runHook({ registration: hooks("SessionStart", "startup", "echo ran") }, start, {
      harness: "gemini",
    });
    expect(plain.stdout.trim()).toBe("ran");
    // Claude Code reads the same matcher as a list of names: it fires there.
    const claude = runHook(
      { registration: hooks("SessionStart", "startup|clear|compact", "echo ran") },
      start,
    );
    expect(claude.stdout.trim()).toBe("ran");
  });

  test("explain says skipped and the audit reports it", () => {
    const root = tempDir("vigiles-gemini-exact-");
    mkdirSync(join(root, ".gemini"));
    writeFileSync(
      join(root, ".gemini", "settings.json"),
      JSON.stringify(hooks("SessionStart", "startup|clear", "echo ran")),
    );
    const reading = harnessEntry("gemini").readRegistrations(root);
    const explained = explainRegistrations("gemini", start, reading.registrations, { cwd: root });
    expect(explained.handlers.map((h) => h.selected)).toEqual([false]);
    expect(auditHarness(root).findings.map((f) => f.ruleId)).toContain("gemini-exact-matcher");
  });
});

describe("${CLAUDE_PLUGIN_ROOT} is empty under Gemini CLI", () => {
  test("runHook runs the command as Gemini does (`/hooks/…`, not found), Claude Code with the plugin root", () => {
    const plugin = tempDir("vigiles-gemini-root-");
    mkdirSync(join(plugin, "hooks"));
    writeFileSync(join(plugin, "hooks", "start.sh"), "#!/bin/sh\necho started\n");
    chmodSync(join(plugin, "hooks", "start.sh"), 0o755);
    const spec = {
      registration: hooks("SessionStart", undefined, '"${CLAUDE_PLUGIN_ROOT}/hooks/start.sh"'),
      pluginRoot: plugin,
    };
    const event = { hook_event_name: "SessionStart", source: "startup" };
    expect(runHook(spec, event).stdout.trim()).toBe("started");
    const gemini = runHook(spec, event, { harness: "gemini" });
    expect(gemini.exitCode).toBe(127);
    expect(gemini.stderr).toMatch(/\/hooks\/start\.sh/);
    // Gemini's own placeholder is substituted.
    const own = runHook(
      {
        registration: hooks("SessionStart", undefined, '"${extensionPath}/hooks/start.sh"'),
        pluginRoot: plugin,
      },
      event,
      { harness: "gemini" },
    );
    expect(own.stdout.trim()).toBe("started");
  });
});

describe("Copilot CLI runs a plugin's hooks/hooks.json", () => {
  test("explain --harness copilot-cli sees the plugin's hooks, at the root and with --plugin-dir", () => {
    const plugin = tempDir("vigiles-copilot-plugin-");
    mkdirSync(join(plugin, "hooks"));
    writeFileSync(join(plugin, "plugin.json"), JSON.stringify({ name: "guard" }));
    writeFileSync(join(plugin, "hooks", "hooks.json"), JSON.stringify(hooks("PreToolUse", "Bash", "exit 2")));
    const reading = harnessEntry("copilot-cli").readRegistrations(plugin);
    expect(reading.registrations.map((r) => r.source)).toEqual(["plugin"]);
    const other = tempDir("vigiles-copilot-cwd-");
    const run = spawnSync(
      process.execPath,
      [
        CLI,
        "explain",
        "--harness",
        "copilot-cli",
        "--tool",
        "Bash",
        "--command",
        "ls",
        "--plugin-dir",
        plugin,
        "--format",
        "json",
      ],
      { cwd: other, encoding: "utf8" },
    );
    expect(run.status, run.stderr).toBe(0);
    const json = JSON.parse(run.stdout) as { handlers: { selected: boolean; source: string }[] };
    expect(json.handlers).toEqual([expect.objectContaining({ selected: true, source: "plugin" })]);
  });
});

describe("R1: runHook selects with each harness's own matcher rules", () => {
  test("a Gemini BeforeTool write_file matcher does not select run_shell_command", () => {
    const r = runHook(
      { registration: hooks("BeforeTool", "write_file", "echo blocked >&2; exit 2") },
      { hook_event_name: "BeforeTool", tool_name: "run_shell_command", tool_input: { command: "ls" } },
      { harness: "gemini" },
    );
    expect(r.blocked).toBe(false);
    expect(r.selected).toBe(false);
    expect(r.selection?.[0]?.reason).toMatch(/does not match tool_name "run_shell_command"/);
  });

  test("a Copilot matcher must match the whole toolName Copilot sends", () => {
    const event = { hook_event_name: "preToolUse", tool_name: "Bash", tool_input: { command: "ls" } };
    const reg = (matcher: string) => ({
      registration: JSON.stringify({
        hooks: { preToolUse: [{ type: "command", bash: "echo deny >&2; exit 2", matcher }] },
      }),
    });
    expect(runHook(reg("bash"), event, { harness: "copilot-cli" }).blocked).toBe(true);
    expect(runHook(reg("bas"), event, { harness: "copilot-cli" }).blocked).toBe(false);
    expect(runHook(reg("Bash"), event, { harness: "copilot" }).blocked).toBe(false);
  });
});

describe("R2: the eval effort gate reads every registered harness's capabilities", () => {
  test.each(["copilot-cli", "copilot", "gemini"])("%s refuses a pinned effort", async (harness) => {
    await expect(assertDriverPinsEffort({ harness }, ["low"])).rejects.toThrow(/no measured effort mapping/);
  });
});

describe("R3: Claude Code's matcher subjects, read from the pinned binary", () => {
  const fileChanged = (file: string) =>
    runHook(
      { registration: hooks("FileChanged", "package.json", "echo ran") },
      { hook_event_name: "FileChanged", file_path: file },
    );

  test("FileChanged compares the matcher with the file's base name", () => {
    expect(fileChanged("/repo/README.md").stdout).toBe("");
    expect(fileChanged("/repo/package.json").stdout.trim()).toBe("ran");
  });

  test.each([
    ["PreModelSwitch", "to_model"],
    ["PostModelSwitch", "to_model"],
    ["InstructionsLoaded", "load_reason"],
    ["DirectoryAdded", "source"],
    ["Elicitation", "mcp_server_name"],
    ["ElicitationResult", "mcp_server_name"],
  ])("%s compares the matcher with %s", (event, field) => {
    const run = (value: string) =>
      runHook(
        { registration: hooks(event, "wanted", "echo ran") },
        { hook_event_name: event, [field]: value },
      );
    expect(run("other").stdout).toBe("");
    expect(run("wanted").stdout.trim()).toBe("ran");
  });
});
