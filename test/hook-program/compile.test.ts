import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { compileHooks, CompileError } from "../../src/tiers/hook-program/compile.js";
import { runHook } from "../../src/tiers/run-hook/run-hook.js";
import { distCli, makeProject, requireDist, type Project } from "./project.js";

let project: Project | undefined;
beforeAll(() => requireDist());
afterEach(() => project?.cleanup());

const foreign = {
  permissions: { allow: ["Bash(npm test)"] },
  hooks: {
    PreToolUse: [
      { matcher: "Bash", hooks: [{ type: "command", command: "bash hooks/mine.sh", timeout: 5 }] },
    ],
    Stop: [{ hooks: [{ type: "command", command: "echo bye" }] }],
  },
};
const settingsPath = (p: Project) => join(p.dir, ".claude/settings.json");
const readSettings = (p: Project) =>
  JSON.parse(readFileSync(settingsPath(p), "utf8")) as typeof foreign & Record<string, unknown>;
const seed = (p: Project, value: unknown) => {
  mkdirSync(join(p.dir, ".claude"), { recursive: true });
  writeFileSync(settingsPath(p), `${JSON.stringify(value, null, 2)}\n`);
};
const programs = (p: Project, ...names: string[]) => names.map((n) => join(p.dir, ".vigiles/hooks", n));

