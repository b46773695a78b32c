import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { runProcess } from "../../src/runtime/process.js";
import { liveTempDirs, makeTempDir, removeTempDir } from "../../src/runtime/temp-dir.js";
import { runScript, runScriptAsync } from "../../src/tiers/run-script/run-script.js";
import { fixture } from "./helpers.js";

describe("runScript", () => {
  it("runs a command string under sh -c with stdin, env and cwd, keeping both streams", () => {
    const cwd = makeTempDir("vigiles-rs-");
    try {
      const r = runScript('read x; echo "$x $GREETING $(pwd)"; echo warn >&2; exit 4', {
        stdin: "hi\n",
        env: { GREETING: "hello" },
        cwd,
      });
      expect(r).toMatchObject({
        exitCode: 4,
        signal: null,
        stdout: `hi hello ${cwd}\n`,
        stderr: "warn\n",
        timedOut: false,
      });
      expect(r.command).toEqual(["sh", "-c", expect.stringContaining("read x")]);
      expect(r.filesWritten).toBeUndefined();
      expect(r.durationMs).toBeGreaterThan(0);
      expect("decision" in r).toBe(false);
    } finally {
      removeTempDir(cwd);
    }
  });

  it("runs an argv in exec form (no shell: $HOME stays literal)", () => {
    const r = runScript(["echo", "$HOME"]);
    expect(r.stdout).toBe("$HOME\n");
  });

  it("inheritEnv:false passes only PATH and the given env", () => {
    const r = runScript("env", { inheritEnv: false, env: { ONLY: "1" } });
    const names = r.stdout
      .trim()
      .split("\n")
      .map((l) => l.split("=")[0])
      // VIGILES_RUN_TOKEN marks the run's processes, to end them with it (process-stragglers.ts).
      .filter((n) => n !== "PWD" && n !== "SHLVL" && n !== "_" && n !== "VIGILES_RUN_TOKEN");
    expect(names.sort()).toEqual(["ONLY", "PATH"]);
  });

  it("the async twin gives the same result", async () => {
    const r = await runScriptAsync(["sh", "-c", "echo a; echo b >&2; exit 3"]);
    expect(r).toMatchObject({ exitCode: 3, stdout: "a\n", stderr: "b\n" });
  });

  it("rejects bad options with a named error", () => {
    expect(() => runScript("")).toThrow(/empty string/);
    expect(() => runScript("true", { timeoutMs: -1 })).toThrow(/timeoutMs/);
  });

  it("confined: filesWritten lists the work-dir writes by content; HOME is private; outside is read-only", () => {
    const work = makeTempDir("vigiles-rs-work-");
    const outside = makeTempDir("vigiles-rs-outside-");
    try {
      writeFileSync(join(work, "made.txt"), "made\n"); // same content the script writes: not a change
      const before = liveTempDirs().length;
      const r = runScript([fixture("write-files.sh"), "secret", outside], { cwd: work, confine: true });
      expect(r.exitCode, r.stderr).toBe(0);
      expect(r.stdout).toContain("blocked outside");
      expect(r.filesWritten).toEqual(["sub/deep.txt"]);
      expect(readFileSync(join(work, "sub/deep.txt"), "utf8")).toBe("deep\n");
      expect(existsSync(join(outside, "escape.txt"))).toBe(false);
      expect(liveTempDirs().length).toBe(before); // the private HOME and TMPDIR are gone
      const quiet = runScript("true", { cwd: work, confine: true });
      expect(quiet.filesWritten).toEqual([]);
    } finally {
      removeTempDir(work);
      removeTempDir(outside);
    }
  });

  it("confined without a cwd: a fresh work dir, removed afterwards", () => {
    const r = runScript("pwd; echo x > f", { confine: { network: "none" } });
    expect(r.filesWritten).toEqual(["f"]);
    expect(existsSync(r.stdout.trim())).toBe(false);
  });

  it("confined and bubblewrap unavailable: throws ConfinementUnavailableError and runs nothing", async () => {
    const marker = join(makeTempDir("vigiles-rs-nobwrap-"), "ran");
    const script = `
      import { runScript } from ${JSON.stringify(new URL("../../src/tiers/run-script/run-script.ts", import.meta.url).pathname)};
      const command = ["/bin/sh", "-c", "exec $0 ${marker}", ${JSON.stringify(
        process.env.PATH?.split(":")
          .map((d) => d + "/touch")
          .find((p) => existsSync(p)),
      )}];
      if (process.argv.includes("--unconfined")) { runScript(command); console.log("ran unconfined"); }
      else try { runScript(command, { confine: true }); console.log("ran confined"); }
      catch (e) { console.log(e.code); console.log(e.message); }
    `;
    const r = await runProcess({
      argv: [process.execPath, "--import", "tsx", "--input-type=module", "-e", script],
      env: { ...process.env, PATH: "/nonexistent-bin" },
      cwd: process.cwd(),
      timeoutMs: 30_000,
    });
    expect(r.stdout, r.stderr).toMatch(/^VIGILES_CONFINEMENT_UNAVAILABLE\n/);
    expect(r.stdout).toMatch(/apt-get install -y bubblewrap/);
    expect(existsSync(marker)).toBe(false);
    // The same command does run in that environment when not confined: the marker proves it.
    const plain = await runProcess({
      argv: [process.execPath, "--import", "tsx", "--input-type=module", "-e", script, "--", "--unconfined"],
      env: { ...process.env, PATH: "/nonexistent-bin" },
      timeoutMs: 30_000,
    });
    expect(plain.stdout, plain.stderr).toContain("ran unconfined");
    expect(existsSync(marker)).toBe(true);
    removeTempDir(dirname(marker));
  });
});
