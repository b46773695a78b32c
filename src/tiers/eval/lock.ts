/**
 * The eval lock: one committed file per named eval holding the hash of its inputs and the report they
 * produced. `vigiles eval --check` fails when the inputs changed since; `--update` rewrites it. An
 * unnamed eval has no lock.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { VigilesError } from "../../core/errors.js";
import type { EvalReport } from "../../core/eval-report.js";
import { writeFileAtomic } from "../../runtime/atomic-write.js";

export const LOCK_FORMAT = "vigiles.eval-lock";
export const LOCK_VERSION = 1;
/** Where locks live, relative to the directory `vigiles eval` runs in. */
export const DEFAULT_LOCK_DIR = ".vigiles/eval-locks";

export interface EvalLock {
  readonly format: typeof LOCK_FORMAT;
  readonly version: number;
  readonly name: string;
  readonly inputsHash: string;
  readonly driverIdentity: string;
  readonly updatedAt: string;
  readonly report: unknown;
}

export class EvalLockReadError extends VigilesError {
  constructor(message: string) {
    super("VIGILES_EVAL_LOCK_UNREADABLE", message);
  }
}

export function lockPath(name: string, dir: string = DEFAULT_LOCK_DIR): string {
  return join(dir, `${name.replace(/[^A-Za-z0-9._-]/g, "_")}.json`);
}

/** The lock of `name`, or undefined when none was written. */
export function readLock(name: string, dir?: string): EvalLock | undefined {
  const path = lockPath(name, dir);
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  let lock: Partial<EvalLock>;
  try {
    lock = JSON.parse(text) as Partial<EvalLock>;
  } catch (error) {
    throw new EvalLockReadError(
      `${path} is not JSON (${(error as Error).message}); rewrite it with \`vigiles eval --update\`.`,
    );
  }
  if (
    lock.format !== LOCK_FORMAT ||
    typeof lock.version !== "number" ||
    typeof lock.inputsHash !== "string"
  ) {
    throw new EvalLockReadError(
      `${path} is not a vigiles eval lock; rewrite it with \`vigiles eval --update\`.`,
    );
  }
  if (lock.version > LOCK_VERSION) {
    throw new EvalLockReadError(
      `${path} has lock version ${lock.version}; this vigiles reads ${LOCK_VERSION}. Upgrade vigiles.`,
    );
  }
  return lock as EvalLock;
}

export function writeLock(
  name: string,
  inputsHash: string,
  driverIdentity: string,
  report: EvalReport | unknown,
  dir?: string,
): string {
  const path = lockPath(name, dir);
  const lock: EvalLock = {
    format: LOCK_FORMAT,
    version: LOCK_VERSION,
    name,
    inputsHash,
    driverIdentity,
    updatedAt: new Date().toISOString(),
    report,
  };
  writeFileAtomic(path, JSON.stringify(lock, null, 2) + "\n");
  return path;
}

export type LockCheck =
  | { readonly kind: "unnamed" }
  | { readonly kind: "missing"; readonly path: string }
  | { readonly kind: "fresh"; readonly path: string }
  | { readonly kind: "stale"; readonly path: string; readonly locked: string; readonly current: string };

export function checkLock(name: string | undefined, inputsHash: string, dir?: string): LockCheck {
  if (name === undefined) return { kind: "unnamed" };
  const path = lockPath(name, dir);
  const lock = readLock(name, dir);
  if (!lock) return { kind: "missing", path };
  return lock.inputsHash === inputsHash
    ? { kind: "fresh", path }
    : { kind: "stale", path, locked: lock.inputsHash, current: inputsHash };
}
