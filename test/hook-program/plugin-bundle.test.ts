// `vigiles compile --plugin`: one self-contained bundle per program, run from a COPY of the plugin
// with no node_modules anywhere above it, as Claude Code runs an installed plugin from its cache.
import { spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toProtocolAnswer } from "../../src/core/hook-program/protocol.js";
import { runHookProgram } from "../../src/core/hook-program/run.js";
import { MUTANT_ENV } from "../../src/core/mutate/program-flip.js";
import { withHarness } from "../../src/tiers/harness/run-harness-test.js";
import {
  compileHooks,
  CompileError,
  type CompileHooksOptions,
} from "../../src/tiers/hook-program/compile.js";
import { loadHook } from "../../src/tiers/hook-program/load.js";
import { runHookAsync } from "../../src/tiers/run-hook/run-hook.js";
import { distCli, distRuntime, programsDir, repoRoot, requireDist } from "./project.js";

const temps: string[] = [];
const scratch = (name: string) => {
  const dir = mkdtempSync(join("/var/tmp", `vigiles-${name}-`));
  temps.push(dir);
  return dir;
};
afterAll(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })));

/** A source tree as a plugin author has it: vigiles installed beside the plugin, programs inside it. */
const ALL = ["guard.mjs", "protect-paths.hook.ts", "observe-guard.mjs", "no-publish.hook.mjs"];
function makeSource(names: readonly string[] = ALL): { dir: string; plugin: string; programs: string[] } {
  const dir = scratch("bundle-src");
  mkdirSync(join(dir, "node_modules"));
  symlinkSync(repoRoot, join(dir, "node_modules/vigiles"), "dir");
  const plugin = join(dir, "plugin");
  mkdirSync(join(plugin, ".claude-plugin"), { recursive: true });
  writeFileSync(join(plugin, ".claude-plugin/plugin.json"), '{"name":"bundled"}');
  mkdirSync(join(plugin, "programs/lib"), { recursive: true });
  for (const p of names.filter((n) => n !== "no-publish.hook.mjs"))
    cpSync(join(programsDir, p), join(plugin, "programs", p));
  // A program with a local import: the bundle inlines it too.
  writeFileSync(
    join(plugin, "programs/lib/reason.mjs"),
    'export const REASON = "no npm publish from an agent";\n',
  );
  writeFileSync(
    join(plugin, "programs/no-publish.hook.mjs"),
    'import { experimental_defineHook, allow, deny } from "vigiles/hook";\nimport { REASON } from "./lib/reason.mjs";\nexport default experimental_defineHook({ on: "PreToolUse", matcher: "Bash", decide: (e) => (e.command.runs("npm publish") ? deny(REASON) : allow()) });\n',
  );
  if (!names.includes("no-publish.hook.mjs")) rmSync(join(plugin, "programs/no-publish.hook.mjs"));
  return { dir, plugin, programs: names.map((p) => join(plugin, "programs", p)) };
}

/** Copies the plugin folder alone (no sources' node_modules) to a fresh directory. */
function installCopy(plugin: string): string {
  const copy = join(scratch("bundle-installed"), "bundled plugin");
  cpSync(plugin, copy, { recursive: true });
  for (let d = copy; d !== dirname(d); d = dirname(d))
    expect(existsSync(join(d, "node_modules"))).toBe(false);
  return copy;
}

const bash = (command: string) => ({
  hook_event_name: "PreToolUse",
  tool_name: "Bash",
  tool_input: { command },
});
const bundleOf = (plugin: string, name: string) => join(plugin, "hooks/vigiles", name);
const runBundle = (file: string, input: string, env: Record<string, string> = {}) => {
  const r = spawnSync(process.execPath, [file], {
    input,
    encoding: "utf8",
    cwd: dirname(file),
    env: { PATH: process.env["PATH"] ?? "", ...env },
  });
  return { exitCode: r.status, stdout: r.stdout, stderr: r.stderr };
};

let source: ReturnType<typeof makeSource>;
let options: CompileHooksOptions;
let installed = "";
let hooksJson: { hooks: Record<string, { hooks: { command: string }[] }[]> };
const registeredCommand = (bundle: string): string =>
  Object.values(hooksJson.hooks)
    .flat()
    .flatMap((g) => g.hooks.map((h) => h.command))
    .find((c) => c.includes(bundle)) as string;

beforeAll(async () => {
  requireDist();
  source = makeSource();
  options = { projectDir: source.dir, pluginDir: source.plugin };
  const r = await compileHooks(source.programs, options);
  expect(r.warnings).toEqual([]);
  expect(r.bundles.map((b) => b.slice(source.plugin.length))).toEqual([
    "/hooks/vigiles/guard.mjs",
    "/hooks/vigiles/protect-paths.mjs",
    "/hooks/vigiles/observe-guard.mjs",
    "/hooks/vigiles/no-publish.mjs",
  ]);
  installed = installCopy(source.plugin);
  hooksJson = JSON.parse(readFileSync(join(installed, "hooks/hooks.json"), "utf8"));
}, 60_000);

