// The compiled-hook runtime as the harness runs it: a real node process, the event on stdin.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { answerHookEvent } from "../../src/tiers/hook-program/answer.js";
import { loadHook } from "../../src/tiers/hook-program/load.js";
import { distRuntime, programsDir, requireDist } from "./project.js";

const fixtures = join(programsDir, "../fixtures");
beforeAll(() => requireDist());

function run(program: string, input: string, env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [distRuntime, program], {
    input,
    encoding: "utf8",
    env: { PATH: process.env["PATH"] ?? "", ...env },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
const bash = (command: string) =>
  JSON.stringify({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command } });

describe("the compiled-hook runtime", () => {
  it("answers a deny with exit 0 and the PreToolUse JSON", () => {
    const r = run(join(programsDir, "guard.mjs"), bash("env FOO=1 git push --force"));
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: "deny",
        permissionDecisionReason: "no force-push: it rewrites shared history",
      },
    });
    expect(r.stderr).toBe("");
  });
  it("prints nothing for allow, and a notice only on stderr", () => {
    expect(run(join(programsDir, "guard.mjs"), bash("ls"))).toEqual({ code: 0, stdout: "", stderr: "" });
    const n = run(
      join(programsDir, "warn-on-failure.mjs"),
      JSON.stringify({
        hook_event_name: "PostToolUse",
        tool_name: "Bash",
        tool_input: { command: "make" },
        tool_response: { success: false, error: "exit 2" },
      }),
    );
    expect(n.stdout).toBe("");
    expect(n.stderr).toMatch(/read the error before retrying/);
  });
  it("loads a .hook.ts program through tsx", () => {
    const r = run(
      join(programsDir, "protect-paths.hook.ts"),
      JSON.stringify({
        hook_event_name: "PreToolUse",
        tool_name: "Write",
        tool_input: { file_path: ".github/workflows/x.yml" },
      }),
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('"permissionDecision":"deny"');
  });
  it.each([
    ["not JSON", "garbage"],
    ["empty", ""],
    ["an array", "[1,2]"],
  ])("fails open on unreadable input (%s) with a message on stderr", (_what, input) => {
    const r = run(join(programsDir, "guard.mjs"), input);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/failing open/);
  });
  it("a program that throws or answers illegally is a non-blocking error (exit 1) with the reason on stderr", () => {
    const t = run(join(fixtures, "throws.mjs"), bash("ls"));
    expect(t.code).toBe(1);
    expect(t.stderr).toMatch(/decide threw on Bash "ls": decide blew up/);
    const i = run(
      join(fixtures, "illegal-answer.mjs"),
      JSON.stringify({ hook_event_name: "PostToolUse", tool_name: "Bash", tool_input: {} }),
    );
    expect(i.code).toBe(1);
    expect(i.stderr).toMatch(/deny\(\) is not an answer PostToolUse accepts/);
  });
  it("a missing or wrong program is exit 1 naming the file", () => {
    const m = run(join(fixtures, "missing.mjs"), bash("ls"));
    expect(m.code).toBe(1);
    expect(m.stderr).toMatch(/could not load .*missing\.mjs/);
    const n = run(join(fixtures, "not-a-program.mjs"), bash("ls"));
    expect(n.code).toBe(1);
    expect(n.stderr).toMatch(/does not export a hook program/);
  });
  it("an event for another hook event gets no decision", () => {
    const r = run(join(programsDir, "guard.mjs"), JSON.stringify({ hook_event_name: "Stop" }));
    expect(r).toMatchObject({ code: 0, stdout: "" });
    expect(r.stderr).toMatch(/answers PreToolUse, not Stop/);
  });
  it("observe mode writes its record to stderr and to VIGILES_OBSERVE_LOG, and never blocks", async () => {
    const { mkdtempSync, readFileSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const log = join(mkdtempSync(join(tmpdir(), "vigiles-observe-")), "observe.jsonl");
    const r = run(join(programsDir, "observe-guard.mjs"), bash("git push -f"), { VIGILES_OBSERVE_LOG: log });
    expect(r).toEqual({
      code: 0,
      stdout: "",
      stderr: "vigiles observe: PreToolUse would deny: no force-push\n",
    });
    const record = JSON.parse(readFileSync(log, "utf8").trim()) as {
      outcome: { observed: { kind: string } };
    };
    expect(record.outcome.observed.kind).toBe("deny");
  });
});

describe("answerHookEvent, the main the runtime and plugin bundles share", () => {
  const guard = { label: "guard.mjs", load: () => loadHook(join(programsDir, "guard.mjs")) };
  it("fails open when stdin cannot be read", async () => {
    const a = await answerHookEvent({ ...guard, mutantPath: () => undefined }, new Error("EIO"));
    expect(a).toEqual({
      exitCode: 0,
      stdout: "",
      stderr: "vigiles hook runtime: could not read the event from stdin (Error: EIO); failing open.\n",
    });
  });
  it("applies a mutant only when the program's path is known and named", async () => {
    const push = bash("git push -f");
    const mutant = (program: string) => ({
      VIGILES_MUTANT: JSON.stringify({ program, flip: "deny-to-allow" }),
    });
    const unknown = await answerHookEvent(
      { ...guard, mutantPath: () => undefined },
      push,
      mutant("/p/guard.mjs"),
    );
    expect(unknown.stdout).toContain('"deny"');
    const named = await answerHookEvent(
      { ...guard, mutantPath: () => "/p/guard.mjs" },
      push,
      mutant("/p/guard.mjs"),
    );
    expect(named).toEqual({ exitCode: 0, stdout: "", stderr: "" });
  });
});

describe("loadHook", () => {
  it("loads .mjs and .hook.ts files and takes a program object", async () => {
    const guard = await loadHook(join(programsDir, "guard.mjs"));
    expect(guard.on).toBe("PreToolUse");
    const ts = await loadHook(join(programsDir, "protect-paths.hook.ts"));
    expect(ts.name).toBe("protect-paths");
    expect(await loadHook(guard)).toBe(guard);
    const rel = await loadHook("programs/stop-gate.mjs", { cwd: programsDir + "/.." });
    expect(rel.on).toBe("Stop");
  });
  it("says what is wrong with a bad path or a module without a program", async () => {
    await expect(loadHook(join(fixtures, "missing.mjs"))).rejects.toThrow(
      /no hook program at .*missing\.mjs/,
    );
    await expect(loadHook(join(fixtures, "not-a-program.mjs"))).rejects.toThrow(
      /export default experimental_defineHook/,
    );
    await expect(loadHook({ on: "PreToolUse" } as never)).rejects.toThrow(/not a hook program/);
  });
});
