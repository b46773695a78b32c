// Pins `explain` for Codex, Copilot CLI and Gemini CLI: the handlers registered in each harness's own
// files for an event named the harness's way or Claude Code's (preToolUse / PreToolUse, BeforeTool),
// selected by that harness's matcher rules (Copilot: whole-name regex on toolName; Gemini: regex on
// run_shell_command), with what its verdicts mean there from the core tables, and with --run what
// each decides through that harness's hook protocol (Copilot gets its camelCase payload). Also the
// CLI: auto-detection from the layout as `vigiles test` does, and Copilot's folder trust (untrusted,
// repository hooks do not run). No real CLI (the Copilot and Gemini
// facts these rest on are pinned by real runs in test/copilot and test/gemini).
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import {
  explainRegistrations,
  type RegistrationHarness,
} from "../../src/tools/explain/explain-registrations.js";
import { harnessEntry } from "../../src/adapters/registry.js";
import { geminiHookSwitches, geminiSwitchedOff } from "../../src/adapters/gemini-cli/registrations.js";

const scratch = join(process.cwd(), ".vigiles/tmp");
const roots: string[] = [];
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));
function repo(files: Record<string, unknown>): string {
  mkdirSync(scratch, { recursive: true });
  const root = mkdtempSync(join(scratch, "explain-harness-"));
  roots.push(root);
  for (const [rel, body] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), typeof body === "string" ? body : JSON.stringify(body, null, 2));
    if (rel.endsWith(".sh")) chmodSync(join(root, rel), 0o755);
  }
  return root;
}
const explain = (harness: RegistrationHarness, root: string, payload: Record<string, unknown>, run = false) =>
  explainRegistrations(harness, payload, harnessEntry(harness).readRegistrations(root).registrations, {
    cwd: root,
    run,
    sandbox: false,
    switchedOff: (r) => geminiSwitchedOff(geminiHookSwitches(root), r),
  });

/** Exit 2 only when it got Copilot's camelCase payload for rm -rf (toolArgs), else 0. */
const CAMEL_GUARD = `#!/bin/sh
input=$(cat)
case "$input" in *'"toolArgs"'*'rm -rf'*) echo "no rm" >&2; exit 2 ;; esac
exit 0
`;
/** Exit 2 with a reason for rm -rf in any payload. */
const GUARD = `#!/bin/sh
input=$(cat)
case "$input" in *'rm -rf'*) echo "no rm" >&2; exit 2 ;; esac
exit 0
`;

describe("explain --harness copilot", () => {
  const root = repo({
    "guard.sh": CAMEL_GUARD,
    ".github/hooks/guard.json": {
      version: 1,
      hooks: {
        preToolUse: [
          { type: "command", bash: "./guard.sh", timeoutSec: 10, matcher: "bash" },
          { type: "command", bash: "./guard.sh", matcher: "bas" },
        ],
        postToolUse: [{ type: "command", bash: "./guard.sh" }],
      },
    },
  });

  test("a Claude name or Copilot's own selects preToolUse; the matcher must match the whole toolName", () => {
    for (const tool of ["Bash", "bash"]) {
      const e = explain("copilot", root, {
        hook_event_name: "PreToolUse",
        tool_name: tool,
        tool_input: { command: "ls" },
      });
      expect(e.event).toBe("preToolUse");
      expect(e.handlers.map((h) => [h.at, h.selected])).toEqual([
        ["preToolUse[0]", true],
        ["preToolUse[1]", false],
      ]);
      expect(e.handlers[1]?.reason).toBe(
        'matcher "bas" (a regex over the whole name) does not match toolName "bash"',
      );
    }
  });

  test("the meaning comes from Copilot's table: preToolUse denies on any non-zero exit, postToolUse blocks nothing", () => {
    const pre = explain("copilot", root, { hook_event_name: "preToolUse", tool_name: "bash" });
    expect(pre.handlers[0]?.meaning).toMatch(/^any non-zero exit denies the call on preToolUse/);
    expect(pre.handlers[0]).toMatchObject({
      file: ".github/hooks/guard.json",
      line: 5,
      timeout: { field: "timeoutSec", raw: 10 },
    });
    const post = explain("copilot", root, { hook_event_name: "postToolUse", tool_name: "bash" });
    expect(post.handlers[0]?.meaning).toMatch(/^exit 2 blocks nothing on postToolUse under Copilot/);
  });

  test("--run sends Copilot's camelCase payload and folds with Copilot's rules", () => {
    const payload = { tool_name: "bash", tool_input: { command: "rm -rf build" } };
    const pre = explain("copilot", root, { hook_event_name: "preToolUse", ...payload }, true);
    expect(pre.handlers[0]?.decision).toMatchObject({
      decision: "deny",
      blocked: true,
      decidedBy: "exit-code",
    });
    expect(pre.outcome?.blocked).toBe(true);
    const post = explain("copilot", root, { hook_event_name: "postToolUse", ...payload }, true);
    expect(post.handlers[0]?.decision?.blocked).toBe(false);
  });
});

