// What prepareCopilotRun writes, without starting the CLI: every place Copilot 1.0.102 reads hooks
// from (repository hooks files in subdirectories, `.github/copilot/settings*.json`, a copied project
// dir, plugins in each manifest layout, user-level hooks) ends up behind the recorder; skills and
// agents go to Copilot's `.github/skills` / `.github/agents`; and what cannot be recorded (an agent's
// frontmatter hooks, a manifest hooks path outside the plugin) is refused by name. The real runs that
// measured each location are in copilot-plugins.test.ts.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import type { RunDirs, SessionSpec } from "../../src/adapters/port.js";
import { prepareCopilotRun } from "../../src/adapters/copilot-cli/prepare.js";
import { buildCopilotLaunch } from "../../src/adapters/copilot-cli/launch.js";
import { copilotPluginCopyOf } from "../../src/adapters/copilot-cli/plugin-dirs.js";
import { COPILOT_PKG_CACHE_ENV } from "../../src/adapters/copilot-cli/package-cache.js";
import { frontmatterDeclaresHooks } from "../../src/adapters/copilot-cli/agent-hooks.js";
import { CopilotUnsupportedError } from "../../src/adapters/copilot-cli/errors.js";
import { InvalidOptionError } from "../../src/core/errors.js";

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function scratch(): { root: string; dirs: RunDirs } {
  const root = mkdtempSync(join(tmpdir(), "vigiles-copilot-prepare-"));
  roots.push(root);
  const dirs = { workDir: join(root, "work"), homeDir: join(root, "home"), tmpDir: join(root, "tmp") };
  for (const d of Object.values(dirs)) mkdirSync(d, { recursive: true });
  return { root, dirs };
}

function tree(root: string, files: Record<string, string>): string {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  return root;
}

const hooksFile = (command: string) =>
  JSON.stringify({ version: 1, hooks: { preToolUse: [{ type: "command", bash: command }] } });
const claudeHooksFile = (command: string) =>
  JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command }] }] } });

/** Every command string in a hooks file (flat handlers and Claude-style groups). */
function commandsOf(path: string): string[] {
  const parsed = JSON.parse(readFileSync(path, "utf8")) as { hooks: Record<string, unknown[]> };
  return Object.values(parsed.hooks).flatMap((entries) =>
    entries.flatMap((e) => {
      const entry = e as { bash?: string; hooks?: { bash?: string }[] };
      return entry.hooks ? entry.hooks.map((h) => h.bash ?? "") : [entry.bash ?? ""];
    }),
  );
}

const recorded = (dirs: RunDirs) => (command: string) =>
  command.startsWith(`'/bin/sh' '${join(dirs.tmpDir, "vigiles-hook-recorder.sh")}'`);

const spec = (extra: Partial<SessionSpec>): SessionSpec => ({ prompt: "go", ...extra });

