// Issue 29 §3: everything a hook starts ends with the call, confined or not. A hook that starts
// `setsid sleep 303 &` (a session of its own, so out of the process group the call kills) and exits
// 2 left the daemon running after an unconfined runHook. Each run's environment now carries a token
// (RUN_TOKEN_ENV) and every process still carrying it is killed when the call settles.
import { readFileSync, readdirSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { RUN_TOKEN_ENV, newRunToken, pidsCarrying } from "../../src/runtime/process-stragglers.js";
import { runHook, runHookAsync } from "../../src/tiers/run-hook/run-hook.js";
import { runScript, runScriptAsync } from "../../src/tiers/run-script/run-script.js";
import { bashEvent, processGone } from "./helpers.js";

/** A `sleep` no other process runs: 303 seconds and a fraction unique to this call. */
let calls = 0;
const uniqueSleep = () => `303.${process.pid}${String(++calls).padStart(3, "0")}`;

/** The pids of processes running `sleep <seconds>` (the daemon a hook left). */
function sleepers(seconds: string): number[] {
  const found: number[] = [];
  for (const name of readdirSync("/proc").filter((n) => /^\d+$/.test(n))) {
    try {
      if (
        readFileSync(`/proc/${name}/cmdline`, "latin1") === `sleep\0${seconds}\0` &&
        !processGone(Number(name))
      )
        found.push(Number(name));
    } catch {
      // gone while reading
    }
  }
  return found;
}

const left: string[] = [];
afterAll(() => {
  // A red run leaves its daemons: end them (found by their unique sleep, each ours).
  for (const s of left) for (const pid of sleepers(s)) process.kill(pid, "SIGKILL");
});

/** A hook that leaves a daemon in a session of its own, says it did, and blocks. */
function daemonHook(seconds: string): string {
  left.push(seconds);
  return `setsid sleep ${seconds} </dev/null >/dev/null 2>&1 & echo started >&2; exit 2`;
}

describe("what a hook starts ends with the call", () => {
  it("runHook, unconfined (sync): the setsid daemon is gone when the call returns", () => {
    const seconds = uniqueSleep();
    const r = runHook(daemonHook(seconds), bashEvent("ls"));
    expect([r.exitCode, r.stderr]).toEqual([2, "started\n"]);
    expect(sleepers(seconds)).toEqual([]);
  });

  it("runHookAsync, unconfined: the same", async () => {
    const seconds = uniqueSleep();
    const r = await runHookAsync(daemonHook(seconds), bashEvent("ls"));
    expect(r.exitCode).toBe(2);
    expect(sleepers(seconds)).toEqual([]);
  });

  it("runScript and runScriptAsync, unconfined: the same, also for a daemon that keeps the pipes", async () => {
    const a = uniqueSleep();
    left.push(a);
    const sync = runScript(["sh", "-c", `setsid sleep ${a} & exit 2`]);
    expect(sync.exitCode).toBe(2);
    expect(sleepers(a)).toEqual([]);
    const b = uniqueSleep();
    left.push(b);
    const run = await runScriptAsync(["sh", "-c", `setsid sleep ${b} </dev/null >/dev/null 2>&1 & exit 0`]);
    expect(run.exitCode).toBe(0);
    expect(sleepers(b)).toEqual([]);
  });

  it("runHook, confined: the same", () => {
    const seconds = uniqueSleep();
    const r = runHook(daemonHook(seconds), bashEvent("ls"), { confine: true });
    expect(r.exitCode).toBe(2);
    expect(sleepers(seconds)).toEqual([]);
  });

  it("a hook that only looks like a daemon is not a reason to kill anything else: a sleep started outside the call survives it", async () => {
    const seconds = uniqueSleep();
    left.push(seconds);
    const { spawn } = await import("node:child_process");
    const outside = spawn("sleep", [seconds], { stdio: "ignore" });
    try {
      runHook(`exit 0`, bashEvent("ls"));
      expect(sleepers(seconds)).toEqual([outside.pid]);
    } finally {
      outside.kill("SIGKILL");
    }
  });

  it("the probe of the pid range finds what listing /proc finds: the process, not its threads", async () => {
    // Probing /proc/<n> by number also answers for a thread id; the scan must give each process once,
    // by its pid, as the listing does (probeRangeLimit 0 forces the listing).
    const { spawn } = await import("node:child_process");
    const token = newRunToken();
    const child = spawn(
      process.execPath,
      [
        "-e",
        "const {Worker}=require('node:worker_threads');new Worker('setInterval(()=>{},1e3)',{eval:true});new Worker('setInterval(()=>{},1e3)',{eval:true});setInterval(()=>{},1e3);console.log('up')",
      ],
      { env: { ...process.env, [RUN_TOKEN_ENV]: token }, stdio: ["ignore", "pipe", "ignore"] },
    );
    try {
      await new Promise((resolve) => child.stdout.once("data", resolve));
      const pid = child.pid as number;
      expect(readdirSync(`/proc/${pid}/task`).length).toBeGreaterThan(2);
      expect(pidsCarrying(token, pid)).toEqual([pid]);
      expect(pidsCarrying(token, pid, 0)).toEqual([pid]);
      // Started before the range: found by neither way (pids below the first are not the run's).
      expect(pidsCarrying(token, pid + 1)).toEqual([]);
      expect(pidsCarrying(newRunToken(), pid)).toEqual([]);
    } finally {
      child.kill("SIGKILL");
    }
  });
});