describe("explain --harness gemini", () => {
  const root = repo({
    "guard.sh": GUARD,
    ".gemini/settings.json": {
      hooks: {
        BeforeTool: [
          {
            matcher: "run_shell_command",
            hooks: [{ type: "command", command: "./guard.sh", timeout: 10000 }],
          },
          { matcher: "Bash", hooks: [{ type: "command", command: "./guard.sh", timeout: 5 }] },
        ],
      },
    },
    "ext/gemini-extension.json": { name: "ext", version: "1.0.0" },
    "ext/guard.sh": GUARD,
    "ext/hooks/hooks.json": {
      hooks: { BeforeTool: [{ hooks: [{ type: "command", command: "${extensionPath}/guard.sh" }] }] },
    },
  });

  test("Claude's PreToolUse/Bash become BeforeTool/run_shell_command; a Bash matcher matches nothing", () => {
    const e = explain("gemini", root, {
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command: "ls" },
    });
    expect(e.event).toBe("BeforeTool");
    expect(e.handlers.map((h) => [h.file, h.at, h.selected])).toEqual([
      [".gemini/settings.json", "BeforeTool[0].hooks[0]", true],
      [".gemini/settings.json", "BeforeTool[1].hooks[0]", false],
      ["ext/hooks/hooks.json", "BeforeTool[0].hooks[0]", true],
    ]);
    expect(e.handlers[1]?.reason).toBe(
      'matcher "Bash" (a regex, unanchored) does not match tool_name "run_shell_command"',
    );
    expect(e.handlers[0]?.meaning).toMatch(/stops the tool call/);
    expect(e.handlers[1]?.meaning).toMatch(/timeout 5 is milliseconds: it reads like seconds/);
  });

  test("--run blocks on exit 2 with Gemini's rules, the extension's ${extensionPath} expanded", () => {
    const e = explain(
      "gemini",
      root,
      { hook_event_name: "BeforeTool", tool_name: "run_shell_command", tool_input: { command: "rm -rf /" } },
      true,
    );
    expect(e.handlers.filter((h) => h.selected).map((h) => h.decision?.blocked)).toEqual([true, true]);
    expect(e.handlers[2]?.missingScript).toBeUndefined();
    expect(e.outcome?.decision).toBe("deny");
  });
});

describe("Gemini's hooksConfig switches", () => {
  test("a hook named in hooksConfig.disabled, or every hook under enabled: false, is skipped with the key named", () => {
    const run = (hooksConfig: unknown) => {
      const root = repo({
        ".gemini/settings.json": {
          hooksConfig,
          hooks: {
            BeforeTool: [
              {
                hooks: [
                  { type: "command", command: "./a.sh" },
                  { type: "command", command: "./b.sh", name: "bee" },
                ],
              },
            ],
          },
        },
      });
      return explain("gemini", root, { hook_event_name: "BeforeTool", tool_name: "run_shell_command" });
    };
    const named = run({ disabled: ["./a.sh", "bee"] });
    expect(named.handlers.map((h) => h.selected)).toEqual([false, false]);
    expect(named.handlers[1]?.reason).toMatch(
      /^hooksConfig\.disabled in \.gemini\/settings\.json names "bee": Gemini does not run it/,
    );
    const off = run({ enabled: false });
    expect(off.handlers.map((h) => [h.selected, h.reason.split(" (else")[0]])).toEqual([
      [false, "hooksConfig.enabled: false in .gemini/settings.json turns off every hook"],
      [false, "hooksConfig.enabled: false in .gemini/settings.json turns off every hook"],
    ]);
    expect(run({ disabled: ["./other.sh"] }).handlers.map((h) => h.selected)).toEqual([true, true]);
  });
});

describe("explain --harness codex", () => {
  test(".codex/hooks.json, Claude's matcher rules, Codex's table", () => {
    const root = repo({
      ".codex/hooks.json": {
        hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "./g.sh" }] }] },
      },
    });
    const e = explain("codex", root, { hook_event_name: "PreToolUse", tool_name: "Bash" });
    expect(e.handlers).toMatchObject([
      { selected: true, meaning: "exit 2 with a non-empty stderr, or a JSON deny, blocks PreToolUse" },
    ]);
    expect(e.handlers[0]?.missingScript).toMatch(/g\.sh$/);
  });
});

describe("the explain command picks the harness from the layout", () => {
  test("a repository with only .github/hooks is explained as Copilot; --harness claude-code overrides it", () => {
    const root = repo({
      "guard.sh": GUARD,
      ".github/hooks/guard.json": {
        version: 1,
        hooks: { preToolUse: [{ type: "command", bash: "./guard.sh" }] },
      },
    });
    const copilotHome = join(root, "copilot-home");
    mkdirSync(copilotHome);
    const run = (...args: string[]) =>
      spawnSync(process.execPath, [join(process.cwd(), "dist/cli/main.js"), "explain", ...args], {
        cwd: root,
        encoding: "utf8",
        env: {
          ...process.env,
          VIGILES_MANAGED_SETTINGS_DIR: join(root, "no-managed"),
          COPILOT_HOME: copilotHome,
        },
      });
    // Untrusted (Copilot 1.0.102 then skips repository hooks without a word): explain says so.
    const untrusted = run("--tool", "bash", "--command", "ls");
    expect(untrusted.status, untrusted.stderr).toBe(0);
    expect(untrusted.stdout).toMatch(/⚠ 1 file\(s\) in \.github\/hooks, but .* is not in trusted_folders/);
    expect(untrusted.stdout).toMatch(/✗ skipped \.github\/hooks\/guard\.json/);
    writeFileSync(
      join(copilotHome, "config.json"),
      `// Copilot's own comment line\n${JSON.stringify({ trusted_folders: [root] })}\n`,
    );
    const copilot = run("--tool", "bash", "--command", "ls");
    expect(copilot.status, copilot.stderr).toBe(0);
    expect(copilot.stdout).toMatch(
      /^preToolUse for bash \(GitHub Copilot CLI\): 1 command hook\(s\) in 1 file\(s\) read/,
    );
    expect(copilot.stdout).toMatch(
      /✓ fires {3}\.github\/hooks\/guard\.json:\d+:\d+ {2}preToolUse\[0\] {2}\.\/guard\.sh/,
    );
    const claude = run("--tool", "Bash", "--harness", "claude-code");
    expect(claude.status, claude.stderr).toBe(0);
    expect(claude.stdout).toMatch(/no hook is registered for this event/);
  }, 60_000);
});