describe("prepareCopilotRun: every hook source is recorded", () => {
  test("repository hooks in subdirectories, .github/copilot/settings*.json and a copied project dir's hooks", async () => {
    const { dirs } = scratch();
    // As session.ts does: the project dir is copied into the work dir before prepare.
    tree(dirs.workDir, { ".github/hooks/from-project.json": hooksFile("echo project") });
    await prepareCopilotRun(
      spec({
        files: {
          ".github/hooks/top.json": hooksFile("echo top {cwd}"),
          ".github/hooks/sub/deeper.json": hooksFile("echo deeper"),
          ".github/copilot/settings.json": JSON.stringify({ hooks: { preToolUse: [{ bash: "echo s" }] } }),
          ".github/copilot/settings.local.json": JSON.stringify({
            hooks: { agentStop: [{ type: "command", bash: "echo l" }] },
          }),
          ".claude/settings.json": claudeHooksFile("echo not-read-by-copilot"),
        },
        settings: { hooks: { PreToolUse: [{ hooks: [{ type: "command", command: "echo translated" }] }] } },
      }),
      dirs,
    );
    const w = (rel: string) => join(dirs.workDir, rel);
    for (const rel of [
      ".github/hooks/from-project.json",
      ".github/hooks/top.json",
      ".github/hooks/sub/deeper.json",
      ".github/copilot/settings.json",
      ".github/copilot/settings.local.json",
      ".github/hooks/vigiles-settings-hooks.json",
    ]) {
      const commands = commandsOf(w(rel));
      expect(commands.length, rel).toBeGreaterThan(0);
      expect(commands.every(recorded(dirs)), rel).toBe(true);
    }
    expect(commandsOf(w(".github/hooks/top.json"))[0]).toContain(`echo top ${dirs.workDir}`);
    // The events they register, for the unrecorded-hook check (PascalCase as Copilot logs it).
    expect(
      JSON.parse(readFileSync(join(dirs.tmpDir, "vigiles-copilot-registered-events.json"), "utf8")),
    ).toEqual(["agentStop", "preToolUse"]);
    // Copilot does not read Claude Code's settings (measured), so they are left as written.
    expect(readFileSync(w(".claude/settings.json"), "utf8")).toBe(
      claudeHooksFile("echo not-read-by-copilot"),
    );
  });

  test("a settings file without hooks is left alone", async () => {
    const { dirs } = scratch();
    const text = JSON.stringify({ model: "x" });
    await prepareCopilotRun(spec({ files: { ".github/copilot/settings.json": text } }), dirs);
    expect(readFileSync(join(dirs.workDir, ".github/copilot/settings.json"), "utf8")).toBe(text);
  });

  test("plugins in each manifest layout are copied with every hooks file wrapped, and launched by their copies", async () => {
    const { root, dirs } = scratch();
    const claude = tree(join(root, "src", "claude-style"), {
      ".claude-plugin/plugin.json": JSON.stringify({ name: "claude-style" }),
      "hooks/hooks.json": claudeHooksFile('bash "${CLAUDE_PLUGIN_ROOT}/guard.sh"'),
      "guard.sh": "exit 0\n",
    });
    const named = tree(join(root, "src", "named"), {
      ".github/plugin/plugin.json": JSON.stringify({ name: "named", hooks: "config/my-hooks.json" }),
      "config/my-hooks.json": hooksFile("echo named"),
    });
    const inline = tree(join(root, "src", "inline"), {
      ".plugin/plugin.json": JSON.stringify({
        name: "inline",
        hooks: { agentStop: [{ bash: "echo inline" }] },
      }),
    });
    const skillOnly = tree(join(root, "src", "skill-only"), { "SKILL.md": "---\nname: s\n---\nbody\n" });
    const sources = [claude, named, inline, skillOnly];
    await prepareCopilotRun(spec({ pluginDirs: sources }), dirs);
    const copy = (i: number) => copilotPluginCopyOf(dirs, i, sources[i] ?? "");
    expect(commandsOf(join(copy(0), "hooks/hooks.json")).every(recorded(dirs))).toBe(true);
    expect(commandsOf(join(copy(1), "config/my-hooks.json")).every(recorded(dirs))).toBe(true);
    const manifest = JSON.parse(readFileSync(join(copy(2), ".plugin/plugin.json"), "utf8")) as {
      name: string;
    };
    expect(manifest.name).toBe("inline");
    expect(commandsOf(join(copy(2), ".plugin/plugin.json")).every(recorded(dirs))).toBe(true);
    // The fixture's own plugin is never changed.
    expect(readFileSync(join(claude, "hooks/hooks.json"), "utf8")).toBe(
      claudeHooksFile('bash "${CLAUDE_PLUGIN_ROOT}/guard.sh"'),
    );
    // A stand-in unpacked package (launch only checks that it is there), so no CLI is needed.
    const cache = tree(join(root, "pkg-cache"), {
      "9.9.9/pkg/linux-x64/9.9.9/index.js": "",
      "9.9.9/pkg/linux-x64/9.9.9/cli-main.js": "",
    });
    const saved = process.env[COPILOT_PKG_CACHE_ENV];
    process.env[COPILOT_PKG_CACHE_ENV] = cache;
    let launch;
    try {
      launch = buildCopilotLaunch({
        harness: { path: "/bin/copilot", version: "9.9.9" },
        spec: spec({ pluginDirs: sources }),
        dirs,
        endpoint: { kind: "mock", baseUrl: "http://127.0.0.1:1", apiKey: "k" },
        asRoot: false,
      } as never);
    } finally {
      if (saved === undefined) delete process.env[COPILOT_PKG_CACHE_ENV];
      else process.env[COPILOT_PKG_CACHE_ENV] = saved;
    }
    const args = [...launch.argv];
    expect(args.filter((a) => a === "--plugin-dir").length).toBe(4);
    expect(args).toContain(copy(0));
    expect(args).not.toContain(claude);
  }, 30_000);

  test("user-level hooks go to the private COPILOT_HOME/hooks, recorded; a bad file name is refused", async () => {
    const { dirs } = scratch();
    await prepareCopilotRun(spec({}), dirs, { userHooks: { "guard.json": hooksFile("echo user") } });
    const commands = commandsOf(join(dirs.homeDir, ".copilot", "hooks", "guard.json"));
    expect(commands.length).toBe(1);
    expect(commands.every(recorded(dirs))).toBe(true);
    await expect(
      prepareCopilotRun(spec({}), scratch().dirs, { userHooks: { "../x.json": hooksFile("x") } }),
    ).rejects.toThrow(InvalidOptionError);
  });

  test("skills and agents are written in Copilot's repository layout", async () => {
    const { dirs } = scratch();
    await prepareCopilotRun(
      spec({
        skills: { greet: "---\nname: greet\n---\nG\n" },
        agents: { helper: "---\nname: helper\n---\nH\n" },
      }),
      dirs,
    );
    expect(readFileSync(join(dirs.workDir, ".github/skills/greet/SKILL.md"), "utf8")).toContain("G");
    expect(readFileSync(join(dirs.workDir, ".github/agents/helper.agent.md"), "utf8")).toContain("H");
    await expect(prepareCopilotRun(spec({ skills: { "../x": "t" } }), scratch().dirs)).rejects.toThrow(
      InvalidOptionError,
    );
  });
});

