/**
 * Writes a file whole or not at all: the bytes go to a temp file beside the target, are flushed
 * to disk, and a rename replaces the target in one step, so a crash or Ctrl-C never leaves half a
 * report, cache entry, lock or config. An existing file keeps its permission bits (a hook script
 * rewritten by `--fix` stays executable).
 */
import {
  chmodSync,
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from "node:fs";
import { basename, dirname, join } from "node:path";
import { randomBytes } from "node:crypto";

export function writeFileAtomic(path: string, data: string | Uint8Array): void {
  const dir = dirname(path);
  mkdirSync(dir, { recursive: true });
  const temp = join(dir, `.${basename(path)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
  let mode: number | undefined;
  try {
    mode = statSync(path).mode & 0o7777;
  } catch {
    mode = undefined;
  }
  try {
    const fd = openSync(temp, "w", 0o644);
    try {
      writeSync(fd, typeof data === "string" ? Buffer.from(data) : data);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    if (mode !== undefined) chmodSync(temp, mode);
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}
