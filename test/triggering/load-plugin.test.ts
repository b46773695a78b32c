import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadPlugin, PluginNotFoundError } from "../../src/adapters/claude-code/plugin/load-plugin.js";
import {
  packageSkillsDir,
  STUB_SKILL_BODY,
  stubSkillBodies,
} from "../../src/adapters/claude-code/plugin/prepare.js";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "vigiles-plugin-test-"));
  dirs.push(root);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  return root;
}

const skill = (name: string, description: string, body = "Do the thing.\n", extra = "") =>
  `---\nname: ${name}\ndescription: ${JSON.stringify(description)}\n${extra}---\n\n${body}`;

describe("loadPlugin", () => {
  it("reads manifest, skills, commands, agents, hooks and MCP servers of a sound plugin", () => {
    const root = tree({
      ".claude-plugin/plugin.json": JSON.stringify({ name: "demo", version: "1.0.0" }),
      "skills/greet/SKILL.md": skill(
        "greet",
        "Greets the user by name.",
        "Say hello.\n",
        "when_to_use: When someone says hi\n",
      ),
      "skills/farewell/SKILL.md": skill("farewell", "Says goodbye.", "Say bye.\n", "allowed-tools: [Bash]\n"),
      "commands/ship.md": "---\ndescription: Ship it\n---\nRun the release.\n",
      "agents/reviewer.md": "---\nname: code-reviewer\ndescription: Reviews diffs\n---\nYou review.\n",
      "hooks/hooks.json": JSON.stringify({
        hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "true" }] }] },
      }),
      ".mcp.json": JSON.stringify({ mcpServers: { github: { command: "gh-mcp" } } }),
    });
    const p = loadPlugin(root);
    expect(p.problems).toEqual([]);
    expect(p.name).toBe("demo");
    expect(p.manifest).toMatchObject({ version: "1.0.0" });
    expect(p.skills.map((s) => s.id)).toEqual(["demo:farewell", "demo:greet"]);
    const greet = p.skills.find((s) => s.name === "greet");
    expect(greet).toMatchObject({
      folder: "greet",
      description: "Greets the user by name.",
      whenToUse: "When someone says hi",
    });
    expect(greet?.body.trim()).toBe("Say hello.");
    expect(p.skills.find((s) => s.name === "farewell")?.frontmatter["allowed-tools"]).toEqual(["Bash"]);
    expect(p.commands).toMatchObject([{ name: "ship", description: "Ship it" }]);
    expect(p.agents).toMatchObject([{ name: "code-reviewer", description: "Reviews diffs" }]);
    expect(p.hooks?.dropped).toBe(false);
    expect(p.hooks?.config).toHaveProperty("hooks.PreToolUse");
    expect(p.mcpServers).toEqual({ github: { command: "gh-mcp" } });
  });

  it("reports what the harness would reject: names, folders, descriptions, listing cut, YAML", () => {
    const root = tree({
      ".claude-plugin/plugin.json": JSON.stringify({ name: "Demo_Plugin" }),
      "skills/Bad--Name/SKILL.md": skill("Bad--Name", "ok"),
      "skills/folder-a/SKILL.md": skill("folder-b", "ok"),
      "skills/long/SKILL.md": skill("long", "x".repeat(1025)),
      "skills/listing/SKILL.md": skill(
        "listing",
        "d".repeat(1000),
        "b\n",
        `when_to_use: ${"w".repeat(600)}\n`,
      ),
      "skills/broken/SKILL.md": "---\nname: broken\ndescription: [unclosed\n---\nbody\n",
      "skills/nodesc/SKILL.md": "---\nname: nodesc\n---\nbody\n",
      "skills/empty-folder/README.md": "no skill here",
      [`skills/${"a".repeat(65)}/SKILL.md`]: skill("a".repeat(65), "too long a name"),
    });
    const p = loadPlugin(root);
    const codes = p.problems.map((x) => `${x.code}@${x.path}`);
    expect(codes).toEqual(
      expect.arrayContaining([
        "manifest-name@.claude-plugin/plugin.json",
        "skill-name@skills/Bad--Name/SKILL.md",
        "skill-name-folder@skills/folder-a/SKILL.md",
        "skill-description@skills/long/SKILL.md",
        "skill-listing-cut@skills/listing/SKILL.md",
        "skill-frontmatter@skills/broken/SKILL.md",
        "skill-description@skills/nodesc/SKILL.md",
        "skill-file-missing@skills/empty-folder",
        `skill-name@skills/${"a".repeat(65)}/SKILL.md`,
      ]),
    );
    // Severities follow what Claude Code 2.1.328 does (real-cli.test.ts pins it): only a skill with no
    // description goes unlisted; bad names, mismatched names, long descriptions are listed anyway.
    const severityOf = (code: string, path: string) =>
      p.problems.find((x) => x.code === code && x.path === path)?.severity;
    expect(severityOf("skill-description", "skills/nodesc/SKILL.md")).toBe("error");
    expect(severityOf("skill-description", "skills/long/SKILL.md")).toBe("warning");
    expect(severityOf("skill-name", "skills/Bad--Name/SKILL.md")).toBe("warning");
    expect(severityOf("skill-name-folder", "skills/folder-a/SKILL.md")).toBe("warning");
    expect(severityOf("skill-listing-cut", "skills/listing/SKILL.md")).toBe("warning");
    expect(severityOf("skill-frontmatter", "skills/broken/SKILL.md")).toBe("error");
    expect(p.problems.find((x) => x.code === "manifest-name")).toMatchObject({ severity: "warning" });
    expect(p.problems.find((x) => x.code === "manifest-name")?.message).toContain('"Demo_Plugin"');
    expect(p.loads).toBe(true);
    // Listed under its folder; the frontmatter name is an alias.
    expect(p.skills.find((s) => s.folder === "folder-a")).toMatchObject({
      id: "Demo_Plugin:folder-a",
      name: "folder-b",
    });
  });

  it("warns when plugin.json names the standard hooks/hooks.json or lists a hooks file twice", () => {
    const root = tree({
      ".claude-plugin/plugin.json": JSON.stringify({ name: "demo", hooks: "./hooks/hooks.json" }),
      "hooks/hooks.json": JSON.stringify({ hooks: { Stop: [] } }),
    });
    const p = loadPlugin(root);
    expect(p.problems.map((x) => `${x.code}:${x.severity}`)).toEqual(["hooks-standard-file-listed:warning"]);
    expect(p.hooks?.dropped).toBe(false);
    expect(p.loads).toBe(true);
    const twice = tree({
      ".claude-plugin/plugin.json": JSON.stringify({
        name: "demo",
        hooks: ["./hooks/more.json", "././hooks/more.json"],
      }),
    });
    expect(loadPlugin(twice).problems.map((x) => `${x.code}:${x.severity}`)).toEqual([
      "hooks-duplicate-file:warning",
    ]);
    const notHooks = tree({
      ".claude-plugin/plugin.json": '{"name":"demo"}',
      "hooks/hooks.json": '{"PreToolUse": []}',
    });
    expect(loadPlugin(notHooks).hooks?.dropped).toBe(true);
  });

  it("rejects manifest paths the harness rejects (the whole plugin then does not load)", () => {
    for (const manifest of [
      { hooks: "hooks/more.json" },
      { hooks: ["${CLAUDE_PLUGIN_ROOT}/hooks/more.json"] },
      { hooks: "./hooks/more.yaml" },
      { commands: "cmds" },
      { skills: ["./ok", "extra"] },
      { agents: "./agents" },
      { agents: [42] },
    ]) {
      const p = loadPlugin(
        tree({ ".claude-plugin/plugin.json": JSON.stringify({ name: "demo", ...manifest }) }),
      );
      expect(p.problems.map((x) => `${x.code}:${x.severity}`)).toContain("manifest-path:error");
      expect(p.problems.find((x) => x.code === "manifest-path")?.message).toMatch(
        /does not load the plugin at all/,
      );
      expect(p.loads).toBe(false);
    }
    expect(loadPlugin(tree({ ".claude-plugin/plugin.json": "{oops" })).loads).toBe(false);
    for (const manifest of ['{"version":"1.0.0"}', '{"name":"has space"}', '{"name":""}']) {
      const p = loadPlugin(tree({ ".claude-plugin/plugin.json": manifest }));
      expect(p.problems.map((x) => `${x.code}:${x.severity}`)).toEqual(["manifest-name:error"]);
      expect(p.loads).toBe(false);
    }
  });

  it("honours manifest component paths: skills add to skills/, commands and agents replace their folders", () => {
    const root = tree({
      ".claude-plugin/plugin.json": JSON.stringify({
        name: "cp",
        skills: ["./extra", "./single/foo"],
        commands: ["./c/one.md", "./more-cmds"],
        agents: ["./ags/a1.md"],
      }),
      "skills/bar/SKILL.md": skill("bar", "Bar."),
      "extra/baz/SKILL.md": skill("baz", "Baz."),
      "single/foo/SKILL.md": skill("foo", "Foo."),
      "commands/dflt.md": "---\ndescription: default\n---\nx\n",
      "c/one.md": "---\ndescription: one\n---\nx\n",
      "c/two.md": "---\ndescription: two\n---\nx\n",
      "more-cmds/three.md": "x\n",
      "agents/a2.md": "---\nname: a2\ndescription: A2\n---\nx\n",
      "ags/a1.md": "---\nname: a1\ndescription: A1\n---\nx\n",
    });
    const p = loadPlugin(root);
    expect(p.problems).toEqual([]);
    expect(p.skills.map((s) => s.id)).toEqual(["cp:bar", "cp:baz", "cp:foo"]);
    expect(p.commands.map((c) => c.name)).toEqual(["one", "three"]);
    expect(p.agents.map((a) => a.name)).toEqual(["a1"]);
  });

  it("names a manifest-less plugin after its folder, with a warning; bad JSON is an error", () => {
    const root = tree({
      "skills/greet/SKILL.md": skill("greet", "Greets."),
      "hooks/hooks.json": "{nope",
      ".mcp.json": "[]",
    });
    const p = loadPlugin(root);
    expect(p.manifest).toBeUndefined();
    expect(p.skills[0]?.id.startsWith("vigiles-plugin-test-")).toBe(true);
    expect(p.problems.map((x) => `${x.code}:${x.severity}`)).toEqual([
      "manifest-missing:warning",
      "hooks-json:error",
      "mcp-json:error",
    ]);
  });

  it("throws a named error for a missing directory", () => {
    expect(() => loadPlugin("/nonexistent/plugin")).toThrow(PluginNotFoundError);
  });
});

