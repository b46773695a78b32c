/**
 * Finds an agent CLI binary the way every adapter does: an explicit path, then an environment
 * variable, then node_modules (searched from the caller's cwd and from vigiles' own install), then
 * PATH. A candidate counts only when `--version` answers with a version, so a placeholder stub
 * (npm 11 skips the wrappers' postinstall scripts) is passed over instead of failing later.
 */
import { execFile } from "node:child_process";
import { accessSync, constants, existsSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { delimiter, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export type CliSource = "option" | "env" | "node_modules" | "path";

export interface CliLookup {
  /** Names the CLI in messages, e.g. `Codex`. */
  readonly displayName: string;
  /** The environment variable that may name the binary. */
  readonly envVar: string;
  /** The executable's name on PATH. */
  readonly binaryName: string;
  /** Paths of candidate binaries below one node_modules root (`packageDir` resolves a package there). */
  readonly nodeModulesCandidates: (packageDir: (name: string) => string | undefined) => readonly string[];
}

export interface FoundCli {
  readonly path: string;
  readonly version: string;
  readonly source: CliSource;
}

export interface CliSearchResult {
  readonly found?: FoundCli;
  /** Every place looked at, for the not-found message. */
  readonly searched: readonly string[];
}

const versions = new Map<string, Promise<string | undefined>>();

/** `<path> --version` (cached per path) as `x.y.z`, or undefined when it does not answer. */
export function probeCliVersion(path: string): Promise<string | undefined> {
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

export function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function packageResolver(fromDir: string): (name: string) => string | undefined {
  return (name) => {
    try {
      return dirname(createRequire(join(fromDir, "noop.js")).resolve(`${name}/package.json`));
    } catch {
      return undefined;
    }
  };
}

function nodeModulesCandidates(lookup: CliLookup, cwd: string): string[] {
  const ownDir = dirname(fileURLToPath(import.meta.url));
  const out = [cwd, ownDir].flatMap((from) => [...lookup.nodeModulesCandidates(packageResolver(from))]);
  return [...new Set(out)];
}

/** Searches for the CLI; `found` is undefined when nothing usable was there. */
export async function searchCli(
  lookup: CliLookup,
  options: { readonly path?: string; readonly cwd?: string } = {},
): Promise<CliSearchResult> {
  const searched: string[] = [];
  const tryPath = async (path: string, source: CliSource): Promise<FoundCli | undefined> => {
    const abs = resolve(path);
    searched.push(`${source}: ${abs}`);
    if (!isExecutableFile(abs)) return undefined;
    const version = await probeCliVersion(abs);
    return version ? { path: abs, version, source } : undefined;
  };
  // An explicit choice that does not work is an error, not a reason to pick another CLI.
  if (options.path !== undefined) {
    const found = await tryPath(options.path, "option");
    return found ? { found, searched } : { searched };
  }
  const fromEnv = process.env[lookup.envVar];
  if (fromEnv) {
    const found = await tryPath(fromEnv, "env");
    return found ? { found, searched } : { searched };
  }
  for (const candidate of nodeModulesCandidates(lookup, options.cwd ?? process.cwd())) {
    if (!existsSync(candidate)) {
      searched.push(`node_modules: ${candidate} (missing)`);
      continue;
    }
    const found = await tryPath(candidate, "node_modules");
    if (found) return { found, searched };
  }
  for (const dir of (process.env["PATH"] ?? "").split(delimiter).filter((d) => d !== "")) {
    const candidate = join(dir, lookup.binaryName);
    if (!existsSync(candidate)) continue;
    const found = await tryPath(candidate, "path");
    if (found) return { found, searched };
  }
  searched.push(`PATH: no usable \`${lookup.binaryName}\``);
  return { searched };
}
