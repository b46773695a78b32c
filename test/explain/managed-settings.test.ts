// Pins `explain` on managed settings: their hooks are listed first and labelled, and the keys that
// switch hooks off are honoured the way the REAL CLI (2.1.328) honours them. The real runs read the
// test's managed folder through `managedSettingsDir`, which the confined run binds over
// /etc/claude-code inside its own mount namespace only (/etc there is a tmpfs holding binds of the
// host's entries when the host has no /etc/claude-code), so nothing is created on the machine's /etc.
// The pinned CLI has no public override for that folder: CLAUDE_CODE_MANAGED_SETTINGS_PATH is
// ignored (a run with it set fires no managed hook).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { explainEvent } from "../../src/tools/explain/explain-event.js";
import { hookSources } from "../../src/tools/explain/hook-sources.js";
import { runHarnessTest } from "../../src/tiers/harness/run-harness-test.js";
import { bwrapAvailable } from "../../src/runtime/confine.js";

const cmd = (command: string) => ({ type: "command", command });
const projectHook = {
  PreToolUse: [{ matcher: "Bash", hooks: [cmd("cat > /dev/null; echo project >&2; exit 0")] }],
};
const managedHook = {
  PreToolUse: [{ matcher: "Bash", hooks: [cmd("cat > /dev/null; echo managed >&2; exit 0")] }],
};
const bash = { hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "echo hi" } };

let scratch: string;
let repo: string;
let home: string;
let managed: string;

function setUp(managedSettings: Record<string, unknown> | undefined, project: Record<string, unknown>) {
  rmSync(managed, { recursive: true, force: true });
  mkdirSync(managed, { recursive: true });
  if (managedSettings)
    writeFileSync(join(managed, "managed-settings.json"), JSON.stringify(managedSettings, null, 2));
  writeFileSync(join(repo, ".claude/settings.json"), JSON.stringify(project, null, 2));
}

/** What explain predicts: `<source>:<stderr word>` of each selected handler, in order. */
function predicted(): string[] {
  const e = explainEvent(bash, hookSources(repo, { home, managedDir: managed }), { cwd: repo });
  return e.handlers
    .filter((h) => h.selected)
    .map((h) => /echo (\w+)/.exec(h.handler.command ?? "")?.[1] ?? "?");
}

