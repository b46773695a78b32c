/**
 * Finds the Claude Code CLI: an explicit path, then VIGILES_CLAUDE_BIN, then node_modules (the
 * wrapper's `bin/claude.exe` when its postinstall put the native binary there, else the platform
 * package `@anthropic-ai/claude-code-<platform>-<arch>/claude`, since npm 11 skips that postinstall),
 * then PATH. A candidate counts only when `--version` answers with a version.
 */
import { execFile, execFileSync } from "node:child_process";
import { accessSync, constants, existsSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { delimiter, dirname, join, resolve } from "node:path";
import type { ResolveHarnessOptions, ResolvedHarness } from "../port.js";
import { CLAUDE_CODE_PACKAGE, HarnessNotFoundError } from "./errors.js";

/** The environment variable that names an explicit Claude Code binary (`VIGILES_CLAUDE_BIN`). */
export const CLAUDE_BIN_ENV = "VIGILES_CLAUDE_BIN";

const versions = new Map<string, Promise<string | undefined>>();

/** Runs `<path> --version` (cached per path) and returns `x.y.z`, or undefined when it does not answer. */
export function probeVersion(path: string): Promise<string | undefined> {
  let known = versions.get(path);
  if (!known) {
    known = new Promise((done) => {
      execFile(
        path,
        ["--version"],
        { timeout: 15_000, env: { PATH: process.env["PATH"] ?? "" } },
        (err, stdout) => {
          const m = /(\d+\.\d+\.\d+)/.exec(String(stdout));
          done(err || !m ? undefined : m[1]);
        },
      );
    });
    versions.set(path, known);
  }
  return known;
}

/** The same lookup as {@link resolveHarness}, synchronously: whether a usable CLI is there. */
export function claudeAvailableSync(options: ResolveHarnessOptions = {}): boolean {
  const explicit = options.path ?? process.env[CLAUDE_BIN_ENV];
  const candidates =
    explicit !== undefined
      ? [explicit]
      : [...nodeModulesCandidates(options.cwd ?? process.cwd()), ...pathCandidates()];
  for (const candidate of candidates) {
    if (!isExecutableFile(candidate)) continue;
    try {
      const out = execFileSync(candidate, ["--version"], {
        timeout: 15_000,
        encoding: "utf8",
        env: { PATH: process.env["PATH"] ?? "" },
        stdio: ["ignore", "pipe", "ignore"],
      });
      if (/\d+\.\d+\.\d+/.test(out)) return true;
    } catch {
      // Not usable: try the next candidate.
    }
  }
  return false;
}

function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function platformPackages(): string[] {
  const base = `${CLAUDE_CODE_PACKAGE}-${process.platform}-${process.arch}`;
  return process.platform === "linux" ? [base, `${base}-musl`] : [base];
}

function packageDir(fromDir: string, name: string): string | undefined {
  try {
    return dirname(createRequire(join(fromDir, "noop.js")).resolve(`${name}/package.json`));
  } catch {
    return undefined;
  }
}

/** node_modules candidates, from `cwd` and from vigiles' own install. */
function nodeModulesCandidates(cwd: string): string[] {
  const out: string[] = [];
  for (const from of [cwd, dirname(new URL(import.meta.url).pathname)]) {
    const wrapper = packageDir(from, CLAUDE_CODE_PACKAGE);
    if (wrapper) out.push(join(wrapper, "bin", "claude.exe"));
    for (const pkg of platformPackages()) {
      const dir = packageDir(from, pkg) ?? (wrapper ? packageDir(wrapper, pkg) : undefined);
      if (dir) out.push(join(dir, process.platform === "win32" ? "claude.exe" : "claude"));
    }
  }
  return [...new Set(out)];
}

function pathCandidates(): string[] {
  return (process.env["PATH"] ?? "")
    .split(delimiter)
    .filter((d) => d !== "")
    .map((d) => join(d, "claude"));
}

/**
 * Finds a usable Claude Code CLI and the version it reports. Throws {@link HarnessNotFoundError}
 * (with the install line) when there is none.
 *
 * @example
 * const { path, version } = await resolveHarness();
 */
export async function resolveHarness(options: ResolveHarnessOptions = {}): Promise<ResolvedHarness> {
  const searched: string[] = [];
  const tryPath = async (
    path: string,
    source: ResolvedHarness["source"],
  ): Promise<ResolvedHarness | undefined> => {
    const abs = resolve(path);
    searched.push(`${source}: ${abs}`);
    if (!isExecutableFile(abs)) return undefined;
    const version = await probeVersion(abs);
    return version ? { adapterId: "claude-code", path: abs, version, source } : undefined;
  };
  if (options.path !== undefined) {
    const found = await tryPath(options.path, "option");
    // An explicit choice that does not work is an error, not a reason to pick another CLI.
    if (!found) throw new HarnessNotFoundError(searched);
    return found;
  }
  const fromEnv = process.env[CLAUDE_BIN_ENV];
  if (fromEnv) {
    const found = await tryPath(fromEnv, "env");
    if (!found) throw new HarnessNotFoundError(searched);
    return found;
  }
  for (const candidate of nodeModulesCandidates(options.cwd ?? process.cwd())) {
    if (!existsSync(candidate)) {
      searched.push(`node_modules: ${candidate} (missing)`);
      continue;
    }
    const found = await tryPath(candidate, "node_modules");
    if (found) return found;
  }
  for (const candidate of pathCandidates()) {
    if (!existsSync(candidate)) continue;
    const found = await tryPath(candidate, "path");
    if (found) return found;
  }
  searched.push("PATH: no usable `claude`");
  throw new HarnessNotFoundError(searched);
}
