/**
 * Confinement with bubblewrap: the whole file system read-only, a fresh /proc, /dev and /tmp, only
 * the work dir, a private HOME and the listed paths writable, and no network unless asked for.
 * Where bwrap cannot run, confinement refuses with an error: a run that asked to be confined never
 * runs unconfined.
 */
import { spawnSync } from "node:child_process";
import { VigilesError } from "../core/errors.js";

/** Confinement was asked for and bubblewrap cannot run here. */
export class ConfinementUnavailableError extends VigilesError {
  constructor(detail: string, options?: { cause?: unknown }) {
    super(
      "VIGILES_CONFINEMENT_UNAVAILABLE",
      `Confinement needs bubblewrap (bwrap), and it cannot run here: ${detail}. ` +
        "Install it (Debian/Ubuntu: `apt-get install -y bubblewrap`; Fedora: `dnf install bubblewrap`) " +
        "and, in a container, allow user namespaces (or run it privileged). " +
        "vigiles never runs a confined step unconfined.",
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

export interface ConfineOptions {
  /** Writable, and the working directory inside. */
  readonly workDir: string;
  /** A private HOME, writable (HOME is set to it inside). */
  readonly home: string;
  /** A private temp dir, writable (TMPDIR is set to it inside). Without it /tmp is an empty tmpfs. */
  readonly tmpDir?: string;
  /** `none`: only loopback inside (a private network namespace). `shared`: the host's network. */
  readonly network: "none" | "shared";
  /** Paths bound read-only on top of the writable ones (to protect a part of the work dir). */
  readonly readOnly?: readonly string[];
  /** More writable paths (bound in place). */
  readonly writable?: readonly string[];
}

/**
 * The argv that runs `argv` confined: `["bwrap", ...flags, "--", ...argv]`. Throws
 * {@link ConfinementUnavailableError} when bubblewrap cannot run here.
 *
 * @example
 * const argv = confineArgv(["sh", "-c", "echo hi > out"], { workDir, home, network: "none" });
 */
export function confineArgv(argv: readonly string[], options: ConfineOptions): [string, ...string[]] {
  if (!bwrapAvailable()) {
    throw new ConfinementUnavailableError(selfTest && !selfTest.ok ? selfTest.detail : "unknown reason");
  }
  const flags: string[] = ["--ro-bind", "/", "/", "--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp"];
  // The private tmpfs hides everything under /tmp, including a project checked out there (CI clones
  // often are): bind the caller's directory back, read-only, before the writable binds so a work dir
  // inside it stays writable.
  const project = process.cwd();
  if (project === "/tmp" || project.startsWith("/tmp/")) flags.push("--ro-bind", project, project);
  const writable = [
    options.workDir,
    options.home,
    ...(options.tmpDir ? [options.tmpDir] : []),
    ...(options.writable ?? []),
  ];
  for (const path of writable) flags.push("--bind", path, path);
  for (const path of options.readOnly ?? []) flags.push("--ro-bind", path, path);
  flags.push("--unshare-all");
  if (options.network === "shared") flags.push("--share-net");
  flags.push(
    "--die-with-parent",
    "--new-session",
    "--chdir",
    options.workDir,
    "--setenv",
    "HOME",
    options.home,
  );
  if (options.tmpDir) flags.push("--setenv", "TMPDIR", options.tmpDir);
  return ["bwrap", ...flags, "--", ...argv];
}
