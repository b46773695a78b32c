/**
 * Confinement with bubblewrap: only the host's system trees, the project and node bound read-only
 * (confine-mounts.ts), a fresh /proc, /dev, /run, /var/tmp and /tmp, only the work dir, a private
 * HOME and the listed paths writable, and a network namespace of its own
 * (reaching, when asked for, only named endpoints through a host-side proxy: confine-egress.ts).
 * Hardened against what an untrusted plugin would reach for on a read-only view of the host: the
 * invoking user's HOME and /root are empty, machine-wide managed settings are empty, no host unix
 * socket is connectable, and one PID namespace holds every process of the run.
 * Where bwrap cannot run, confinement refuses with an error: a run that asked to be confined never
 * runs unconfined.
 */
import { spawnSync } from "node:child_process";
import { homedir, userInfo } from "node:os";
import { dirname, join } from "node:path";
import { InvalidOptionError, VigilesError, assertNever } from "../core/errors.js";
import { egressPlan } from "./confine-egress.js";
import {
  confinementMounts,
  recentWalkForSockets,
  type Mount,
  type MountPlanInput,
} from "./confine-mounts.js";

/** Confinement was asked for and bubblewrap cannot run here. */
export class ConfinementUnavailableError extends VigilesError {
  constructor(detail: string, options?: { cause?: unknown }) {
    super(
      "VIGILES_CONFINEMENT_UNAVAILABLE",
      `Confinement needs bubblewrap (bwrap), and it cannot run here: ${detail}. ` +
        "Install it (Debian/Ubuntu: `apt-get install -y bubblewrap`; Fedora: `dnf install bubblewrap`) " +
        "and, in a container, allow user namespaces (or run it privileged); `vigiles doctor` checks it. " +
        "vigiles never runs a confined step unconfined: to run on the host instead, say so with " +
        "`sandbox: false` (the run can then read your HOME, write anywhere you can and reach the network).",
      options,
    );
  }
}

let selfTest: { ok: true } | { ok: false; detail: string } | undefined;

function runSelfTest(): { ok: true } | { ok: false; detail: string } {
  const probe = spawnSync(
    "bwrap",
    [
      "--ro-bind",
      "/",
      "/",
      "--proc",
      "/proc",
      "--dev",
      "/dev",
      "--tmpfs",
      "/tmp",
      "--unshare-all",
      "--die-with-parent",
      "--new-session",
      "--",
      "/bin/sh",
      "-c",
      "echo vigiles-bwrap-ok",
    ],
    { encoding: "utf8", timeout: 10_000, stdio: ["ignore", "pipe", "pipe"] },
  );
  if (probe.error) {
    const code = (probe.error as NodeJS.ErrnoException).code;
    return { ok: false, detail: code === "ENOENT" ? "`bwrap` is not on PATH" : probe.error.message };
  }
  if (probe.status !== 0 || !probe.stdout.includes("vigiles-bwrap-ok")) {
    const why = probe.stderr.trim() || `exit ${String(probe.status ?? probe.signal)}`;
    return { ok: false, detail: `a test run of bwrap failed (${why})` };
  }
  return { ok: true };
}

/** The self-test's answer with its reason (for `vigiles doctor`); run once and cached. */
export function bwrapSelfTest(): { readonly ok: true } | { readonly ok: false; readonly detail: string } {
  selfTest ??= runSelfTest();
  return selfTest;
}

/** Whether bubblewrap really works here: it runs one confined `sh` once and caches the answer. */
export function bwrapAvailable(): boolean {
  selfTest ??= runSelfTest();
  return selfTest.ok;
}

/** A test's own managed-settings folder, bound read-only where a harness reads machine-wide settings. */
export interface ManagedSettingsBind {
  /** Where the harness reads them, e.g. `/etc/claude-code`. */
  readonly target: string;
  /** The folder (or file) bound there. */
  readonly source: string;
}

export interface ConfineOptions {
  /**
   * Where the harnesses read machine-wide managed settings (masked, or bound to `managedSettings`):
   * the registry's `managedSettingsDirs()`, every registered harness's.
   */
  readonly managedSettingsDirs: readonly string[];
  /** Writable, and the working directory inside unless `chdir` names another. */
  readonly workDir: string;
  /** The working directory inside, when not `workDir` (a nested project of the work dir). */
  readonly chdir?: string;
  /** A private HOME, writable (HOME is set to it inside). */
  readonly home: string;
  /** A private temp dir, writable (TMPDIR is set to it inside). Without it /tmp is an empty tmpfs. */
  readonly tmpDir?: string;
  /**
   * The run always has a network namespace of its own. `none`: only its loopback. `shared`: also the
   * endpoints in `allow`, reached through vigiles' egress proxy (every `*_PROXY` variable points at it
   * inside; anything else is refused with VIGILES_EGRESS_REFUSED on stderr). The host's network
   * namespace is never shared: its abstract unix sockets would be connectable.
   */
  readonly network: "none" | "shared";
  /** With `network: "shared"`: the `host:port` endpoints the run may reach (at least one). */
  readonly allow?: readonly string[];
  /** Paths bound read-only on top of the writable ones (to protect a part of the work dir). */
  readonly readOnly?: readonly string[];
  /** More writable paths (bound in place). */
  readonly writable?: readonly string[];
  /** Host unix sockets the run may connect to (the mock model's); every other one is made unconnectable. */
  readonly allowedSockets?: readonly string[];
  /** Managed settings to supply in place of the masked machine-wide folders. */
  readonly managedSettings?: readonly ManagedSettingsBind[];
}

