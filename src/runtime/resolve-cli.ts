/**
 * Finds an agent CLI binary the way every adapter does: an explicit path, then an environment
 * variable, then node_modules (searched from the caller's cwd and from vigiles' own install), then
 * PATH. A candidate counts only when `--version` answers with a version, so a placeholder stub
 * (npm 11 skips the wrappers' postinstall scripts) is passed over instead of failing later.
 */
import { execFile, execFileSync } from "node:child_process";
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
  /**
   * More environment for the `--version` probe (PATH only otherwise). Copilot's binary unpacks its
   * bundled package on every first start, `--version` included: this points that write at vigiles' cache.
   */
  readonly probeEnv?: () => Readonly<Record<string, string>>;
  /**
   * The version of a candidate read without running it (a node script's own package.json), tried
   * before `--version`: a node CLI can take over 10 s to answer on a loaded machine.
   */
  readonly readVersion?: (path: string) => string | undefined;
  /**
   * The arguments of the version probe (default `--version`). Copilot's `--binary-version` answers the
   * binary's own version without loading a cached package: an older binary's `--version` loads the
   * newest release unpacked beside it and reports that one.
   */
  readonly versionArgs?: readonly string[];
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
export function probeCliVersion(
  path: string,
  extraEnv: Readonly<Record<string, string>> = {},
  args: readonly string[] = ["--version"],
): Promise<string | undefined> {
  const key = `${path}\0${args.join(" ")}`;
  let known = versions.get(key);
  if (!known) {
    known = new Promise((done) => {
      execFile(
        path,
        [...args],
        { timeout: 60_000, env: { PATH: process.env["PATH"] ?? "", ...extraEnv } },
        (err, stdout) => {
          const m = /(\d+\.\d+\.\d+)/.exec(String(stdout));
          done(err || !m ? undefined : m[1]);
        },
      );
    });
    versions.set(key, known);
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

/**
 * The folder of package `name` as node would find it from `fromDir`. A package whose `exports` hide
 * its package.json (Copilot's platform packages up to 1.0.92 export only `.`) is found by walking
 * the same node_modules folders node would.
 */
function packageResolver(fromDir: string): (name: string) => string | undefined {
  const require = createRequire(join(fromDir, "noop.js"));
  return (name) => {
    try {
      return dirname(require.resolve(`${name}/package.json`));
    } catch {
      const dir = (require.resolve.paths(name) ?? [])
        .map((root) => join(root, name))
        .find((d) => existsSync(join(d, "package.json")));
      return dir;
    }
  };
}

function nodeModulesCandidates(lookup: CliLookup, cwd: string): string[] {
  const ownDir = dirname(fileURLToPath(import.meta.url));
  const out = [cwd, ownDir].flatMap((from) => [...lookup.nodeModulesCandidates(packageResolver(from))]);
  return [...new Set(out)];
}

interface Candidate {
  readonly path: string;
  readonly source: CliSource;
  /** An explicit choice (option or env) that does not work is an error, not a reason to pick another CLI. */
  readonly final: boolean;
}

/** Where to look, in order. */
function candidates(
  lookup: CliLookup,
  options: { readonly path?: string; readonly cwd?: string },
): Candidate[] {
  if (options.path !== undefined) return [{ path: resolve(options.path), source: "option", final: true }];
  const fromEnv = process.env[lookup.envVar];
  if (fromEnv) return [{ path: resolve(fromEnv), source: "env", final: true }];
  const pathDirs = (process.env["PATH"] ?? "").split(delimiter).filter((d) => d !== "");
  return [
    ...nodeModulesCandidates(lookup, options.cwd ?? process.cwd()).map((path) => ({
      path,
      source: "node_modules" as const,
      final: false,
    })),
    ...pathDirs.map((dir) => ({ path: join(dir, lookup.binaryName), source: "path" as const, final: false })),
  ];
}

function searchWith(
  lookup: CliLookup,
  options: { readonly path?: string; readonly cwd?: string },
  version: (path: string) => string | undefined,
): CliSearchResult {
  const searched: string[] = [];
  for (const c of candidates(lookup, options)) {
    if (!c.final && !existsSync(c.path)) {
      if (c.source === "node_modules") searched.push(`node_modules: ${c.path} (missing)`);
      continue;
    }
    searched.push(`${c.source}: ${c.path}`);
    const v = isExecutableFile(c.path) ? version(c.path) : undefined;
    if (v !== undefined) return { found: { path: c.path, version: v, source: c.source }, searched };
    if (c.final) return { searched };
  }
  searched.push(`PATH: no usable \`${lookup.binaryName}\``);
  return { searched };
}

/** Searches for the CLI; `found` is undefined when nothing usable was there. */
export async function searchCli(
  lookup: CliLookup,
  options: { readonly path?: string; readonly cwd?: string } = {},
): Promise<CliSearchResult> {
  // Probe versions concurrently up front (cached), then pick in order.
  const list = candidates(lookup, options).filter((c) => c.final || existsSync(c.path));
  const probed = new Map<string, string | undefined>();
  await Promise.all(
    list.map(async (c) => {
      if (!isExecutableFile(c.path)) probed.set(c.path, undefined);
      else
        probed.set(
          c.path,
          lookup.readVersion?.(c.path) ??
            (await probeCliVersion(c.path, lookup.probeEnv?.() ?? {}, lookup.versionArgs)),
        );
    }),
  );
  return searchWith(lookup, options, (path) => probed.get(path));
}

/** The same search, synchronously (for `claudeAvailable()` at the top of a harness file). */
export function searchCliSync(
  lookup: CliLookup,
  options: { readonly path?: string; readonly cwd?: string } = {},
): CliSearchResult {
  return searchWith(lookup, options, (path) => {
    const read = lookup.readVersion?.(path);
    if (read !== undefined) return read;
    try {
      const out = execFileSync(path, [...(lookup.versionArgs ?? ["--version"])], {
        timeout: 60_000,
        encoding: "utf8",
        env: { PATH: process.env["PATH"] ?? "", ...(lookup.probeEnv?.() ?? {}) },
        stdio: ["ignore", "pipe", "ignore"],
      });
      return /(\d+\.\d+\.\d+)/.exec(out)?.[1];
    } catch {
      return undefined;
    }
  });
}
