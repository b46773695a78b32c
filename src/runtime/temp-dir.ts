/**
 * Temporary directories that cannot outlive the process: each one made here is registered and
 * removed at exit, so a crashed test or an interrupted run leaves nothing under the temp dir.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const liveDirs = new Set<string>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on("exit", () => {
    for (const dir of liveDirs) removeQuietly(dir);
    liveDirs.clear();
  });
}

function removeQuietly(path: string): void {
  try {
    rmSync(path, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  } catch {
    // Best effort at exit: a dir that cannot be removed must not turn an exit into a crash.
  }
}

/**
 * Makes a fresh directory under the OS temp dir (`mkdtemp`), registered for removal when the process
 * exits. Remove it earlier with {@link removeTempDir}.
 *
 * @example
 * const dir = makeTempDir("vigiles-run-");
 * try { /* use dir *\/ } finally { removeTempDir(dir); }
 */
export function makeTempDir(prefix: string): string {
  installExitHook();
  const dir = mkdtempSync(join(tmpdir(), prefix));
  liveDirs.add(dir);
  return dir;
}

/** Removes a directory and everything under it (`rm -rf`) and forgets it. A missing dir is not an error. */
export function removeTempDir(path: string): void {
  liveDirs.delete(path);
  rmSync(path, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
}

/** The temp dirs made here and not yet removed (for leak checks in tests). */
export function liveTempDirs(): readonly string[] {
  return [...liveDirs];
}
