/**
 * The Copilot CLI binary is a single executable that unpacks its JavaScript package on first start
 * (about 235 MB, 6–15 s here) under `$COPILOT_PKG_CACHE_HOME/pkg/<platform>/<version>/`, else under
 * `$HOME/.cache/copilot`. Every harness run has a fresh private HOME, so left alone each run would
 * pay that unpacking. vigiles unpacks once into a cache it owns, shared by every run, and points each
 * run at it with `COPILOT_CLI_DIST_DIR` (the CLI then loads that dir and unpacks nothing). A confined
 * run sees the cache read-only.
 *
 * Each release has a cache of its own (`<root>/<version>/`): a binary started on a shared cache loads
 * the newest release unpacked there (measured: 1.0.86 and 1.0.92 ran 1.0.102's package and reported
 * its version), so an older release would never run itself.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CopilotPackageError } from "./errors.js";

/** Names the shared cache dir (default: `<tmpdir>/vigiles-copilot-pkg-<uid>`). */
export const COPILOT_PKG_CACHE_ENV = "VIGILES_COPILOT_PKG_CACHE";

/** The cache root vigiles unpacks Copilot's package into. */
export function copilotPackageCacheRoot(env: NodeJS.ProcessEnv = process.env): string {
  const explicit = env[COPILOT_PKG_CACHE_ENV];
  if (explicit) return explicit;
  return join(tmpdir(), `vigiles-copilot-pkg-${process.getuid?.() ?? "user"}`);
}

/**
 * Makes the cache root, and refuses one another user could write into: the CLI runs the JavaScript
 * it finds there, so a planted package would run as us.
 */
export function ownedCacheRoot(root: string = copilotPackageCacheRoot()): string {
  try {
    mkdirSync(root, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw new CopilotPackageError(`cannot create ${root}`, { cause: error });
  }
  const st = statSync(root);
  const uid = process.getuid?.();
  if (uid !== undefined && st.uid !== uid) {
    throw new CopilotPackageError(`${root} belongs to uid ${st.uid}, not to this user (${uid})`);
  }
  if ((st.mode & 0o022) !== 0) {
    throw new CopilotPackageError(
      `${root} is writable by other users (mode ${(st.mode & 0o777).toString(8)})`,
    );
  }
  return root;
}

/** The cache of one release: the `COPILOT_PKG_CACHE_HOME` its binary unpacks into, holding only it. */
export function releaseCacheHome(root: string, version: string): string {
  return join(root, version);
}

/**
 * The unpacked package of `version` in its release cache under `root`, if it can be loaded. Only
 * `index.js` is required: 1.0.86 has no `cli-main.js` (added later), and the CLI renames a finished
 * unpacking into place, so a present dir is whole.
 */
export function findUnpackedPackage(root: string, version: string): string | undefined {
  const pkg = join(releaseCacheHome(root, version), "pkg");
  let platforms: string[];
  try {
    platforms = readdirSync(pkg);
  } catch {
    return undefined;
  }
  for (const platform of platforms) {
    const dir = join(pkg, platform, version);
    if (existsSync(join(dir, "index.js"))) return dir;
  }
  return undefined;
}

const unpacking = new Map<string, Promise<string>>();

/**
 * Runs `binary args` with its package cache at `home` (PATH only besides); settles when it exits.
 * `COPILOT_AUTO_UPDATE=false`: an unpacking start must not fetch another release.
 */
function runUnpacker(binary: string, args: readonly string[], home: string): Promise<unknown> {
  return new Promise((settle) => {
    execFile(
      binary,
      [...args],
      {
        timeout: 180_000,
        env: {
          PATH: process.env["PATH"] ?? "",
          HOME: home,
          COPILOT_SEA_EXTRACT_ONLY: "1",
          COPILOT_PKG_CACHE_HOME: home,
          COPILOT_AUTO_UPDATE: "false",
        },
      },
      (error) => settle(error),
    );
  });
}

/**
 * The directory of the unpacked package of the binary at `binary` (version `version`), unpacking it
 * into its release cache the first time. The CLI's extract-only mode (`COPILOT_SEA_EXTRACT_ONLY`
 * with `--binary-version`) does the unpacking where the release has it (1.0.92 on); 1.0.86 lacks it
 * and unpacks on an ordinary start, so `--version` follows. The CLI writes into a temp dir and renames
 * it into place, so concurrent runs are safe.
 */
export function ensureCopilotPackage(binary: string, version: string): Promise<string> {
  const root = ownedCacheRoot();
  const found = findUnpackedPackage(root, version);
  if (found) return Promise.resolve(found);
  const key = `${binary}\0${version}`;
  let pending = unpacking.get(key);
  if (!pending) {
    const home = releaseCacheHome(root, version);
    pending = (async () => {
      mkdirSync(home, { recursive: true, mode: 0o700 });
      let error = await runUnpacker(binary, ["--binary-version"], home);
      if (findUnpackedPackage(root, version) === undefined)
        error = await runUnpacker(binary, ["--version"], home);
      const dir = findUnpackedPackage(root, version);
      if (dir) return dir;
      throw new CopilotPackageError(`${binary} left no package ${version} under ${home}`, { cause: error });
    })();
    pending.catch(() => unpacking.delete(key));
    unpacking.set(key, pending);
  }
  return pending;
}
