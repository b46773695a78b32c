import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveProcessCount } from "../../src/runtime/process.js";
import { syncLiveProcessCount } from "../../src/runtime/process-sync.js";
import { liveTempDirs } from "../../src/runtime/temp-dir.js";
import { runHook, runHookAsync } from "../../src/tiers/run-hook/run-hook.js";
import { bashEvent, fixture, processGone } from "./helpers.js";

describe("runHook faults", () => {
  beforeAll(() => {
    expect(liveTempDirs()).toEqual([]);
  });
  afterAll(() => {
    // Nothing left running, no temp dir left behind by any of these runs (every one is registered
    // by makeTempDir; a scan of /tmp would also see other test files running in parallel).
    expect(liveProcessCount()).toBe(0); // async runs, started on this thread
    expect(syncLiveProcessCount()).toBe(0); // sync runs, started by the bridge's worker
    expect(liveTempDirs()).toEqual([]);
  });

  it("a hook that hangs is killed at its timeout with its whole process group, grandchild included", () => {
    const r = runHook(fixture("hang-with-grandchild.sh"), bashEvent("ls"), {
      timeoutMs: 500,
      killGraceMs: 200,
    });
    expect(r).toMatchObject({ timedOut: true, decidedBy: "timeout", blocked: false, exitCode: null });
    const grandchild = Number(/grandchild=(\d+)/.exec(r.stdout)?.[1]);
    expect(grandchild).toBeGreaterThan(1);
    expect(processGone(grandchild)).toBe(true);
    expect(r.durationMs).toBeLessThan(5_000);
  });

  it("a confined hook that hangs is killed too", () => {
    // Inside the sandbox pids are namespaced: find the sleepers by their unique argument instead.
    const sleepers = () =>
      readdirSync("/proc")
        .filter((d) => /^\d+$/.test(d))
        .filter((d) => {
          try {
            return (
              readFileSync(`/proc/${d}/cmdline`, "utf8") === "sleep\u00003137\u0000" &&
              !processGone(Number(d))
            );
          } catch {
            return false;
          }
        });
    const r = runHook([fixture("hang-with-grandchild.sh"), "3137"], bashEvent("ls"), {
      timeoutMs: 1_500,
      killGraceMs: 200,
      confine: true,
    });
    expect(r).toMatchObject({ timedOut: true, blocked: false });
    expect(r.stdout).toMatch(/grandchild=\d+/);
    expect(r.filesWritten).toEqual([]);
    expect(sleepers()).toEqual([]);
  });

  it("a hook that prints 50 MB does not deadlock; capture is capped and flagged; memory stays small", () => {
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    const r = runHook(fixture("flood.sh"), bashEvent("ls"), { maxBufferBytes: 1024 * 1024 });
    const grew = process.memoryUsage().rss - rssBefore;
    expect(r).toMatchObject({ exitCode: 0, truncated: true, timedOut: false, decision: "none" });
    expect(r.stdout.length).toBe(1024 * 1024);
    expect(grew).toBeLessThan(40 * 1024 * 1024);
  });

  it("a hook that exits before reading a large stdin does not crash the runner (EPIPE)", async () => {
    const big = { tool_name: "Bash", tool_input: { command: "x".repeat(4 * 1024 * 1024) } };
    for (let i = 0; i < 3; i++) {
      expect(runHook(fixture("exit-before-stdin.sh"), big)).toMatchObject({ exitCode: 0, decision: "none" });
    }
    expect(await runHookAsync(fixture("exit-before-stdin.sh"), big)).toMatchObject({ exitCode: 0 });
  });

  it("binary output is captured (lossy as text) and folds to plain text, not a crash", () => {
    const r = runHook(fixture("binary-output.sh"), bashEvent("ls"));
    expect(r).toMatchObject({ exitCode: 0, decision: "none", blocked: false });
    expect(r.stdout).toContain("binary");
    expect(r.stderr).toContain("err");
    expect(r.plainText).toBeTruthy();
  });

  it("a missing interpreter: exit 127 through sh, a spawn error in exec form; both named, both fail open", () => {
    const viaShell = runHook(fixture("missing-interpreter.sh"), bashEvent("ls"));
    expect(viaShell).toMatchObject({ exitCode: 127, blocked: false, decision: "none" });
    expect(viaShell.hookError).toMatch(/interpreter "\/nonexistent\/bin\/python9"/);
    const exec = runHook([fixture("missing-interpreter.sh")], bashEvent("ls"));
    expect(exec).toMatchObject({ exitCode: null, blocked: false });
    expect(exec.hookError).toMatch(/interpreter "\/nonexistent\/bin\/python9"/);
    const missing = runHook("/nonexistent/hook.sh", bashEvent("ls"));
    expect(missing).toMatchObject({ exitCode: 127, blocked: false });
    expect(missing.hookError).toMatch(/command not found/);
  });

  it("a 127 from a command inside a script whose interpreter exists is command-not-found, not a missing #! interpreter", () => {
    const dir = mkdtempSync(join(tmpdir(), "vigiles-127-"));
    try {
      const script = join(dir, "inner-127.sh");
      writeFileSync(script, "#!/bin/sh\ncat >/dev/null\nexec vigiles-no-such-program-127\n", { mode: 0o755 });
      const r = runHook(script, bashEvent("ls"));
      expect(r).toMatchObject({ exitCode: 127, blocked: false });
      expect(r.hookError).not.toMatch(/interpreter/);
      expect(r.hookError).toMatch(/command not found/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a hook file without the run bit: exit 126 and a message naming chmod +x", () => {
    const r = runHook(fixture("no-run-bit.sh"), bashEvent("rm -rf /"));
    expect(r).toMatchObject({ exitCode: 126, blocked: false, decision: "none" });
    expect(r.hookError).toMatch(/is not executable: run `chmod \+x .*no-run-bit\.sh`/);
    const exec = runHook([fixture("no-run-bit.sh")], bashEvent("rm -rf /"));
    expect(exec.blocked).toBe(false);
    expect(exec.hookError).toMatch(/chmod \+x/);
  });

  it("malformed and partial JSON is invalid, never a crash, never a block", () => {
    const r = runHook(fixture("malformed-json.sh"), bashEvent("git push -f"));
    expect(r).toMatchObject({ exitCode: 0, decision: "invalid", blocked: false });
    expect(r.invalidReason).toMatch(/not valid JSON/);
    expect(runHook("printf '{\"hookSpecificOutput\": '", bashEvent("x"))).toMatchObject({
      decision: "invalid",
    });
    expect(runHook('printf \'not json {"decision":"block"}\'', bashEvent("x"))).toMatchObject({
      decision: "none",
    });
  });
});
