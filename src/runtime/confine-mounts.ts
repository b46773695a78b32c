/**
 * The mount plan of one confined run, in bwrap's order (a later mount covers an earlier one): the
 * host read-only, then the masks (empty tmpfs over the invoking user's HOME, /root, /run and the
 * machine-wide managed-settings folders), the run's own binds, and last a /dev/null over every host
 * unix socket the run could still see. Separate from the argv so the plan can be read and tested.
 */
import { lstatSync, readFileSync, readdirSync, readlinkSync, realpathSync } from "node:fs";
import { dirname, join } from "node:path";
import { VigilesError } from "../core/errors.js";

/** One bwrap mount. `bind` is writable and in place; `ro-bind` binds `source` at `path`. */
export type Mount =
  | { readonly kind: "ro-bind"; readonly source: string; readonly path: string }
  | { readonly kind: "bind"; readonly path: string }
  | { readonly kind: "tmpfs"; readonly path: string }
  | { readonly kind: "symlink"; readonly source: string; readonly path: string }
  | { readonly kind: "proc"; readonly path: string }
  | { readonly kind: "dev"; readonly path: string };

/**
 * Where the harnesses read machine-wide managed settings on Linux: Claude Code
 * (`/etc/claude-code/managed-settings.json` and `.d/`), Codex (`/etc/codex/managed_config.toml`,
 * which beats `-c` overrides), Gemini CLI (`/etc/gemini-cli/settings.json`, system-defaults) and
 * Copilot CLI (`/etc/github-copilot/managed-settings.json` and `policy.d/`).
 */
export const MANAGED_SETTINGS_DIRS: readonly string[] = [
  "/etc/claude-code",
  "/etc/codex",
  "/etc/gemini-cli",
  "/etc/github-copilot",
];

/** Where a Linux host keeps its daemons' sockets (dbus, docker, systemd, the user's runtime dir). */
const SOCKET_DIRS: readonly string[] = ["/run", "/var/run"];

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
  /** The host's bound socket paths; read from /proc/net/unix when absent. */
  readonly hostSockets?: readonly string[];
  /** The machine-wide managed-settings folders to mask; {@link MANAGED_SETTINGS_DIRS} when absent. */
  readonly managedDirs?: readonly string[];
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

/**
 * Every pathname unix socket bound in this network namespace (`/proc/net/unix`, last column).
 * Abstract sockets (`@name`) are left out: they belong to a network namespace, and a confined run
 * has its own. Relative paths are left out: nothing says what they were relative to.
 */
export function readHostSockets(): string[] {
  let text: string;
  try {
    text = readFileSync("/proc/net/unix", "utf8");
  } catch {
    return [];
  }
  const paths = new Set<string>();
  for (const line of text.split("\n").slice(1)) {
    const match = /^\s*(?:\S+\s+){7}(\/.*)$/.exec(line);
    if (match?.[1]) paths.add(match[1]);
  }
  return [...paths];
}

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

/** The mounts of one confined run, in order. */
export function confinementMounts(input: MountPlanInput): Mount[] {
  const mounts: Mount[] = [{ kind: "ro-bind", source: "/", path: "/" }];
  const masked = new Set<string>();
  const mask = (path: string | undefined): void => {
    if (path === undefined || SYSTEM_DIRS.has(path) || masked.has(path)) return;
    masked.add(path);
    mounts.push(maskOf(path));
  };

  // Managed settings: the test's own where it gave them, else an empty folder.
  const supplied = new Map(input.managedSettings.map((b) => [b.target, b.source]));
  const roomMade = new Set<string>();
  for (const dir of new Set([...(input.managedDirs ?? MANAGED_SETTINGS_DIRS), ...supplied.keys()])) {
    const source = supplied.get(dir);
    if (source === undefined) {
      mask(real(dir));
      continue;
    }
    if (real(dir) === undefined) mounts.push(...roomFor(dir, roomMade));
    mounts.push({ kind: "ro-bind", source, path: dir });
  }

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
  // Daemons' sockets (docker, dbus, systemd): a read-only view does not stop connect().
  for (const dir of SOCKET_DIRS) {
    const r = real(dir);
    if (r !== undefined && isDir(r)) mask(r);
  }
  mounts.push(
    { kind: "proc", path: "/proc" },
    { kind: "dev", path: "/dev" },
    { kind: "tmpfs", path: "/tmp" },
  );

  // Bound back (read-only) when a mask hides them, but never a whole HOME.
  for (const path of input.keepVisible) {
    const r = real(path);
    if (r === undefined || masked.has(r) || homeUnder(r) !== undefined) continue;
    const cover = mounts[coveringMount(mounts, r)];
    if (cover !== undefined && cover.path !== r && cover.kind === "tmpfs") {
      mounts.push({ kind: "ro-bind", source: r, path: r });
    }
  }
  const writable = [input.workDir, input.home, ...(input.tmpDir ? [input.tmpDir] : []), ...input.writable];
  for (const path of [...writable, ...input.readOnly]) {
    const r = real(path) ?? path;
    const home = homeUnder(r);
    if (home !== undefined) throw new UnsafeBindError(path, home);
  }
  for (const path of writable) mounts.push({ kind: "bind", path });
  for (const path of input.readOnly) mounts.push({ kind: "ro-bind", source: path, path });

  // Last, every host socket still visible somewhere inside (through / or any bind) becomes /dev/null.
  const allowed = new Set(input.allowedSockets.map((s) => real(s) ?? s));
  const blocked = new Set<string>();
  for (const listed of input.hostSockets ?? readHostSockets()) {
    const socket = real(listed);
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
  return mounts;
}
