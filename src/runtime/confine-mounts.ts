/**
 * The mount plan of one confined run, in bwrap's order (a later mount covers an earlier one). The
 * host is not bound whole: only the system trees (/usr, /etc, the /bin and /lib links, /opt, /sys) are
 * bound read-only, and /tmp, /var (so /var/tmp), /run and /dev (so /dev/shm) are fresh, so every HOME,
 * /root and every world-writable or runtime folder of the host is simply absent. Then the masks
 * (machine-wide managed-settings folders), the project and node kept visible, the run's own binds,
 * and last a /dev/null over every host unix socket still visible: found by walking what is bound
 * besides the system trees (where only their owner, root, can make one), and listed by every network
 * namespace's /proc/<pid>/net/unix. A bind that is or holds the invoking HOME is refused. Separate
 * from the argv so the plan can be read and tested.
 */
import { lstatSync, readdirSync, readlinkSync, realpathSync } from "node:fs";
import { dirname, join } from "node:path";
import { VigilesError } from "../core/errors.js";
import { readHostSockets, walkForSockets } from "./host-sockets.js";

export { readHostSockets, recentWalkForSockets, walkForSockets } from "./host-sockets.js";

/** One bwrap mount. `bind` is writable and in place; `ro-bind` binds `source` at `path`. */
export type Mount =
  | { readonly kind: "ro-bind"; readonly source: string; readonly path: string }
  | { readonly kind: "bind"; readonly path: string }
  | { readonly kind: "tmpfs"; readonly path: string }
  | { readonly kind: "symlink"; readonly source: string; readonly path: string }
  | { readonly kind: "proc"; readonly path: string }
  | { readonly kind: "dev"; readonly path: string }
  /** Makes an earlier mount at `path` read-only (once the mount points under it are made). */
  | { readonly kind: "remount-ro"; readonly path: string };

/**
 * The host trees a confined run sees, read-only: the system (programs, libraries, configuration) and
 * nothing that holds a HOME, a daemon's socket (/run, /var/run), or a world-writable folder (/tmp,
 * /var/tmp, /dev/shm). A socket under them can be made only by their owner (root).
 */
export const SYSTEM_TREES: readonly string[] = [
  "/usr",
  "/bin",
  "/sbin",
  "/lib",
  "/lib32",
  "/lib64",
  "/libx32",
  "/etc",
  "/opt",
  "/sys",
];

/** Folders walked for sockets on every run besides the run's binds: none by default (nothing else of the host is bound). */
export const SOCKET_WALK_DIRS: readonly string[] = [];

/** Never masked even when a HOME points there: masking them would take the system away. */
const SYSTEM_DIRS = new Set([
  "/",
  "/bin",
  "/dev",
  "/etc",
  "/lib",
  "/lib64",
  "/opt",
  "/proc",
  "/sbin",
  "/sys",
  "/tmp",
  "/usr",
  "/var",
]);

/** A managed-settings target cannot be supplied: nothing on its path exists to mount it under. */
export class ManagedSettingsTargetError extends VigilesError {
  constructor(target: string) {
    super(
      "VIGILES_MANAGED_SETTINGS_TARGET",
      `Cannot bind managed settings at ${target}: no folder above it exists on this machine. Give an absolute target under an existing folder (e.g. /etc/claude-code).`,
    );
  }
}

/**
 * A path asked to be bound into a confined run is, or holds, the invoking user's HOME: bound after
 * the HOME mask, it would show the whole HOME again (a CLI linked as `~/gemini` bound its folder).
 */
export class UnsafeBindError extends VigilesError {
  constructor(path: string, home: string) {
    super(
      "VIGILES_UNSAFE_BIND",
      `Cannot bind ${path} into the sandbox: it ${path === home ? "is" : "holds"} the invoking user's HOME (${home}), which confinement hides. ` +
        "Name the file or package the run needs (a CLI inside its installed package, a project outside HOME or in a folder of its own under it).",
    );
  }
}

