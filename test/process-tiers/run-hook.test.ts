import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeTempDir, removeTempDir } from "../../src/runtime/temp-dir.js";
import { runHook, runHookAsync } from "../../src/tiers/run-hook/run-hook.js";
import { bashEvent, fixture } from "./helpers.js";

describe("runHook: the hook protocol", () => {
  it("a JSON deny blocks, decided by permissionDecision, both streams kept", () => {
    const r = runHook(fixture("guard.sh"), bashEvent("git push --force origin main"));
    expect(r).toMatchObject({
      event: "PreToolUse",
      decision: "deny",
      blocked: true,
      decidedBy: "permission-decision",
      reason: "no force push",
      exitCode: 0,
      stderr: "",
      timedOut: false,
    });
    expect(r.stdout).toContain('"permissionDecision":"deny"');
    expect(r.selected).toBeUndefined();
  });

  it("exit 2 blocks with stderr as the reason; a harmless command is no decision", () => {
    expect(runHook(fixture("guard.sh"), bashEvent("rm -rf /"))).toMatchObject({
      decision: "deny",
      decidedBy: "exit-code",
      exitCode: 2,
      reason: "refusing rm -rf /",
    });
    expect(runHook(fixture("guard.sh"), bashEvent("ls"))).toMatchObject({
      decision: "none",
      blocked: false,
      exitCode: 0,
    });
  });

  it("sends the event JSON with the common fields filled in, and the env the harness sets", () => {
    const cwd = makeTempDir("vigiles-rh-");
    try {
      const r = runHook(fixture("echo-env.sh"), bashEvent("ls"), { cwd, pluginRoot: "/plugins/demo" });
      const stdin = JSON.parse(/^stdin=(.*)$/m.exec(r.stdout)?.[1] ?? "null") as Record<string, unknown>;
      expect(stdin).toMatchObject({
        hook_event_name: "PreToolUse",
        tool_name: "Bash",
        tool_input: { command: "ls" },
        cwd,
        permission_mode: "default",
      });
      expect(stdin.session_id).toEqual(expect.any(String));
      expect(stdin.transcript_path).toEqual(expect.any(String));
      expect(stdin.tool_use_id).toMatch(/^toolu_/);
      expect(r.input).toEqual(stdin);
      expect(r.stdout).toContain(`project=${cwd}\n`);
      expect(r.stdout).toContain("plugin=/plugins/demo\n");
      expect(r.stdout).toContain(`pwd=${cwd}\n`);
    } finally {
      removeTempDir(cwd);
    }
  });

  it("caller fields win; a non-tool event needs its name; Stop gets stop_hook_active", () => {
    const r = runHook(fixture("echo-env.sh"), { hook_event_name: "Stop", session_id: "mine" });
    expect(r.input).toMatchObject({ hook_event_name: "Stop", session_id: "mine", stop_hook_active: false });
    expect(r.input?.tool_use_id).toBeUndefined();
    expect(() => runHook("true", { prompt: "hi" })).toThrow(/hook_event_name/);
  });

  it("exec form passes arguments without a shell; {cwd} is expanded", () => {
    const cwd = makeTempDir("vigiles-rh-");
    try {
      const r = runHook([fixture("echo-env.sh"), "a b", "{cwd}/x", "$HOME"], bashEvent("ls"), { cwd });
      expect(r.stdout).toContain(`args=a b ${cwd}/x $HOME\n`);
      expect(r.command).toEqual([fixture("echo-env.sh"), "a b", `${cwd}/x`, "$HOME"]);
    } finally {
      removeTempDir(cwd);
    }
  });

  it("an illegal permissionDecision is invalid and does not block (the harness fails open)", () => {
    const r = runHook(fixture("warn-decision.sh"), bashEvent("git push -f"));
    expect(r).toMatchObject({ decision: "invalid", blocked: false, exitCode: 0 });
    expect(r.invalidReason).toMatch(/"block" is not one of allow\|deny\|ask\|defer/);
  });

  it("Codex rules: exit 2 without stderr does not block", () => {
    const r = runHook("exit 2", bashEvent("x"), { harness: "codex" });
    expect(r).toMatchObject({ decision: "invalid", blocked: false, exitCode: 2 });
  });

  it("the async twin folds the same way", async () => {
    const r = await runHookAsync(fixture("guard.sh"), bashEvent("git push -f"));
    expect(r).toMatchObject({ decision: "deny", blocked: true });
  });
});