/** The invoking user's HOME by every name a process could find it by, and root's (all masked inside). */
export function hostHomes(): string[] {
  const homes = [homedir(), process.env["HOME"] ?? "", "/root"];
  try {
    homes.push(userInfo().homedir);
  } catch {
    // No passwd entry for this uid (a container with an arbitrary uid): HOME and homedir() remain.
  }
  return homes;
}

function toFlags(mounts: readonly Mount[]): string[] {
  const flags: string[] = [];
  for (const m of mounts) {
    switch (m.kind) {
      case "ro-bind":
        flags.push("--ro-bind", m.source, m.path);
        break;
      case "bind":
        flags.push("--bind", m.path, m.path);
        break;
      case "tmpfs":
        flags.push("--tmpfs", m.path);
        break;
      case "symlink":
        flags.push("--symlink", m.source, m.path);
        break;
      case "proc":
        flags.push("--proc", m.path);
        break;
      case "dev":
        flags.push("--dev", m.path);
        break;
      case "remount-ro":
        flags.push("--remount-ro", m.path);
        break;
      default:
        assertNever(m, "mount");
    }
  }
  return flags;
}

/**
 * The argv that runs `argv` confined: `["bwrap", ...flags, "--", ...argv]`. Throws
 * {@link ConfinementUnavailableError} when bubblewrap cannot run here.
 *
 * @example
 * const argv = confineArgv(["sh", "-c", "echo hi > out"], { workDir, home, network: "none" });
 */
export function confineArgv(argv: readonly string[], options: ConfineOptions): [string, ...string[]] {
  return confineArgvWithPlan(argv, options, {});
}

/**
 * {@link confineArgv} with parts of the mount plan replaced (tests point `managedDirs` at a folder of
 * their own instead of creating /etc/claude-code on a shared machine). Not part of the public API.
 */
export function confineArgvWithPlan(
  argv: readonly string[],
  options: ConfineOptions,
  plan: Partial<Pick<MountPlanInput, "managedDirs" | "hostSockets">>,
): [string, ...string[]] {
  if (!bwrapAvailable()) {
    throw new ConfinementUnavailableError(selfTest && !selfTest.ok ? selfTest.detail : "unknown reason");
  }
  if (options.network === "none" && (options.allow ?? []).length > 0) {
    throw new InvalidOptionError(
      '`allow` names endpoints for network "shared"; network "none" reaches none.',
    );
  }
  const egress = options.network === "shared" ? egressPlan(argv, options.allow ?? []) : undefined;
  const mounts = confinementMounts({
    workDir: options.workDir,
    home: options.home,
    ...(options.tmpDir !== undefined ? { tmpDir: options.tmpDir } : {}),
    readOnly: [...(options.readOnly ?? []), ...(egress?.readOnly ?? [])],
    writable: options.writable ?? [],
    allowedSockets: [...(options.allowedSockets ?? []), ...(egress ? [egress.socket] : [])],
    managedSettings: options.managedSettings ?? [],
    managedDirs: options.managedSettingsDirs,
    hostHomes: hostHomes(),
    // The project (tests, fixtures, hooks at absolute paths, its node_modules where that is a link
    // out of it) and node itself stay visible: nothing of the host but its system trees is bound.
    keepVisible: [process.cwd(), join(process.cwd(), "node_modules"), dirname(dirname(process.execPath))],
    walkKept: recentWalkForSockets,
    ...plan,
  });
  const flags = toFlags(mounts);
  // The root itself is a tmpfs bwrap made: read-only, as the host's was when it was bound whole.
  flags.push("--remount-ro", "/");
  // --unshare-all includes a PID namespace: bwrap is its init, and when the run's command exits the
  // kernel kills everything left in it (a hook's `setsid nohup daemon &` included). --die-with-parent
  // tears it down when vigiles itself dies.
  // The network namespace is never shared, `shared` included (see `egress`).
  flags.push("--unshare-all");
  flags.push(
    "--die-with-parent",
    "--new-session",
    "--chdir",
    options.chdir ?? options.workDir,
    "--setenv",
    "HOME",
    options.home,
  );
  if (options.tmpDir) flags.push("--setenv", "TMPDIR", options.tmpDir);
  if (egress) return egress.wrap(["bwrap", ...flags, "--", ...egress.inner]);
  return ["bwrap", ...flags, "--", ...argv];
}
