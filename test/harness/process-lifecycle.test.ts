// The harness tier as a process: skip() ends a harness file with 77; an interrupt removes the run's temp dirs.
import { describe, expect, test } from "vitest";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { runProcess } from "../../src/runtime/process.js";
import { SKIP_EXIT_CODE } from "../../src/tiers/harness/availability.js";

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const baseEnv = { PATH: process.env["PATH"] ?? "", HOME: process.env["HOME"] ?? "/tmp" };

describe.concurrent("harness files and interrupts", { timeout: 180_000 }, () => {
  test("skip() ends a harness file run as a plain ES module with exit code 77, loudly", async () => {
    const r = await runProcess({
      argv: [process.execPath, "--import", "tsx", fixture("skip-file.mts")],
      env: baseEnv,
      timeoutMs: 60_000,
    });
    expect(r.exitCode).toBe(SKIP_EXIT_CODE);
    expect(r.stderr).toContain("SKIPPED: FIXTURE-SKIP-REASON");
    expect(r.stdout).not.toContain("AFTER-SKIP");
  });

  test("without a usable bwrap a run refuses with ConfinementUnavailableError, by default as when asked, never unconfined", async () => {
    const r = await runProcess({
      argv: [process.execPath, "--import", "tsx", fixture("no-bwrap.mts")],
      env: baseEnv,
      timeoutMs: 60_000,
    });
    expect(r.stdout).not.toContain("RAN-UNCONFINED");
    expect(r.stdout).toContain("default: CODE=VIGILES_CONFINEMENT_UNAVAILABLE");
    expect(r.stdout).toContain("asked: CODE=VIGILES_CONFINEMENT_UNAVAILABLE");
    // The message names the fix, the check and the explicit opt-out.
    expect(r.stdout).toMatch(
      /default: MESSAGE=.*confined by default.*apt-get install -y bubblewrap.*vigiles doctor.*sandbox: false/,
    );
    expect(r.stdout).toMatch(/asked: MESSAGE=.*`sandbox: true`.*apt-get install -y bubblewrap/);
  });

  test("SIGINT during a run kills the CLI, removes the run's temp dirs and ends the process by that signal", async () => {
    const tmp = mkdtempSync(join(tmpdir(), "vigiles-interrupt-test-"));
    try {
      let asked = false;
      const controller = new AbortController();
      let pid = 0;
      const child = runProcess({
        argv: [
          "sh",
          "-c",
          `echo PID=$$; exec "${process.execPath}" --import tsx "${fixture("interrupt-child.mts")}"`,
        ],
        env: { ...baseEnv, TMPDIR: tmp },
        timeoutMs: 120_000,
        signal: controller.signal,
        onStdout: (chunk) => {
          const text = chunk.toString();
          const m = /PID=(\d+)/.exec(text);
          if (m) pid = Number(m[1]);
          if (text.includes("MODEL-ASKED")) asked = true;
        },
      });
      const deadline = Date.now() + 90_000;
      while (!asked && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(asked).toBe(true);
      expect(readdirSync(tmp).some((n) => n.startsWith("vigiles-harness-"))).toBe(true);
      process.kill(pid, "SIGINT");
      const r = await child;
      expect(r.signal).toBe("SIGINT");
      expect(readdirSync(tmp).filter((n) => n.startsWith("vigiles-harness-"))).toEqual([]);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});
