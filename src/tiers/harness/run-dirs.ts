/**
 * The private dirs of one harness run (work, home, tmp under one temp root), made once and removed
 * once by whoever opened them: `runHarnessTest` opens them, hands them to the session, and removes
 * them when the test's trace is cleaned up, on an error, or on Ctrl-C.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { RunDirs } from "../../adapters/port.js";
import { makeTempDir, removeTempDir } from "../../runtime/temp-dir.js";
import { cleanupOnInterrupt } from "./interrupt.js";

/** A run's dirs and the one way to remove them (idempotent). */
export interface RunDirsLease {
  readonly root: string;
  readonly dirs: RunDirs;
  remove(): void;
}

/** Makes the private dirs of one run under `root` (a fresh temp root when absent). */
export function makeRunDirs(root?: string): { root: string; dirs: RunDirs } {
  const base = root ?? makeTempDir("vigiles-harness-");
  const dirs: RunDirs = {
    workDir: join(base, "work"),
    homeDir: join(base, "home"),
    tmpDir: join(base, "tmp"),
  };
  for (const d of Object.values(dirs)) mkdirSync(d, { recursive: true });
  return { root: base, dirs };
}

/**
 * Opens a run's dirs; `remove` deletes them once. With `onInterrupt`, a Ctrl-C removes them too
 * (and `remove` stops watching for it).
 */
export function openRunDirs(
  options: { readonly root?: string; readonly onInterrupt?: boolean } = {},
): RunDirsLease {
  const { root, dirs } = makeRunDirs(options.root);
  let removed = false;
  const removeDirs = () => {
    if (removed) return;
    removed = true;
    removeTempDir(root);
  };
  const untrack = options.onInterrupt === true ? cleanupOnInterrupt(removeDirs) : () => undefined;
  return {
    root,
    dirs,
    remove: () => {
      untrack();
      removeDirs();
    },
  };
}