describe("a compiled plugin, installed as a copy without node_modules", () => {
  it("registers each bundle with a quoted direct node call", () => {
    const text = readFileSync(join(installed, "hooks/hooks.json"), "utf8");
    expect(text).toContain(
      '"command": "node \\"${CLAUDE_PLUGIN_ROOT}/hooks/vigiles/guard.mjs\\" # vigiles:compiled sha256-',
    );
    expect(text).not.toMatch(/npx|runtime\.js|node_modules/);
  });

  it.each([
    ["deny", "guard", bash("sudo git push -f origin main")],
    ["allow", "guard", bash("git status")],
    ["ask", "guard", bash("echo KEY=1 > .env")],
    ["deny from a local import", "no-publish", bash("npm publish")],
    [
      "deny from a TypeScript program",
      "protect-paths",
      {
        hook_event_name: "PreToolUse",
        tool_name: "Write",
        tool_input: { file_path: ".github/workflows/x.yml" },
      },
    ],
  ])("%s: the bundle (%s) answers as runHookProgram does in process", async (_what, name, event) => {
    const program = await loadHook(source.programs.find((p) => p.includes(`/${name}.`)) as string);
    const outcome = runHookProgram(program, event);
    const command = registeredCommand(`/hooks/vigiles/${name}.mjs`);
    const r = await runHookAsync(command, event, { pluginRoot: installed, cwd: installed });
    expect({ exitCode: r.exitCode, stdout: r.stdout, stderr: r.stderr }).toEqual(toProtocolAnswer(outcome));
    expect(outcome.kind).toBe("decision");
    if (outcome.kind === "decision") {
      expect(r.decision).toBe(outcome.decision === "allow" ? "none" : outcome.decision);
      expect(r.blocked).toBe(outcome.blocked);
      expect(r.reason).toBe(outcome.reason);
    }
  });

  it("fails open on half-JSON stdin, with the runtime's own message", () => {
    const half = '{"hook_event_name":"PreToolUse","tool_name":';
    const bundled = runBundle(bundleOf(installed, "guard.mjs"), half);
    expect(bundled).toMatchObject({ exitCode: 0, stdout: "" });
    expect(bundled.stderr).toMatch(/the event on stdin is not JSON .*; failing open/);
    const r = spawnSync(process.execPath, [distRuntime, join(programsDir, "guard.mjs")], {
      input: half,
      encoding: "utf8",
    });
    expect(bundled).toEqual({ exitCode: r.status, stdout: r.stdout, stderr: r.stderr });
  });

  it("keeps the runtime's observe log and `vigiles mutate`'s mutant switch", () => {
    const log = join(scratch("bundle-observe"), "observe.jsonl");
    const observe = runBundle(bundleOf(installed, "observe-guard.mjs"), JSON.stringify(bash("git push -f")), {
      VIGILES_OBSERVE_LOG: log,
    });
    expect(observe).toEqual({
      exitCode: 0,
      stdout: "",
      stderr: "vigiles observe: PreToolUse would deny: no force-push\n",
    });
    expect(JSON.parse(readFileSync(log, "utf8"))).toMatchObject({
      program: "programs/observe-guard.mjs",
      outcome: { observed: { kind: "deny" } },
    });
    // mutate names the program file of its copy; the bundle finds it beside itself.
    const mutant = JSON.stringify({
      program: realpathSync(join(installed, "programs/guard.mjs")),
      flip: "deny-to-allow",
    });
    const push = JSON.stringify(bash("git push -f"));
    expect(runBundle(bundleOf(installed, "guard.mjs"), push, { [MUTANT_ENV]: mutant })).toEqual({
      exitCode: 0,
      stdout: "",
      stderr: "",
    });
    const other = JSON.stringify({ program: "/elsewhere/guard.mjs", flip: "deny-to-allow" });
    expect(runBundle(bundleOf(installed, "guard.mjs"), push, { [MUTANT_ENV]: other }).stdout).toContain(
      "deny",
    );
  });

  it("denies a `git push -f` through the real Claude Code CLI", { timeout: 180_000 }, async () => {
    await withHarness(
      {
        prompt: "push it",
        plugin: installed,
        model: [{ tool: "Bash", input: { command: "git push -f origin main" } }, { text: "blocked" }],
        transcript: true,
      },
      (r) => {
        const fires = r.hooks?.filter((h) => h.event === "PreToolUse") ?? [];
        expect(fires.some((h) => h.blocked && h.stdout.includes('"permissionDecision":"deny"'))).toBe(true);
        expect(r.toolCalls[0]?.result?.isError).toBe(true);
        expect(r.toolCalls[0]?.result).toMatchObject({
          denied: true,
          text: expect.stringMatching(/no force-push/),
        });
      },
    );
  });
});