beforeAll(() => {
  // Under /var/tmp, not /tmp: the confined CLI's /tmp is bound in read-write, and a file we bind in must not move.
  scratch = mkdtempSync("/var/tmp/vigiles-explain-managed-");
  repo = join(scratch, "repo");
  home = join(scratch, "home");
  managed = join(scratch, "managed");
  mkdirSync(join(repo, ".claude"), { recursive: true });
  mkdirSync(home);
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("explain with managed settings", () => {
  test("managed hooks come first, labelled, with their file and line; drop-ins after the main file", () => {
    setUp({ hooks: managedHook }, { hooks: projectHook });
    mkdirSync(join(managed, "managed-settings.d"));
    writeFileSync(join(managed, "managed-settings.d/10-more.json"), JSON.stringify({ hooks: managedHook }));
    const sources = hookSources(repo, { home, managedDir: managed });
    expect(sources.map((s) => s.kind)).toEqual(["managed settings", "managed settings", "project settings"]);
    const e = explainEvent(bash, sources, { cwd: repo });
    expect(e.restriction).toBeUndefined();
    expect(e.handlers.map((h) => [h.source, h.file, h.line, h.selected])).toEqual([
      ["managed settings", join(managed, "managed-settings.json"), 7, true],
      ["managed settings", join(managed, "managed-settings.d/10-more.json"), 1, true],
      ["project settings", ".claude/settings.json", 7, true],
    ]);
  });

  test("the managed folder comes from VIGILES_MANAGED_SETTINGS_DIR when not given", () => {
    setUp({ hooks: managedHook }, {});
    const before = process.env["VIGILES_MANAGED_SETTINGS_DIR"];
    process.env["VIGILES_MANAGED_SETTINGS_DIR"] = managed;
    try {
      expect(hookSources(repo, { home }).map((s) => s.kind)).toEqual(["managed settings"]);
    } finally {
      if (before === undefined) delete process.env["VIGILES_MANAGED_SETTINGS_DIR"];
      else process.env["VIGILES_MANAGED_SETTINGS_DIR"] = before;
    }
  });

  test("allowManagedHooksOnly: project hooks are listed as skipped, with the key and file as the reason", () => {
    setUp({ hooks: managedHook, allowManagedHooksOnly: true }, { hooks: projectHook });
    const e = explainEvent(bash, hookSources(repo, { home, managedDir: managed }), { cwd: repo, run: true });
    expect(e.restriction).toMatchObject({ key: "allowManagedHooksOnly", scope: "all but managed hooks" });
    expect(e.handlers.map((h) => [h.source, h.selected])).toEqual([
      ["managed settings", true],
      ["project settings", false],
    ]);
    expect(e.handlers[1]?.reason).toMatch(
      /allowManagedHooksOnly in .*managed-settings\.json .*only managed hooks run/,
    );
    // Only the managed hook ran.
    expect(e.handlers.map((h) => h.decision !== undefined)).toEqual([true, false]);
  });

  test("disableAllHooks: in managed settings every hook is off; in project settings managed hooks still run", () => {
    setUp({ hooks: managedHook, disableAllHooks: true }, { hooks: projectHook });
    expect(predicted()).toEqual([]);
    setUp({ hooks: managedHook }, { hooks: projectHook, disableAllHooks: true });
    expect(predicted()).toEqual(["managed"]);
    // A later local `false` undoes the project's `true`.
    writeFileSync(join(repo, ".claude/settings.local.json"), JSON.stringify({ disableAllHooks: false }));
    try {
      expect(predicted()).toEqual(["managed", "project"]);
    } finally {
      rmSync(join(repo, ".claude/settings.local.json"));
    }
  });

  test("the CLI labels managed hooks and prints the restriction", () => {
    setUp({ hooks: managedHook, allowManagedHooksOnly: true }, { hooks: projectHook });
    const r = spawnSync(
      process.execPath,
      [
        join(process.cwd(), "dist/cli/main.js"),
        "explain",
        "--tool",
        "Bash",
        "--command",
        "echo hi",
        "--managed-dir",
        managed,
      ],
      { cwd: repo, encoding: "utf8", env: { ...process.env, HOME: home } },
    );
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain(
      `allowManagedHooksOnly in ${join(managed, "managed-settings.json")} (managed settings) turns off all but managed hooks`,
    );
    expect(r.stdout).toMatch(/✓ fires .*managed-settings\.json:7:\d+/);
    expect(r.stdout).toMatch(/✗ skipped .*\.claude\/settings\.json:7:\d+/);
  });
});

describe.runIf(process.platform === "linux" && bwrapAvailable())("the real CLI with managed settings", () => {
  const cases: [string, Record<string, unknown>, Record<string, unknown>, Record<string, unknown>?][] = [
    ["a managed hook fires beside the project's", { hooks: managedHook }, { hooks: projectHook }],
    [
      "allowManagedHooksOnly suppresses the project hook",
      { hooks: managedHook, allowManagedHooksOnly: true },
      { hooks: projectHook },
    ],
    [
      "managed disableAllHooks turns every hook off",
      { hooks: managedHook, disableAllHooks: true },
      { hooks: projectHook },
    ],
    [
      "project disableAllHooks leaves the managed hook",
      { hooks: managedHook },
      { hooks: projectHook, disableAllHooks: true },
    ],
    [
      "a local disableAllHooks false undoes the project's true",
      { hooks: managedHook },
      { hooks: projectHook, disableAllHooks: true },
      { disableAllHooks: false },
    ],
  ];
  test.each(cases)("%s, as explain predicts", async (_name, managedSettings, project, local) => {
    setUp(managedSettings, project);
    if (local) writeFileSync(join(repo, ".claude/settings.local.json"), JSON.stringify(local));
    const r = await runHarnessTest({
      prompt: "go",
      model: [{ tool: "Bash", input: { command: "echo hi" } }, { text: "done" }],
      settings: project,
      ...(local ? { files: { ".claude/settings.local.json": JSON.stringify(local) } } : {}),
      // Bound over /etc/claude-code inside the confined run only: nothing is created on the host.
      managedSettingsDir: managed,
      transcript: true,
    });
    try {
      const fired = (r.hooks ?? []).filter((h) => h.event === "PreToolUse").map((h) => h.stderr.trim());
      expect(fired).toEqual(predicted());
    } finally {
      r.cleanup();
      rmSync(join(repo, ".claude/settings.local.json"), { force: true });
    }
  });
});