export interface MountPlanInput {
  readonly workDir: string;
  readonly home: string;
  readonly tmpDir?: string;
  readonly readOnly: readonly string[];
  readonly writable: readonly string[];
  readonly allowedSockets: readonly string[];
  readonly managedSettings: readonly { readonly target: string; readonly source: string }[];
  /** Every path the invoking user's HOME goes by (masked). */
  readonly hostHomes: readonly string[];
  /** Bound back read-only when a mask would hide them (the project, node's install prefix). */
  readonly keepVisible: readonly string[];
  /** The host's bound socket paths; read from every network namespace's /proc/<pid>/net/unix when absent. */
  readonly hostSockets?: readonly string[];
  /** Folders walked for sockets besides the run's binds; {@link SOCKET_WALK_DIRS} when absent. */
  readonly socketWalkDirs?: readonly string[];
  /** Walks the folders kept visible for sockets; {@link walkForSockets} when absent (confine.ts reuses a recent walk). */
  readonly walkKept?: (roots: readonly string[]) => { sockets: string[]; unlisted: string[] };
  /** The host trees bound read-only as the run's system; {@link SYSTEM_TREES} when absent. */
  readonly systemTrees?: readonly string[];
  /**
   * The machine-wide managed-settings folders to mask: every registered harness's (the registry's
   * `managedSettingsDirs()`), which outrank every layer a run controls.
   */
  readonly managedDirs: readonly string[];
}