describe("compileHooks into .claude/settings.json", () => {
  it("adds marked registrations and keeps every entry it did not write", async () => {
    project = makeProject(["guard.mjs", "stop-gate.mjs"]);
    seed(project, foreign);
    const r = await compileHooks(programs(project, "guard.mjs", "stop-gate.mjs"), {
      projectDir: project.dir,
      runtimeFile: project.runtime,
    });
    expect(r.changed).toBe(true);
    const s = readSettings(project);
    expect(s.permissions).toEqual(foreign.permissions);
    expect(s.hooks.PreToolUse[0]).toEqual(foreign.hooks.PreToolUse[0]);
    expect(s.hooks.Stop[0]).toEqual(foreign.hooks.Stop[0]);
    const guard = s.hooks.PreToolUse[1] as { matcher: string; hooks: { command: string; timeout: number }[] };
    expect(guard.matcher).toBe("Bash");
    expect(guard.hooks[0]?.command).toMatch(
      /^node "\$\{CLAUDE_PROJECT_DIR\}\/node_modules\/vigiles\/dist\/tiers\/hook-program\/runtime\.js" "\$\{CLAUDE_PROJECT_DIR\}\/\.vigiles\/hooks\/guard\.mjs" # vigiles:compiled sha256-[0-9a-f]{16} \.vigiles\/hooks\/guard\.mjs$/,
    );
    expect(JSON.stringify(s)).not.toMatch(/npx/);
    const stop = s.hooks.Stop[1] as { matcher?: string; hooks: { command: string }[] };
    expect(stop.matcher).toBeUndefined();
    expect(stop.hooks[0]?.command).toContain("stop-gate.mjs");
  });

  it("the registration it writes blocks when the harness runs it", async () => {
    project = makeProject(["guard.mjs"]);
    await compileHooks(programs(project, "guard.mjs"), {
      projectDir: project.dir,
      runtimeFile: project.runtime,
    });
    const registration = readSettings(project);
    const denied = runHook(
      { registration },
      { tool_name: "Bash", tool_input: { command: "sudo git push -f" } },
      { cwd: project.dir },
    );
    expect(denied.blocked).toBe(true);
    expect(denied.reason).toMatch(/no force-push/);
    const allowed = runHook(
      { registration },
      { tool_name: "Bash", tool_input: { command: "git push" } },
      { cwd: project.dir },
    );
    expect(allowed.blocked).toBe(false);
    expect(allowed.exitCode).toBe(0);
  });

  it("is idempotent, and --check passes on an up-to-date file", async () => {
    project = makeProject(["guard.mjs"]);
    seed(project, foreign);
    const opts = { projectDir: project.dir, runtimeFile: project.runtime };
    await compileHooks(programs(project, "guard.mjs"), opts);
    const before = readFileSync(settingsPath(project), "utf8");
    const again = await compileHooks(programs(project, "guard.mjs"), opts);
    expect(again.changed).toBe(false);
    expect(readFileSync(settingsPath(project), "utf8")).toBe(before);
    const check = await compileHooks(programs(project, "guard.mjs"), { ...opts, check: true });
    expect(check.problems).toEqual([]);
    expect(check.changed).toBe(false);
  });

  it("detects a hand-edited registration, refuses to overwrite it, and overwrites with force", async () => {
    project = makeProject(["guard.mjs"]);
    const opts = { projectDir: project.dir, runtimeFile: project.runtime };
    await compileHooks(programs(project, "guard.mjs"), opts);
    const s = readSettings(project);
    (s.hooks.PreToolUse[0] as { matcher: string }).matcher = "Bash|Write";
    seed(project, s);
    const check = await compileHooks(programs(project, "guard.mjs"), { ...opts, check: true });
    expect(check.problems.map((p) => p.kind)).toContain("hand-edited");
    expect(check.problems[0]?.message).toMatch(/guard\.mjs \(PreToolUse\) was edited by hand/);
    await expect(compileHooks(programs(project, "guard.mjs"), opts)).rejects.toThrow(CompileError);
    await expect(compileHooks(programs(project, "guard.mjs"), opts)).rejects.toThrow(/--force/);
    expect(readSettings(project).hooks.PreToolUse[0]).toMatchObject({ matcher: "Bash|Write" });
    await compileHooks(programs(project, "guard.mjs"), { ...opts, force: true });
    expect(readSettings(project).hooks.PreToolUse[0]).toMatchObject({ matcher: "Bash" });
  });

  it("removes the registration of a program that no longer exists, and only that one", async () => {
    project = makeProject(["guard.mjs", "stop-gate.mjs"]);
    seed(project, foreign);
    const opts = { projectDir: project.dir, runtimeFile: project.runtime };
    await compileHooks(programs(project, "guard.mjs", "stop-gate.mjs"), opts);
    rmSync(join(project.dir, ".vigiles/hooks/stop-gate.mjs"));
    const check = await compileHooks(programs(project, "guard.mjs"), { ...opts, check: true });
    expect(check.problems.map((p) => p.kind)).toEqual(["orphan"]);
    await compileHooks(programs(project, "guard.mjs"), opts);
    const s = readSettings(project);
    expect(s.hooks.Stop).toEqual(foreign.hooks.Stop);
    expect(s.hooks.PreToolUse).toHaveLength(2);
  });

  it("keeps several programs of one event in their order, so a second compile is a no-op", async () => {
    project = makeProject(["guard.mjs", "protect-paths.hook.ts", "observe-guard.mjs"]);
    const opts = { projectDir: project.dir, runtimeFile: project.runtime };
    const files = programs(project, "guard.mjs", "protect-paths.hook.ts", "observe-guard.mjs");
    await compileHooks(files, opts);
    const order = () =>
      (readSettings(project as Project).hooks.PreToolUse as { hooks: { command: string }[] }[]).map((g) =>
        g.hooks[0]?.command.split(" ").at(-1),
      );
    expect(order()).toEqual([
      ".vigiles/hooks/guard.mjs",
      ".vigiles/hooks/protect-paths.hook.ts",
      ".vigiles/hooks/observe-guard.mjs",
    ]);
    expect((await compileHooks(files, opts)).changed).toBe(false);
    expect((await compileHooks([...files].reverse(), opts)).changed).toBe(false);
  });

  it("never overwrites a settings file that is not JSON", async () => {
    project = makeProject(["guard.mjs"]);
    mkdirSync(join(project.dir, ".claude"));
    writeFileSync(settingsPath(project), "{ not json");
    await expect(
      compileHooks(programs(project, "guard.mjs"), { projectDir: project.dir, runtimeFile: project.runtime }),
    ).rejects.toThrow(/not valid JSON; fix it by hand first/);
    expect(readFileSync(settingsPath(project), "utf8")).toBe("{ not json");
  });
});