describe("prepareCopilotRun: what cannot be recorded is refused by name", () => {
  const hookedAgent = "---\nname: hooked\nhooks:\n  preToolUse:\n    - bash: echo x\n---\nbody\n";

  test("frontmatter hooks are told apart from a body that mentions hooks", () => {
    expect(frontmatterDeclaresHooks(hookedAgent)).toBe(true);
    expect(frontmatterDeclaresHooks("---\nname: a\n---\nhooks: in the body\n")).toBe(false);
    expect(frontmatterDeclaresHooks("no frontmatter\nhooks: x\n")).toBe(false);
  });

  test("an agent that declares hooks, from the spec, a fixture file or a plugin", async () => {
    await expect(
      prepareCopilotRun(spec({ agents: { hooked: hookedAgent } }), scratch().dirs),
    ).rejects.toThrow(/frontmatter of \.github\/agents\/hooked\.agent\.md/);
    await expect(
      prepareCopilotRun(spec({ files: { ".claude/agents/a.md": hookedAgent } }), scratch().dirs),
    ).rejects.toThrow(CopilotUnsupportedError);
    const { root, dirs } = scratch();
    const plugin = tree(join(root, "p"), {
      "plugin.json": JSON.stringify({ name: "p" }),
      "agents/hooked.md": hookedAgent,
    });
    await expect(prepareCopilotRun(spec({ pluginDirs: [plugin] }), dirs)).rejects.toThrow(
      /hooks declared in the frontmatter of .*agents\/hooked\.md/,
    );
  });

  test("a plugin without a manifest, a manifest hooks path outside the plugin, a non-command hook", async () => {
    const { root, dirs } = scratch();
    const bare = tree(join(root, "bare"), { "README.md": "x" });
    await expect(prepareCopilotRun(spec({ pluginDirs: [bare] }), dirs)).rejects.toThrow(
      /is not a Copilot CLI plugin/,
    );
    const outside = tree(join(root, "outside"), {
      "plugin.json": JSON.stringify({ name: "o", hooks: "../elsewhere.json" }),
    });
    await expect(prepareCopilotRun(spec({ pluginDirs: [outside] }), scratch().dirs)).rejects.toThrow(
      /outside the plugin/,
    );
    const http = tree(join(root, "http"), {
      "plugin.json": JSON.stringify({ name: "h" }),
      "hooks/hooks.json": JSON.stringify({ hooks: { preToolUse: [{ type: "http", url: "https://x" }] } }),
    });
    await expect(prepareCopilotRun(spec({ pluginDirs: [http] }), scratch().dirs)).rejects.toThrow(
      CopilotUnsupportedError,
    );
  });
});
