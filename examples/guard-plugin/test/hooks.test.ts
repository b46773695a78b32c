// The guard plugin's hooks on the free, process-level tiers, through the public `vigiles` API:
// runScript for the scripts' effects, runHook and assertBlocksDisasters for the shell guard,
// runHookProgram, propertyHook and a compiled subprocess for the hook program.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, test } from "vitest";
import {
  assertBlocksDisasters,
  assertHookAllows,
  assertHookDenies,
  compileHooks,
  disasterCorpus,
  DisastersNotBlockedError,
  loadHook,
  propertyHook,
  runHook,
  runScript,
} from "vigiles";
import { runHookProgram } from "vigiles/hook";

const plugin = fileURLToPath(new URL("..", import.meta.url));
const shellGuard = join(plugin, "hooks/guard.sh");
const bash = (command: string) => ({ tool_name: "Bash", tool_input: { command } });
const temps: string[] = [];
afterAll(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })));

describe("runScript: the scripts' own effects", () => {
  test("house-rules.sh prints the context JSON and, confined, writes nothing", () => {
    const r = runScript([join(plugin, "hooks/house-rules.sh")], { stdin: "{}", confine: true });
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout).hookSpecificOutput.additionalContext).toMatch(/never force-push/);
    expect(r.filesWritten).toEqual([]);
  });
});

describe("runHook: the shell guard through the hook protocol", () => {
  test("denies a force push with a legal decision, lets git status through", () => {
    const push = runHook(shellGuard, bash("git push --force origin main"));
    expect(push).toMatchObject({ decision: "deny", blocked: true, decidedBy: "permission-decision" });
    expect(runHook(shellGuard, bash("git status")).blocked).toBe(false);
  });

  test("the stop gate blocks the first stop and lets the second through", () => {
    const stop = join(plugin, "hooks/stop-gate.sh");
    expect(runHook(stop, { hook_event_name: "Stop", stop_hook_active: false })).toMatchObject({
      blocked: true,
    });
    expect(runHook(stop, { hook_event_name: "Stop", stop_hook_active: true }).blocked).toBe(false);
  });

  test("the corpus finds what a grep guard misses: split and long rm flags, quoting, dd, mkfs …", () => {
    let failure: unknown;
    try {
      assertBlocksDisasters(shellGuard);
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(DisastersNotBlockedError);
    const message = String((failure as Error).message);
    for (const hole of [
      "rm -r -f /",
      "rm --recursive --force /",
      "bash <(curl",
      "dd if=/dev/zero of=/dev/sda",
      "'rm' '-rf' '/'",
    ]) {
      expect(message).toContain(hole);
    }
    // What the grep guard does cover, it covers completely, benign twins included.
    assertBlocksDisasters(shellGuard, { categories: ["force-push"] });
  });
});

describe("the hook program: the same guard with a real shell parser", () => {
  test("in process: denies and allows as written", async () => {
    const guard = await loadHook(join(plugin, "programs/guard.hook.mjs"));
    assertHookDenies(guard, bash("sudo /usr/bin/git push -f origin main"));
    assertHookDenies(guard, bash("sh -c 'rm -rf ~'"));
    assertHookAllows(guard, bash("rm -rf ./build"));
    assertHookAllows(guard, bash("git push -u origin feature/login"));
  });

  test("in process: every case of the corpus is decided right", async () => {
    const guard = await loadHook(join(plugin, "programs/guard.hook.mjs"));
    const wrong = disasterCorpus.filter((c) => {
      const out = runHookProgram(guard, { hook_event_name: "PreToolUse", ...bash(c.command) });
      return (out.kind === "decision" && out.decision === "deny") !== (c.kind === "disaster");
    });
    expect(wrong.map((c) => c.id)).toEqual([]);
  });

  test("propertyHook: respelled force pushes and rm -rf stay denied", async () => {
    const guard = await loadHook(join(plugin, "programs/guard.hook.mjs"));
    const report = await propertyHook({
      seed: [bash("git push --force origin main"), bash("rm -rf ~")],
      decide: guard,
      numRuns: 300,
      fcSeed: 42,
    });
    expect(report.numRuns).toBe(300);
    expect(report.mutatedRuns).toBeGreaterThan(200);
  });

  test("compiled into the plugin and run as a subprocess, it blocks force pushes and every wrapper", async () => {
    // Inside the repository (git-ignored), so the copy's `import "vigiles/hook"` resolves as the plugin's does.
    const scratch = join(plugin, "../../.vigiles/tmp");
    mkdirSync(scratch, { recursive: true });
    const copy = mkdtempSync(join(scratch, "guard-plugin-"));
    temps.push(copy);
    cpSync(plugin, copy, { recursive: true, filter: (p) => !p.includes(`${join(plugin, "test")}`) });
    const compiled = await compileHooks([join(copy, "programs/guard.hook.mjs")], {
      pluginDir: copy,
      projectDir: copy,
    });
    const hooks = JSON.parse(readFileSync(compiled.output, "utf8"));
    const groups = hooks.hooks.PreToolUse as { hooks: { command: string }[] }[];
    const command = groups
      .flatMap((g) => g.hooks.map((h) => h.command))
      .find((c) => c.includes("guard.hook.mjs"));
    expect(command).toBeDefined();
    // The compile merged its registration beside the plugin's own hooks instead of replacing them.
    expect(JSON.stringify(hooks)).toContain("guard.sh");
    // Each case starts node; the in-process test above covers the whole corpus.
    const report = assertBlocksDisasters(command!, {
      pluginRoot: copy,
      categories: ["force-push", "wrapped"],
    });
    expect(report.disasters).toBeGreaterThan(20);
  }, 180_000);
});