describe("runHook: registrations", () => {
  const plugin = () => {
    const root = makeTempDir("vigiles-plugin-");
    mkdirSync(join(root, "hooks"));
    writeFileSync(
      join(root, "hooks", "guard.sh"),
      `#!/bin/sh\necho "from $CLAUDE_PLUGIN_ROOT" >&2\nexit 2\n`,
      { mode: 0o755 },
    );
    return root;
  };

  it("a matching group runs, with ${CLAUDE_PLUGIN_ROOT} expanded and set", () => {
    const root = plugin();
    try {
      const r = runHook(
        {
          registration: {
            description: "demo",
            hooks: {
              PreToolUse: [
                {
                  matcher: "Bash",
                  hooks: [{ type: "command", command: '"${CLAUDE_PLUGIN_ROOT}/hooks/guard.sh"' }],
                },
              ],
            },
          },
          pluginRoot: root,
        },
        bashEvent("ls"),
      );
      expect(r).toMatchObject({
        selected: true,
        blocked: true,
        decidedBy: "exit-code",
        stderr: `from ${root}\n`,
      });
      expect(r.selection).toEqual([
        {
          at: "PreToolUse[0].hooks[0]",
          selected: true,
          reason: expect.stringMatching(/matches tool_name "Bash"/),
        },
      ]);
    } finally {
      removeTempDir(root);
    }
  });

  it("a matcher or if: that does not select reports selected:false and runs nothing", () => {
    const marker = join(makeTempDir("vigiles-rh-"), "ran");
    try {
      const group = {
        matcher: "Edit|Write",
        hooks: [{ type: "command" as const, command: `touch ${marker}; exit 2` }],
      };
      const r = runHook({ registration: group }, bashEvent("ls"));
      expect(r).toMatchObject({ selected: false, blocked: false, decision: "none", exitCode: null });
      expect(r.selection?.[0]?.reason).toMatch(/does not match tool_name "Bash"/);
      expect(r.hookError).toMatch(/not selected/);

      const gated = {
        matcher: "Bash",
        hooks: [{ type: "command" as const, command: `touch ${marker}; exit 2`, if: "Bash(git push:*)" }],
      };
      expect(runHook({ registration: gated }, bashEvent("git status")).selected).toBe(false);
      expect(runHook({ registration: gated }, bashEvent("git push -f")).blocked).toBe(true);
      expect(runHook({ registration: { hooks: { Stop: [group] } } }, bashEvent("ls")).hookError).toMatch(
        /no handler is registered for PreToolUse \(the config has Stop\)/,
      );
    } finally {
      removeTempDir(join(marker, ".."));
    }
  });

  it("several selected handlers run in parallel; the strictest wins and each run is kept", () => {
    const r = runHook(
      {
        registration: {
          PreToolUse: [
            { matcher: "*", hooks: [{ type: "command", command: 'echo \'{"decision":"approve"}\'' }] },
            { matcher: "Bash", hooks: [{ type: "command", command: "sleep 0.3; echo nope >&2; exit 2" }] },
            { hooks: [{ type: "command", command: 'sleep 0.3; echo \'{"decision":"approve"}\'' }] },
            { hooks: [{ type: "http", url: "http://127.0.0.1:9" }] },
          ],
        },
      },
      bashEvent("ls"),
    );
    expect(r).toMatchObject({
      selected: true,
      decision: "deny",
      blocked: true,
      exitCode: 2,
      stderr: "nope\n",
    });
    expect(r.runs?.map((x) => x.decision)).toEqual(["allow", "deny", "allow"]);
    expect(r.durationMs).toBeLessThan(r.runs!.reduce((a, x) => a + x.durationMs, 0)); // parallel
    expect(r.selection?.[3]?.reason).toMatch(/runs command hooks only/);
  });

  it("identical commands run once, as the harness dedupes them", () => {
    const h = { type: "command" as const, command: "echo once >&2" };
    const r = runHook(
      { registration: { PreToolUse: [{ hooks: [h] }, { matcher: "Bash", hooks: [h] }] } },
      bashEvent("ls"),
    );
    expect(r.runs).toBeUndefined();
    expect(r.stderr).toBe("once\n");
    expect(r.selection?.[1]?.reason).toMatch(/runs it once/);
  });

  it("the registered timeout (seconds) is honoured", () => {
    const r = runHook(
      { registration: { PreToolUse: [{ hooks: [{ type: "command", command: "sleep 5", timeout: 0.3 }] }] } },
      bashEvent("ls"),
      {
        killGraceMs: 100,
      },
    );
    expect(r).toMatchObject({ timedOut: true, decidedBy: "timeout", blocked: false });
    expect(r.durationMs).toBeLessThan(4_000);
  });
});
