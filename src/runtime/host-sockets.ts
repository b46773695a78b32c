/**
 * Finding the host's unix sockets a confined run could still see: by walking the folders bound into
 * it (links not followed), and by reading every visible network namespace's socket table.
 */
import { readFileSync, readdirSync, statSync, type Dirent } from "node:fs";
import { join } from "node:path";

/** At most this many entries are read per run when walking for sockets (~10 ms on a loaded machine). */
const SOCKET_WALK_BUDGET = 20_000;

/** The pathname sockets of one `net/unix` table (last column). */
function socketsOfTable(text: string, into: Set<string>): void {
  for (const line of text.split("\n").slice(1)) {
    const match = /^\s*(?:\S+\s+){7}(\/.*)$/.exec(line);
    if (match?.[1]) into.add(match[1]);
  }
}

/**
 * Every pathname unix socket bound in any network namespace a process here can be seen in:
 * `/proc/net/unix` shows only this namespace's, so each other namespace's table is read through one
 * of its processes (`/proc/<pid>/net/unix`; a server started under `unshare -n` is only there).
 * Abstract sockets (`@name`) are left out: they belong to a network namespace, and a confined run
 * has its own. Relative paths are left out: nothing says what they were relative to.
 */
export function readHostSockets(): string[] {
  const paths = new Set<string>();
  const seen = new Set<number>();
  const own = netnsOf("self");
  if (own !== undefined) seen.add(own);
  try {
    socketsOfTable(readFileSync("/proc/net/unix", "utf8"), paths);
  } catch {
    return [];
  }
  let pids: string[] = [];
  try {
    pids = readdirSync("/proc").filter((n) => /^\d+$/.test(n));
  } catch {
    // No /proc listing: this namespace's table is all there is.
  }
  for (const pid of pids) {
    const ns = netnsOf(pid);
    if (ns === undefined || seen.has(ns)) continue;
    seen.add(ns);
    try {
      socketsOfTable(readFileSync(`/proc/${pid}/net/unix`, "utf8"), paths);
    } catch {
      // Gone while reading.
    }
  }
  return [...paths];
}

/**
 * Which network namespace a process is in: the inode of its `net/unix` table, one per namespace.
 * (A stat needs no right over the process, where reading its `ns/net` link does.)
 */
function netnsOf(pid: string): number | undefined {
  try {
    return statSync(`/proc/${pid}/net/unix`).ino;
  } catch {
    return undefined;
  }
}

/**
 * The sockets under `roots`, found by walking them (links not followed), at most `budget` entries
 * in all; and the folders that could not be listed but can be entered (a socket at a guessed name
 * inside one would be reachable, so such a folder is masked whole).
 */
export function walkForSockets(
  roots: readonly string[],
  budget = SOCKET_WALK_BUDGET,
): { sockets: string[]; unlisted: string[] } {
  const sockets: string[] = [];
  const unlisted: string[] = [];
  let left = budget;
  // Depth first, in the order given: the first root is walked whole before the next one starts.
  const stack = [...roots].reverse();
  while (stack.length > 0 && left > 0) {
    const dir = stack.pop()!;
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EACCES") unlisted.push(dir);
      continue;
    }
    left -= entries.length;
    for (const e of entries) {
      if (e.isDirectory()) stack.push(join(dir, e.name));
      else if (e.isSocket()) sockets.push(join(dir, e.name));
    }
  }
  return { sockets, unlisted };
}

/** How long a walk of the folders kept visible is reused by the next run of this process. */
const KEPT_WALK_TTL_MS = 10_000;
const keptWalks = new Map<string, { at: number; sockets: string[]; unlisted: string[] }>();

/**
 * {@link walkForSockets} of the folders kept visible (the project, node), reused for
 * {@link KEPT_WALK_TTL_MS}: walking a checkout with its node_modules cost ~200 ms a run, more than
 * the rest of a confined runHook. Every network namespace's socket table is still read on every run.
 */
export function recentWalkForSockets(roots: readonly string[]): { sockets: string[]; unlisted: string[] } {
  const key = roots.join("\0");
  const now = Date.now();
  const hit = keptWalks.get(key);
  if (hit && now - hit.at < KEPT_WALK_TTL_MS) return hit;
  const walk = { at: now, ...walkForSockets(roots) };
  keptWalks.set(key, walk);
  return walk;
}