describe("compileHooks into a plugin", () => {
  it("writes hooks/hooks.json naming the plugin's bundle, quoted, and runHook runs it from the plugin", async () => {
    project = makeProject(["guard.mjs"], "plugin/hooks");
    const plugin = join(project.dir, "plugin");
    mkdirSync(join(plugin, ".claude-plugin"));
    writeFileSync(join(plugin, ".claude-plugin/plugin.json"), '{"name":"demo"}');
    const r = await compileHooks([join(plugin, "hooks/guard.mjs")], {
      projectDir: project.dir,
      pluginDir: plugin,
    });
    expect(r.warnings).toEqual([]);
    expect(r.bundles).toEqual([join(plugin, "hooks/vigiles/guard.mjs")]);
    const hooksJson = JSON.parse(readFileSync(join(plugin, "hooks/hooks.json"), "utf8")) as {
      hooks: { PreToolUse: { hooks: { command: string }[] }[] };
    };
    const command = hooksJson.hooks.PreToolUse[0]?.hooks[0]?.command ?? "";
    expect(command).toMatch(
      /^node "\$\{CLAUDE_PLUGIN_ROOT\}\/hooks\/vigiles\/guard\.mjs" # vigiles:compiled sha256-[0-9a-f]{16} hooks\/guard\.mjs$/,
    );
    const denied = runHook(
      { registration: hooksJson, pluginRoot: plugin },
      { tool_name: "Bash", tool_input: { command: "git push --force" } },
      { cwd: project.dir },
    );
    expect(denied.blocked).toBe(true);
  });

  it("inlines a program from outside the plugin, naming it relative to the plugin, without a warning", async () => {
    project = makeProject(["guard.mjs"]);
    const plugin = join(project.dir, "plugin");
    const r = await compileHooks(programs(project, "guard.mjs"), {
      projectDir: project.dir,
      pluginDir: plugin,
    });
    expect(r.warnings).toEqual([]);
    expect(r.registrations[0]?.program).toBe("../.vigiles/hooks/guard.mjs");
    expect(readFileSync(join(plugin, "hooks/vigiles/guard.mjs"), "utf8")).toMatch(
      /^\/\/ vigiles:bundle sha256-[0-9a-f]{16} \.\.\/\.vigiles\/hooks\/guard\.mjs\n/,
    );
  });

  it("refuses two programs that would share a bundle, and a bundle passed as a program", async () => {
    project = makeProject(["guard.mjs"], "plugin/hooks");
    const plugin = join(project.dir, "plugin");
    mkdirSync(join(plugin, "more"));
    writeFileSync(join(plugin, "more/guard.hook.mjs"), readFileSync(join(plugin, "hooks/guard.mjs")));
    const both = [join(plugin, "hooks/guard.mjs"), join(plugin, "more/guard.hook.mjs")];
    await expect(compileHooks(both, { projectDir: project.dir, pluginDir: plugin })).rejects.toThrow(
      /hooks\/guard\.mjs and more\/guard\.hook\.mjs would both compile to hooks\/vigiles\/guard\.mjs/,
    );
    await compileHooks(both.slice(0, 1), { projectDir: project.dir, pluginDir: plugin });
    await expect(
      compileHooks([join(plugin, "hooks/vigiles/guard.mjs")], { projectDir: project.dir, pluginDir: plugin }),
    ).rejects.toThrow(/is a bundle vigiles compile wrote, not a hook program/);
  });
});

