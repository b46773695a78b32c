/**
 * The one line `vigiles doctor` prints to install bubblewrap on this machine: the package manager
 * found here, with `sudo` when not root (and sudo is there), or what to do where it cannot be had
 * (confinement is Linux-only). Pure: the caller says what it found.
 */
export interface InstallContext {
  readonly platform: NodeJS.Platform;
  /** Running as root (uid 0): no sudo needed. */
  readonly root: boolean;
  /** Programs found on PATH, among sudo and the package managers. */
  readonly onPath: ReadonlySet<string>;
}

/** Package managers and their install command for bubblewrap, in the order they are looked for. */
const MANAGERS: readonly (readonly [string, string])[] = [
  ["apt-get", "apt-get install -y bubblewrap"],
  ["dnf", "dnf install -y bubblewrap"],
  ["yum", "yum install -y bubblewrap"],
  ["zypper", "zypper install -y bubblewrap"],
  ["pacman", "pacman -S --noconfirm bubblewrap"],
  ["apk", "apk add bubblewrap"],
];

/** Programs whose presence decides the line (for the caller to look up). */
export const INSTALL_PROGRAMS: readonly string[] = ["sudo", ...MANAGERS.map(([name]) => name)];

export function bubblewrapInstallLine(context: InstallContext): string {
  if (context.platform !== "linux")
    return `bubblewrap runs on Linux only (this is ${context.platform}): run vigiles in a Linux container or VM, or pass sandbox: false for code you trust`;
  const manager = MANAGERS.find(([name]) => context.onPath.has(name));
  if (manager === undefined)
    return "install bubblewrap with this system's package manager (the package is `bubblewrap`, the program `bwrap`)";
  const [name, install] = manager;
  const update = name === "apt-get" ? "apt-get update && " : "";
  if (context.root) return `${update}${install}`;
  if (context.onPath.has("sudo")) return `sudo ${update ? "apt-get update && sudo " : ""}${install}`;
  return `as root: ${update}${install}`;
}

/** bwrap is there but cannot make its namespaces: the usual causes, in one line. */
export const USER_NAMESPACES_FIX =
  "allow unprivileged user namespaces: on Ubuntu 24.04 `sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0`; " +
  "on older Debian `sudo sysctl -w kernel.unprivileged_userns_clone=1`; in a container, run it with --privileged " +
  "(or a seccomp profile that allows unshare)";