describe("the bundles as files compile owns", () => {
  // The smaller sources below keep these tests fast: each compile bundles every program it is given.
  const SMALL = ["guard.mjs", "no-publish.hook.mjs"];

  it("are byte-identical from another checkout (compiled alone or with others), and name no local path", async () => {
    const other = makeSource(SMALL);
    await compileHooks(other.programs, { projectDir: other.dir, pluginDir: other.plugin });
    for (const name of ["guard.mjs", "no-publish.mjs"]) {
      const text = readFileSync(bundleOf(source.plugin, name), "utf8");
      expect(readFileSync(bundleOf(other.plugin, name), "utf8")).toBe(text);
      expect(text).not.toMatch(/\/var\/tmp|\/work\/|\/tmp\/|node_modules\//);
      expect(text).not.toContain(repoRoot);
    }
  });

  it("a second compile is a no-op, and check passes", async () => {
    const files = () =>
      ["hooks/hooks.json", "hooks/vigiles/guard.mjs"].map((f) =>
        readFileSync(join(source.plugin, f), "utf8"),
      );
    const before = files();
    const again = await compileHooks(source.programs, options);
    expect(again.changed).toBe(false);
    expect(files()).toEqual(before);
    const check = await compileHooks(source.programs, { ...options, check: true });
    expect(check).toMatchObject({ changed: false, problems: [] });
  });

  it("check names a hand-edited, a missing and a stale bundle; compile refuses the hand edit without force", async () => {
    const small = makeSource(SMALL);
    const opts = { projectDir: small.dir, pluginDir: small.plugin };
    await compileHooks(small.programs, opts);
    const guard = bundleOf(small.plugin, "guard.mjs");
    const original = readFileSync(guard, "utf8");
    writeFileSync(guard, original.replace("no force-push: it rewrites shared history", "fine by me"));
    const edited = await compileHooks(small.programs, { ...opts, check: true });
    expect(edited.problems).toEqual([
      expect.objectContaining({
        kind: "hand-edited",
        program: "programs/guard.mjs",
        file: "hooks/vigiles/guard.mjs",
      }),
    ]);
    await expect(compileHooks(small.programs, opts)).rejects.toThrow(CompileError);
    await expect(compileHooks(small.programs, opts)).rejects.toThrow(
      /guard\.mjs was edited by hand.*--force/,
    );
    expect(readFileSync(guard, "utf8")).toContain("fine by me");
    await compileHooks(small.programs, { ...opts, force: true });
    expect(readFileSync(guard, "utf8")).toBe(original);

    rmSync(guard);
    const missing = await compileHooks(small.programs, { ...opts, check: true });
    expect(missing.problems.map((p) => [p.kind, p.file])).toEqual([["missing", "hooks/vigiles/guard.mjs"]]);
    expect(missing.changed).toBe(true);

    await compileHooks(small.programs, opts);
    const program = join(small.plugin, "programs/lib/reason.mjs");
    writeFileSync(program, 'export const REASON = "publishing is for humans";\n');
    const stale = await compileHooks(small.programs, { ...opts, check: true });
    expect(stale.problems.map((p) => [p.kind, p.file])).toEqual([["stale", "hooks/vigiles/no-publish.mjs"]]);
    const r = await compileHooks(small.programs, opts);
    expect(r.changed).toBe(true);
    expect(readFileSync(bundleOf(small.plugin, "no-publish.mjs"), "utf8")).toContain(
      "publishing is for humans",
    );
  });

  it("removes the bundle of a program that no longer exists", async () => {
    const other = makeSource(SMALL);
    await compileHooks(other.programs, { projectDir: other.dir, pluginDir: other.plugin });
    rmSync(other.programs[1] as string);
    const rest = other.programs.slice(0, 1);
    const check = await compileHooks(rest, { projectDir: other.dir, pluginDir: other.plugin, check: true });
    expect(check.problems.map((p) => [p.kind, p.file])).toEqual([
      ["orphan", undefined],
      ["orphan", "hooks/vigiles/no-publish.mjs"],
    ]);
    await compileHooks(rest, { projectDir: other.dir, pluginDir: other.plugin });
    expect(existsSync(bundleOf(other.plugin, "no-publish.mjs"))).toBe(false);
    expect(readFileSync(join(other.plugin, "hooks/hooks.json"), "utf8")).not.toContain("no-publish");
  });

  it("the CLI compiles a whole plugin folder, and skips its own bundles on the next run", () => {
    const other = makeSource(SMALL);
    const cli = (...args: string[]) =>
      spawnSync(process.execPath, [distCli, "compile", ...args], { cwd: other.dir, encoding: "utf8" });
    const first = cli("--plugin", "plugin", "plugin");
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/wrote plugin\/hooks\/hooks\.json and 2 bundle\(s\) beside it/);
    expect(first.stderr).not.toMatch(/hooks\/vigiles|warning/);
    const second = cli("--plugin", "plugin", "plugin");
    expect(second.status, second.stderr).toBe(0);
    expect(second.stdout).toMatch(/plugin\/hooks\/hooks\.json and 2 bundle\(s\) beside it are up to date/);
    expect(second.stderr).toBe(first.stderr); // the helper module is skipped, the bundles never looked at
    expect(cli("--plugin", "plugin", "--check", "plugin").status).toBe(0);
  });
});