describe("vigiles compile (the CLI)", () => {
  const cli = (cwd: string, ...args: string[]) =>
    spawnSync(process.execPath, [distCli, "compile", ...args], { cwd, encoding: "utf8" });
  it("compiles .vigiles/hooks by default, then --check passes; a hand edit makes --check exit 1", async () => {
    project = makeProject(["guard.mjs", "warn-on-failure.mjs"]);
    writeFileSync(join(project.dir, ".vigiles/hooks/helper.mjs"), "export const x = 1;\n");
    const first = cli(project.dir);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/compiled \.vigiles\/hooks\/guard\.mjs → PreToolUse\[Bash\]/);
    expect(first.stderr).toMatch(/skipped \.vigiles\/hooks\/helper\.mjs/);
    expect(existsSync(settingsPath(project))).toBe(true);
    expect(cli(project.dir, "--check").status).toBe(0);
    const s = readFileSync(settingsPath(project), "utf8");
    writeFileSync(settingsPath(project), s.replace('"timeout": 30', '"timeout": 31'));
    const check = cli(project.dir, "--check");
    expect(check.status).toBe(1);
    expect(check.stderr).toMatch(/hand-edited/);
  });
  it("--check reports a stale file after a program changed its matcher", () => {
    project = makeProject(["guard.mjs"]);
    expect(cli(project.dir).status).toBe(0);
    const file = join(project.dir, ".vigiles/hooks/guard.mjs");
    writeFileSync(file, readFileSync(file, "utf8").replace('matcher: "Bash"', 'matcher: "Bash|Monitor"'));
    const check = cli(project.dir, "--check");
    expect(check.status).toBe(1);
    expect(check.stderr).toMatch(/stale: .*settings\.json differs/);
    expect(cli(project.dir).status).toBe(0);
    expect(readFileSync(settingsPath(project), "utf8")).toContain('"matcher": "Bash|Monitor"');
  });
  it("compiles an instruction spec beside the hook programs, and --check notices a hand edit of its output", () => {
    project = makeProject(["guard.mjs"]);
    writeFileSync(
      join(project.dir, "CLAUDE.md.spec.mjs"),
      'import { instructionFile, instructions } from "vigiles/spec";\nexport default instructionFile({ sections: { overview: instructions`Run the tests before you finish.` } });\n',
    );
    const first = cli(project.dir);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/wrote CLAUDE\.md/);
    expect(first.stdout).toMatch(/compiled \.vigiles\/hooks\/guard\.mjs/);
    expect(readFileSync(join(project.dir, "CLAUDE.md"), "utf8")).toContain(
      "Run the tests before you finish.",
    );
    expect(cli(project.dir, "--check").status).toBe(0);
    writeFileSync(join(project.dir, "CLAUDE.md"), "edited by hand\n");
    const check = cli(project.dir, "--check");
    expect(check.status).toBe(1);
    expect(check.stderr).toMatch(/stale: CLAUDE\.md differs from CLAUDE\.md\.spec\.mjs/);
  });
  it("fails on a path that does not exist", () => {
    project = makeProject([]);
    const r = cli(project.dir, "nope.mjs");
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/nope\.mjs does not exist/);
  });
});

// The contract (API notes): `vigiles/hook` is the only package a compiled hook may import, because a
// compiled hook starts again on every tool call and loads every import each time.
describe("what a compiled program may import", () => {
  const write = (p: Project, name: string, text: string): string => {
    const file = join(p.dir, ".vigiles/hooks", name);
    writeFileSync(file, text);
    return file;
  };
  const gate = (imports: string, check = "true") =>
    `${imports}\nimport { experimental_defineHook, allow, deny } from "vigiles/hook";\n` +
    `export default experimental_defineHook({ on: "PreToolUse", decide: () => (${check} ? allow() : deny("no")) });\n`;

  it("refuses a program that imports another package, naming the import and where it is", async () => {
    project = makeProject([]);
    const file = write(
      project,
      "heavy.mjs",
      gate('import { z } from "zod";', "z.string().safeParse('x').success"),
    );
    const error = await compileHooks([file], { projectDir: project.dir, runtimeFile: project.runtime }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CompileError);
    expect((error as CompileError).code).toBe("VIGILES_COMPILE_FORBIDDEN_IMPORT");
    expect((error as CompileError).message).toContain('imports "zod" (in heavy.mjs)');
    expect(existsSync(settingsPath(project))).toBe(false); // nothing written
  });

  it("follows the program's own files: vigiles' root entry imported by a helper is refused", async () => {
    project = makeProject([]);
    write(project, "helper.mjs", 'export { runHook } from "vigiles";\n');
    const file = write(
      project,
      "uses-helper.mjs",
      gate('import { runHook } from "./helper.mjs";', "!!runHook"),
    );
    await expect(
      compileHooks([file], { projectDir: project.dir, runtimeFile: project.runtime }),
    ).rejects.toThrow(/imports "vigiles" \(in helper\.mjs\)/);
  });

  it("accepts node's built-ins and the program's own files, in JavaScript and TypeScript", async () => {
    project = makeProject(["protect-paths.hook.ts"]);
    write(project, "rules.mjs", 'import { sep } from "node:path";\nexport const ok = sep === "/";\n');
    const file = write(project, "local.mjs", gate('import { ok } from "./rules.mjs";\nimport "fs";', "ok"));
    const r = await compileHooks([file, join(project.dir, ".vigiles/hooks/protect-paths.hook.ts")], {
      projectDir: project.dir,
      runtimeFile: project.runtime,
    });
    expect(r.registrations).toHaveLength(2);
  });
});
