// runProcess never drops what a process printed: pins that once the process has exited, its pipes
// are read to their end before the run settles (at most 2 s after the drain timer kills the group).
// Before, the run settled when the drain timer (200 ms after the exit) came due, with whatever had
// been read by then. On a loaded machine that lost output: `vigiles audit --run` read 4 of 864
// probes of a hook that always prints a JSON answer as "no answer" (8 busy loops, three audits at
// once; 0 of 864 with this fix). A pipe holder outside the process group (`setsid`) makes the same
// late output deterministic here.
import { describe, expect, test } from "vitest";
import { runProcess } from "../../src/runtime/process.js";

const env = { PATH: process.env["PATH"] ?? "/usr/bin:/bin" };

describe("runProcess and the pipes after the process exits", () => {
  test("output that arrives after the drain timer is kept until the pipes close", async () => {
    // The main process exits at once; a holder in a session of its own prints 500 ms later.
    const r = await runProcess({
      argv: ["sh", "-c", 'setsid sh -c "sleep 0.5; echo late" & exit 0'],
      env,
      timeoutMs: 30_000,
    });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe("late\n");
  });

  test("a holder that never closes the pipes is given up on, and the run settles", async () => {
    const started = performance.now();
    const r = await runProcess({
      argv: ["sh", "-c", 'echo now; setsid sh -c "sleep 6" & exit 0'],
      env,
      timeoutMs: 30_000,
    });
    expect(r.stdout).toBe("now\n");
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  test("a background child in the group that keeps the pipes open is killed, and the run settles at once", async () => {
    const started = performance.now();
    const r = await runProcess({ argv: ["sh", "-c", "echo now; sleep 30 & exit 0"], env, timeoutMs: 30_000 });
    expect(r.stdout).toBe("now\n");
    expect(performance.now() - started).toBeLessThan(1_500);
  });
});
