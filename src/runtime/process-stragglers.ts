/**
 * Ends what a run left behind outside its process group. A hook's `setsid sleep 303 &` starts a new
 * session, so killing the run's group misses it, and unconfined there is no PID namespace to end it.
 * Every run's environment carries a token of its own ({@link RUN_TOKEN_ENV}); after the run, every
 * process whose `/proc/<pid>/environ` still carries it is killed. Linux only (elsewhere a no-op); a
 * process that clears its environment (`env -i`) is not found.
 */
import { randomUUID } from "node:crypto";
import { readFileSync, readdirSync } from "node:fs";

/** The variable that marks every process of one run (and what it starts, by inheritance). */
export const RUN_TOKEN_ENV = "VIGILES_RUN_TOKEN";

/** A fresh token for one run. */
export function newRunToken(): string {
  return randomUUID();
}

/** The last pid handed out in this PID namespace, if the kernel says. */
function lastPid(): number | undefined {
  try {
    const n = Number(readFileSync("/proc/sys/kernel/ns_last_pid", "latin1"));
    return Number.isInteger(n) && n > 0 ? n : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Past this many pids handed out since the run's first, listing `/proc` is cheaper than probing
 * each pid in the range (a probe of a pid that is gone costs a failed open, about 2 µs).
 */
const PROBE_RANGE_LIMIT = 1024;

/**
 * A process (not a thread) of ours whose environment carries `needle`. `/proc/<tid>` of a thread
 * answers too when probed by number (it is only hidden from the listing), so a hit is kept only when
 * it leads its thread group, as the listing would give it.
 */
function carries(pid: number, needle: string): boolean {
  if (pid === process.pid) return false;
  try {
    if (!readFileSync(`/proc/${pid}/environ`, "latin1").includes(needle)) return false;
    return new RegExp(`^Tgid:\\s*${pid}$`, "m").test(readFileSync(`/proc/${pid}/status`, "latin1"));
  } catch {
    // Gone, never was, or another user's process (not ours to read, nor started by the run).
    return false;
  }
}

/**
 * The pids whose environment carries `token`. Pids are handed out in rising order, so a process the
 * run started has a pid in [`firstPid`, the last pid handed out], unless the counter wrapped since:
 * then (or when the counter cannot be read, or the range is wide) every pid `/proc` lists is read.
 * Probing the range directly costs a few microseconds a pid, where listing `/proc` and reading the
 * newer entries took about a millisecond (and reading all, 30 ms on a loaded 2-core machine).
 * `probeRangeLimit` is for tests (0: always list).
 */
export function pidsCarrying(token: string, firstPid: number, probeRangeLimit = PROBE_RANGE_LIMIT): number[] {
  const needle = `${RUN_TOKEN_ENV}=${token}`;
  const last = lastPid();
  if (last !== undefined && last >= firstPid && last - firstPid < probeRangeLimit) {
    const found: number[] = [];
    for (let pid = firstPid; pid <= last; pid++) if (carries(pid, needle)) found.push(pid);
    return found;
  }
  let names: string[];
  try {
    names = readdirSync("/proc");
  } catch {
    return [];
  }
  const all = last === undefined || last < firstPid;
  const found: number[] = [];
  for (const name of names) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || (!all && pid < firstPid)) continue;
    if (carries(pid, needle)) found.push(pid);
  }
  return found;
}

/** Dead: no such process, or a zombie (killed, waiting for its parent to reap it). */
function dead(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return true;
  }
  try {
    return /^\d+ \(.*\) [ZX]/s.test(readFileSync(`/proc/${pid}/stat`, "latin1"));
  } catch {
    return true;
  }
}

const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Waits (synchronously, up to `limitMs`) until every pid is dead. SIGKILL is delivered
 * asynchronously: on a loaded machine the victim can still be running when `kill` returns, so a
 * call that returned at once would hand back a process that is about to die but not yet dead.
 */
function awaitDeaths(pids: readonly number[], limitMs: number): void {
  const until = Date.now() + limitMs;
  let waiting = pids.filter((pid) => !dead(pid));
  while (waiting.length > 0 && Date.now() < until) {
    Atomics.wait(pause, 0, 0, 5);
    waiting = waiting.filter((pid) => !dead(pid));
  }
}

/**
 * Kills (SIGKILL) every process still carrying `token`, again while a round finds any (a daemon
 * that forks as it dies), and returns once they are dead (or after a second); returns how many were
 * killed.
 */
export function endStragglers(token: string, firstPid: number): number {
  const killed: number[] = [];
  for (let round = 0; round < 5; round++) {
    const pids = pidsCarrying(token, firstPid).filter((pid) => !dead(pid));
    if (pids.length === 0) break;
    for (const pid of pids) {
      try {
        process.kill(pid, "SIGKILL");
        killed.push(pid);
      } catch {
        // ESRCH: gone already.
      }
    }
    awaitDeaths(pids, 1000);
  }
  return killed.length;
}
