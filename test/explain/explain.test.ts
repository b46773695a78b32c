// Pins `explain`: every hook source in load order, each handler with why it fires or not and its
// file:line, decisions only when asked to run; and it agrees with what the real CLI fired for the
// same event in a harness run (the same settings and plugin).
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { explainEvent } from "../../src/tools/explain/explain-event.js";
import { hookSources } from "../../src/tools/explain/hook-sources.js";
import { runHarnessTest } from "../../src/tiers/harness/run-harness-test.js";

const scratch = join(process.cwd(), ".vigiles/tmp");
let repo: string;
let home: string;
/** An empty managed-settings folder: these tests never read the machine's /etc/claude-code. */
let noManaged: string;

const settings = {
  hooks: {
    PreToolUse: [
      { matcher: "Edit|Write", hooks: [{ type: "command", command: "exit 0" }] },
      {
        matcher: "Bash",
        hooks: [{ type: "command", command: "cat > /dev/null; exit 0", if: "Bash(git push:*)" }],
      },
      { matcher: "Bash", hooks: [{ type: "command", command: "cat > /dev/null; exit 0" }] },
    ],
  },
};

beforeAll(() => {
  mkdirSync(scratch, { recursive: true });
  repo = mkdtempSync(join(scratch, "explain-"));
  home = mkdtempSync(join(scratch, "explain-home-"));
  noManaged = mkdtempSync(join(scratch, "explain-managed-"));
  mkdirSync(join(repo, ".claude"));
  writeFileSync(join(repo, ".claude/settings.json"), `${JSON.stringify(settings, null, 2)}\n`);
  cpSync("examples/guard-plugin", join(repo, "guard-plugin"), {
    recursive: true,
    filter: (p) => !p.includes("/test"),
  });
});
afterAll(() => {
  rmSync(repo, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
  rmSync(noManaged, { recursive: true, force: true });
});

const bash = (command: string) => ({
  hook_event_name: "PreToolUse",
  tool_name: "Bash",
  tool_input: { command },
});

describe("explain", () => {
  test("lists every handler in load order with why, and where it is registered", () => {
    const sources = hookSources(repo, { home, managedDir: noManaged });
    expect(sources.map((s) => [s.kind, s.file])).toEqual([
      ["project settings", ".claude/settings.json"],
      ["plugin", "guard-plugin/hooks/hooks.json"],
    ]);
    const e = explainEvent(bash("git status"), sources, { cwd: repo });
    expect(e.handlers.map((h) => [h.file, h.line, h.selected])).toEqual([
      [".claude/settings.json", 7, false],
      [".claude/settings.json", 16, false],
      [".claude/settings.json", 26, true],
      ["guard-plugin/hooks/hooks.json", 7, true],
    ]);
    expect(e.handlers[0]?.reason).toMatch(/does not match tool_name "Bash"/);
    expect(e.handlers[1]?.reason).toMatch(/if "Bash\(git push:\*\)"/);
    expect(e.outcome).toBeUndefined();
    expect(e.handlers.every((h) => h.decision === undefined)).toBe(true);
  });

  test("with run, each selected hook's decision and the combined outcome", () => {
    const e = explainEvent(
      bash("git push --force origin main"),
      hookSources(repo, { home, managedDir: noManaged }),
      {
        cwd: repo,
        run: true,
      },
    );
    const guard = e.handlers.find((h) => h.file.startsWith("guard-plugin"));
    expect(guard?.decision).toMatchObject({ decision: "deny", blocked: true });
    expect(e.outcome).toMatchObject({ decision: "deny", blocked: true });
  });

  test("agrees with the hooks the real CLI fired for the same tool call", async () => {
    const command = "echo hello";
    const predicted = explainEvent(bash(command), hookSources(repo, { home, managedDir: noManaged }), {
      cwd: repo,
    }).handlers.filter((h) => h.selected);
    const r = await runHarnessTest({
      prompt: "go",
      model: [{ tool: "Bash", input: { command } }, { text: "done" }, { text: "done again" }],
      settings,
      plugin: join(repo, "guard-plugin"),
      transcript: true,
    });
    try {
      const fired = (r.hooks ?? []).filter((h) => h.event === "PreToolUse");
      expect(fired.length).toBe(predicted.length);
      expect(predicted.length).toBe(2);
    } finally {
      r.cleanup();
    }
  });
});