function real(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

function isDir(path: string): boolean {
  try {
    return lstatSync(path).isDirectory();
  } catch {
    return false;
  }
}

const within = (path: string, root: string): boolean =>
  root === "/" ? path.startsWith("/") : path === root || path.startsWith(`${root}/`);

/** The mount that decides what `path` shows inside: the last one at or above it. */
function coveringMount(mounts: readonly Mount[], path: string): number {
  for (let i = mounts.length - 1; i >= 0; i--) {
    if (within(path, mounts[i]!.path)) return i;
  }
  return -1;
}

/** Hides `path` (a folder: empty tmpfs; anything else: /dev/null bound over it). */
function maskOf(path: string): Mount {
  return isDir(path) ? { kind: "tmpfs", path } : { kind: "ro-bind", source: "/dev/null", path };
}

/**
 * Makes room for a mount point at a path that does not exist on the read-only host: the nearest
 * existing folder above it becomes a tmpfs holding binds of its own entries (a bind onto a missing
 * path would otherwise need the host's folder writable, and would create the path on the host).
 */
function roomFor(target: string, done: Set<string>): Mount[] {
  let parent = dirname(target);
  while (real(parent) === undefined && parent !== "/") parent = dirname(parent);
  if (parent === "/") throw new ManagedSettingsTargetError(target);
  if (done.has(parent)) return [];
  done.add(parent);
  const mounts: Mount[] = [{ kind: "tmpfs", path: parent }];
  for (const name of readdirSync(parent).sort()) {
    const entry = join(parent, name);
    const st = lstatSync(entry);
    mounts.push(
      st.isSymbolicLink()
        ? { kind: "symlink", source: readlinkSync(entry), path: entry }
        : { kind: "ro-bind", source: entry, path: entry },
    );
  }
  return mounts;
}

/**
 * The run's root: fresh /var, /run, /proc, /dev and /tmp; then each system tree that exists here, a
 * link as the same link (merged /usr: /bin is `usr/bin`), a folder bound read-only.
 */
function systemRoot(trees: readonly string[]): Mount[] {
  const mounts: Mount[] = [
    { kind: "tmpfs", path: "/var" },
    { kind: "symlink", source: "../run", path: "/var/run" },
    { kind: "tmpfs", path: "/var/tmp" },
    { kind: "tmpfs", path: "/run" },
    { kind: "proc", path: "/proc" },
    { kind: "dev", path: "/dev" },
    { kind: "tmpfs", path: "/tmp" },
  ];
  for (const tree of trees) {
    let st;
    try {
      st = lstatSync(tree);
    } catch {
      continue;
    }
    if (st.isSymbolicLink()) mounts.push({ kind: "symlink", source: readlinkSync(tree), path: tree });
    else if (st.isDirectory()) mounts.push({ kind: "ro-bind", source: tree, path: tree });
  }
  return mounts;
}

/** The test's own managed settings where it gave them, else an empty folder over each managed one. */
function supplyManagedSettings(
  input: MountPlanInput,
  mounts: Mount[],
  mask: (path: string | undefined) => void,
): void {
  const supplied = new Map(input.managedSettings.map((b) => [b.target, b.source]));
  const roomMade = new Set<string>();
  for (const dir of new Set([...input.managedDirs, ...supplied.keys()])) {
    const source = supplied.get(dir);
    if (source === undefined) {
      mask(real(dir));
      continue;
    }
    if (real(dir) === undefined) mounts.push(...roomFor(dir, roomMade));
    mounts.push({ kind: "ro-bind", source, path: dir });
  }
}

/** A /dev/null over each of `listed` that a bind shows inside, unless allowed (pushed onto `mounts`). */
function coverSockets(mounts: Mount[], listed: readonly string[], allowedSockets: readonly string[]): void {
  const allowed = new Set(allowedSockets.map((s) => real(s) ?? s));
  const blocked = new Set<string>();
  for (const one of new Set(listed)) {
    const socket = real(one);
    if (socket === undefined || allowed.has(socket)) continue;
    try {
      if (!lstatSync(socket).isSocket()) continue;
    } catch {
      continue;
    }
    const end = mounts.length;
    for (let i = 0; i < end; i++) {
      const m = mounts[i]!;
      if (m.kind !== "bind" && m.kind !== "ro-bind") continue;
      const source = m.kind === "bind" ? m.path : m.source;
      if (source === "/dev/null" || !within(socket, source)) continue;
      const inside = source === "/" ? socket : m.path + socket.slice(source.length);
      if (coveringMount(mounts.slice(0, end), inside) !== i || blocked.has(inside)) continue;
      blocked.add(inside);
      mounts.push({ kind: "ro-bind", source: "/dev/null", path: inside });
    }
  }
}

/** The mounts of one confined run, in order. */
export function confinementMounts(input: MountPlanInput): Mount[] {
  const mounts: Mount[] = systemRoot(input.systemTrees ?? SYSTEM_TREES);
  const masked = new Set<string>();
  const mask = (path: string | undefined): void => {
    if (path === undefined || SYSTEM_DIRS.has(path) || masked.has(path)) return;
    masked.add(path);
    mounts.push(maskOf(path));
  };

  // The invoking user's HOME (~/.ssh, ~/.claude/.credentials.json, ~/.codex/auth.json) and root's.
  const homes: string[] = [];
  for (const home of input.hostHomes) {
    const r = home.startsWith("/") && isDir(home) ? real(home) : undefined;
    if (r === undefined || SYSTEM_DIRS.has(r)) continue;
    homes.push(r);
    mask(r);
  }
  /** The masked HOME that `path` is or holds: a bind of it would undo the mask. */
  const homeUnder = (path: string): string | undefined => homes.find((h) => within(h, path));

  // Bound back (read-only) when a mask hides them, but never a whole HOME.
  const keptBound: string[] = [];
  for (const path of input.keepVisible) {
    const r = real(path);
    if (r === undefined || masked.has(r) || homeUnder(r) !== undefined) continue;
    // Absent (outside the system trees) or under a fresh or masked folder: bound back.
    const cover = mounts[coveringMount(mounts, r)];
    if (cover === undefined || (cover.path !== r && cover.kind === "tmpfs")) {
      mounts.push({ kind: "ro-bind", source: r, path: r });
      keptBound.push(r);
    }
  }
  // Managed settings, after the project kept visible (which may hold the folder).
  supplyManagedSettings(input, mounts, mask);
  const writable = [input.workDir, input.home, ...(input.tmpDir ? [input.tmpDir] : []), ...input.writable];
  for (const path of [...writable, ...input.readOnly]) {
    const r = real(path) ?? path;
    const home = homeUnder(r);
    if (home !== undefined) throw new UnsafeBindError(path, home);
  }
  for (const path of writable) mounts.push({ kind: "bind", path });
  for (const path of input.readOnly) mounts.push({ kind: "ro-bind", source: path, path });

  // Last, every host socket still visible somewhere inside (through / or any bind) becomes /dev/null:
  // those found by walking the world-writable folders left visible and the run's own binds, and
  // those any network namespace lists.
  // The run's own binds are walked on every run; the project kept visible (thousands of entries, a
  // node_modules) through `walkKept` when given, which may reuse a recent walk.
  const runWalk = walkForSockets(
    [
      ...[...writable, ...input.readOnly].flatMap((p) => real(p) ?? []),
      ...(input.socketWalkDirs ?? SOCKET_WALK_DIRS).flatMap((d) => real(d) ?? []),
    ].filter((d, i, all) => isDir(d) && all.indexOf(d) === i),
  );
  const keptWalk = (input.walkKept ?? walkForSockets)(keptBound.filter((d) => isDir(d)));
  const walked = {
    sockets: [...runWalk.sockets, ...keptWalk.sockets],
    unlisted: [...runWalk.unlisted, ...keptWalk.unlisted],
  };
  for (const dir of walked.unlisted) mask(dir);
  coverSockets(
    mounts,
    [...walked.sockets, ...(input.hostSockets ?? readHostSockets())],
    input.allowedSockets,
  );
  // Last (every mount point under them made): /var and /var/tmp read-only, as the host's were through
  // the read-only root, so a write there fails (EROFS) rather than land in a folder that vanishes.
  mounts.push({ kind: "remount-ro", path: "/var/tmp" }, { kind: "remount-ro", path: "/var" });
  return mounts;
}
