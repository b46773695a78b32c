/**
 * Snapshots of a directory tree by content, so a run's writes are found by diffing before and after.
 * Content hashes, not mtimes: a file rewritten with the same bytes is not a write, and a write that
 * keeps the mtime (touch -r, a fast clock) is still seen.
 */
import { createHash } from "node:crypto";
import { lstatSync, readFileSync, readdirSync, readlinkSync } from "node:fs";
import { join } from "node:path";

/** One path in a snapshot. Directories are walked, not recorded; symlinks are recorded as links, never followed. */
export type SnapshotEntry =
  | { readonly kind: "file"; readonly sha256: string; readonly size: number; readonly mode: number }
  | { readonly kind: "link"; readonly target: string };

/** A directory tree at one moment: relative posix path -> entry. */
export interface DirSnapshot {
  readonly root: string;
  readonly entries: ReadonlyMap<string, SnapshotEntry>;
}

function hashFile(path: string): string {
  return createHash("sha256").update(readFileSync(path)).digest("hex");
}

/**
 * Records every regular file (content hash, size, permission bits) and symlink (its target) under
 * `root`. Sockets, fifos and devices are skipped. A missing root gives an empty snapshot.
 */
export function snapshotDir(root: string): DirSnapshot {
  const entries = new Map<string, SnapshotEntry>();
  const walk = (dir: string, prefix: string): void => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names.sort()) {
      const abs = join(dir, name);
      const rel = prefix === "" ? name : `${prefix}/${name}`;
      let st;
      try {
        st = lstatSync(abs);
      } catch {
        continue; // removed while walking
      }
      if (st.isSymbolicLink()) {
        entries.set(rel, { kind: "link", target: readlinkSync(abs) });
      } else if (st.isDirectory()) {
        walk(abs, rel);
      } else if (st.isFile()) {
        let sha256: string;
        try {
          sha256 = hashFile(abs);
        } catch {
          sha256 = "unreadable";
        }
        entries.set(rel, { kind: "file", sha256, size: st.size, mode: st.mode & 0o7777 });
      }
    }
  };
  walk(root, "");
  return { root, entries };
}

function sameEntry(a: SnapshotEntry, b: SnapshotEntry): boolean {
  if (a.kind === "link" || b.kind === "link") {
    return a.kind === "link" && b.kind === "link" && a.target === b.target;
  }
  return a.sha256 === b.sha256 && a.size === b.size && a.mode === b.mode;
}

/**
 * Paths created or changed between two snapshots (content, permission bits, or link target),
 * sorted, relative posix paths. Deleted paths are in {@link deletedPaths}.
 */
export function changedPaths(before: DirSnapshot, after: DirSnapshot): string[] {
  const out: string[] = [];
  for (const [path, entry] of after.entries) {
    const old = before.entries.get(path);
    if (old === undefined || !sameEntry(old, entry)) out.push(path);
  }
  return out.sort();
}

/** Paths present before and gone after, sorted. */
export function deletedPaths(before: DirSnapshot, after: DirSnapshot): string[] {
  return [...before.entries.keys()].filter((p) => !after.entries.has(p)).sort();
}