describe("throwaway plugins", () => {
  it("packages a loose skills dir into a plugin whose skills resolve as <name>:<skill>", () => {
    const skills = tree({ "greet/SKILL.md": skill("greet", "Greets."), "greet/helper.sh": "echo hi\n" });
    const pkg = packageSkillsDir(skills, "my-skills");
    try {
      const p = loadPlugin(pkg.dir);
      expect(p.problems).toEqual([]);
      expect(p.skills.map((s) => s.id)).toEqual(["my-skills:greet"]);
      expect(readFileSync(join(pkg.dir, "skills/greet/helper.sh"), "utf8")).toBe("echo hi\n");
    } finally {
      pkg.cleanup();
      pkg.cleanup();
    }
    expect(() => packageSkillsDir(tree({ "README.md": "" }))).toThrow(/holds no <skill>\/SKILL.md/);
  });

  it("stubs bodies, keeps frontmatter byte for byte, leaves the original alone, and is idempotent", () => {
    const original = skill(
      "greet",
      "Greets the user.",
      "SECRET-PROCEDURE step 1\nstep 2\n",
      "when_to_use: hi\n",
    );
    const root = tree({ ".claude-plugin/plugin.json": '{"name":"demo"}', "skills/greet/SKILL.md": original });
    const once = stubSkillBodies(root);
    const twice = stubSkillBodies(once.dir);
    try {
      const text = readFileSync(join(once.dir, "skills/greet/SKILL.md"), "utf8");
      expect(text).not.toContain("SECRET-PROCEDURE");
      expect(text.startsWith(original.slice(0, original.indexOf("---\n\n") + 4))).toBe(true);
      expect(text).toContain(STUB_SKILL_BODY);
      expect(loadPlugin(once.dir).skills[0]).toMatchObject({
        description: "Greets the user.",
        whenToUse: "hi",
      });
      expect(readFileSync(join(twice.dir, "skills/greet/SKILL.md"), "utf8")).toBe(text);
      expect(readFileSync(join(root, "skills/greet/SKILL.md"), "utf8")).toBe(original);
    } finally {
      once.cleanup();
      twice.cleanup();
    }
  });

  // Pins issue 33: `stubSkillBodies(".")` in a repository copied `.git` and `node_modules` (1.5 GB)
  // on every eval file. The stub leaves `.git` out, links `node_modules` to the source's real path
  // (a hook still finds its tools), and a SKILL.md that is a link is replaced, never written through.
  it("leaves .git out, links node_modules, and never writes a linked SKILL.md's source", () => {
    const original = skill("greet", "Greets.", "SECRET-PROCEDURE\n");
    const root = tree({
      ".claude-plugin/plugin.json": '{"name":"demo"}',
      "shared/greet.md": original,
      ".git/HEAD": "ref: refs/heads/main\n",
      "node_modules/tool/index.js": "module.exports = 1;\n",
      "scripts/hook.sh": "echo hi\n",
    });
    mkdirSync(join(root, "skills/greet"), { recursive: true });
    symlinkSync(join(root, "shared/greet.md"), join(root, "skills/greet/SKILL.md"));
    const stub = stubSkillBodies(root);
    try {
      expect(existsSync(join(stub.dir, ".git"))).toBe(false);
      expect(lstatSync(join(stub.dir, "node_modules")).isSymbolicLink()).toBe(true);
      expect(realpathSync(join(stub.dir, "node_modules"))).toBe(realpathSync(join(root, "node_modules")));
      expect(readFileSync(join(stub.dir, "scripts/hook.sh"), "utf8")).toBe("echo hi\n");
      expect(readFileSync(join(stub.dir, "skills/greet/SKILL.md"), "utf8")).toContain(STUB_SKILL_BODY);
      expect(readFileSync(join(root, "shared/greet.md"), "utf8")).toBe(original);
    } finally {
      stub.cleanup();
    }
    expect(existsSync(join(root, "node_modules/tool/index.js"))).toBe(true);
  });
});
