/**
 * A shared cache of other releases of an agent CLI, for drift checks: `<cache>/harnesses/<pkg>@<ver>`
 * (`VIGILES_CACHE_DIR`, else `$XDG_CACHE_HOME/vigiles`, else `~/.cache/vigiles`). An entry is fetched
 * from the npm registry only when asked for, installed into a temp dir beside its final place, checked
 * against the integrity the registry publishes, and renamed into place in one step, so concurrent
 * fetches of one version never leave a half-written entry. A later run reuses it offline; an entry
 * whose files no longer match its manifest is reported corrupt (and refetched when fetching is allowed).
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { join, relative } from "node:path";
import { VigilesError } from "../core/errors.js";
import semver from "semver";
import { writeFileAtomic } from "./atomic-write.js";
import { runNpm } from "./npm-command.js";
import { markHarnessUsed } from "./harness-cache-stamps.js";

/** The manifest written last into an entry: what was installed and how to tell it is still whole. */
export interface HarnessCacheManifest {
  readonly schema: 1;
  readonly package: string;
  readonly version: string;
  readonly fetchedAt: string;
  /** Every package npm installed, with the integrity the registry published for it (checked at fetch). */
  readonly packages: readonly {
    readonly name: string;
    readonly version: string;
    readonly integrity: string;
  }[];
  /** Every file of the entry with its size: a truncated or missing file makes the entry corrupt. */
  readonly files: readonly { readonly path: string; readonly size: number }[];
}

export interface HarnessCacheEntry {
  /** The entry's root: a `node_modules` folder sits below it, as after `npm install --prefix`. */
  readonly dir: string;
  readonly manifest: HarnessCacheManifest;
}

export type CacheEntryState =
  | { readonly status: "ok"; readonly entry: HarnessCacheEntry }
  | { readonly status: "missing"; readonly dir: string }
  | { readonly status: "corrupt"; readonly dir: string; readonly why: string };

/** The command that fills the cache, named in every error that needs it. */
export const FETCH_COMMAND = "npx vigiles fetch-harness";

/** A wanted release is not in the cache and fetching was not allowed. */
export class HarnessVersionMissingError extends VigilesError {
  constructor(pkg: string, version: string, dir: string, harnessId: string) {
    super(
      "VIGILES_HARNESS_VERSION_MISSING",
      `${pkg}@${version} is not in the harness cache (${dir}). Fetch it once, on a machine that reaches ` +
        `the npm registry: \`${FETCH_COMMAND} ${harnessId}@${version}\`.`,
    );
  }
}

/** The registry fetch failed (offline, no such version, npm missing). */
export class HarnessFetchError extends VigilesError {
  constructor(pkg: string, version: string, detail: string, harnessId: string) {
    super(
      "VIGILES_HARNESS_FETCH_FAILED",
      `Could not fetch ${pkg}@${version} from the npm registry: ${detail}. Check the version exists ` +
        `(\`npm view ${pkg} versions\`) and that npm reaches its registry, then run ` +
        `\`${FETCH_COMMAND} ${harnessId}@${version}\` again.`,
    );
  }
}

/** What npm installed does not carry the integrity the registry publishes: the entry is discarded. */
export class HarnessIntegrityError extends VigilesError {
  constructor(what: string, installed: string, published: string) {
    super(
      "VIGILES_HARNESS_INTEGRITY",
      `${what} was installed with integrity ${installed}, but the registry publishes ${published}; ` +
        "the download was discarded. Retry the fetch; if it persists, check your registry configuration.",
    );
  }
}

/** A cached entry is damaged and fetching was not allowed to replace it. */
export class HarnessCacheCorruptError extends VigilesError {
  constructor(dir: string, why: string, harnessId: string, version: string) {
    super(
      "VIGILES_HARNESS_CACHE_CORRUPT",
      `The cached harness at ${dir} is damaged (${why}). Fetch it again: ` +
        `\`${FETCH_COMMAND} ${harnessId}@${version}\` replaces it.`,
    );
  }
}

/** The cache's root folder (`VIGILES_CACHE_DIR`, `$XDG_CACHE_HOME/vigiles`, or `~/.cache/vigiles`). */
export function vigilesCacheRoot(env: NodeJS.ProcessEnv = process.env): string {
  const own = env["VIGILES_CACHE_DIR"];
  if (own) return own;
  const xdg = env["XDG_CACHE_HOME"];
  return join(xdg || join(homedir(), ".cache"), "vigiles");
}

/** Where one release lives in the cache. */
export function harnessCacheDir(pkg: string, version: string, env: NodeJS.ProcessEnv = process.env): string {
  return join(vigilesCacheRoot(env), "harnesses", `${pkg.replace("/", "+")}@${version}`);
}

const MANIFEST = "vigiles-harness.json";

function listFiles(root: string): { path: string; size: number }[] {
  const out: { path: string; size: number }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) out.push({ path: relative(root, full), size: statSync(full).size });
    }
  };
  walk(root);
  return out.filter((f) => f.path !== MANIFEST).sort((a, b) => a.path.localeCompare(b.path));
}

/** Reads an entry and checks it is whole: its manifest parses and every listed file has its size. */
export function readHarnessCacheEntry(
  pkg: string,
  version: string,
  env: NodeJS.ProcessEnv = process.env,
): CacheEntryState {
  const dir = harnessCacheDir(pkg, version, env);
  if (!existsSync(dir)) return { status: "missing", dir };
  let manifest: HarnessCacheManifest;
  try {
    manifest = JSON.parse(readFileSync(join(dir, MANIFEST), "utf8")) as HarnessCacheManifest;
  } catch (error) {
    return { status: "corrupt", dir, why: `no readable ${MANIFEST} (${(error as Error).message})` };
  }
  if (manifest.schema !== 1 || manifest.package !== pkg || manifest.version !== version) {
    return { status: "corrupt", dir, why: `${MANIFEST} describes another package or schema` };
  }
  for (const file of manifest.files) {
    let size: number;
    try {
      size = statSync(join(dir, file.path)).size;
    } catch {
      return { status: "corrupt", dir, why: `${file.path} is missing` };
    }
    if (size !== file.size)
      return { status: "corrupt", dir, why: `${file.path} has ${size} bytes, not ${file.size}` };
  }
  return { status: "ok", entry: { dir, manifest } };
}

/** Says what a long or degraded step is doing (a fetch under way, `latest` read from the cache). */
export type CacheNotice = (line: string) => void;

const toStderr: CacheNotice = (line) => process.stderr.write(`${line}\n`);

/** The newest release of `pkg` whole in the cache, or undefined. */
export function newestCachedVersion(pkg: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const prefix = `${pkg.replace("/", "+")}@`;
  let names: string[];
  try {
    names = readdirSync(join(vigilesCacheRoot(env), "harnesses"));
  } catch {
    return undefined;
  }
  const versions = names
    .filter((n) => n.startsWith(prefix))
    .map((n) => n.slice(prefix.length))
    .filter((v) => semver.valid(v) !== null && readHarnessCacheEntry(pkg, v, env).status === "ok");
  return versions.sort(semver.rcompare)[0];
}

/**
 * The version a dist-tag (`latest`, `next`) names on the registry. When the registry cannot be
 * reached, `latest` is the newest release in the cache, and `notice` says so with npm's cause.
 */
export async function resolveDistTag(
  pkg: string,
  tag: string,
  harnessId: string,
  options: { readonly env?: NodeJS.ProcessEnv; readonly notice?: CacheNotice } = {},
): Promise<string> {
  try {
    const out = (await runNpm(["view", `${pkg}@${tag}`, "version", "--json"], process.cwd(), "query")).trim();
    const parsed = JSON.parse(out) as unknown;
    const version = Array.isArray(parsed) ? parsed.at(-1) : parsed;
    if (typeof version !== "string") throw new Error(`npm answered ${out || "nothing"}`);
    return version;
  } catch (error) {
    const cause = (error as Error).message;
    const cached = tag === "latest" ? newestCachedVersion(pkg, options.env) : undefined;
    if (cached === undefined) throw new HarnessFetchError(pkg, tag, cause, harnessId);
    (options.notice ?? toStderr)(
      `vigiles: the npm registry did not answer for ${pkg}@latest (${cause}); using the newest cached release, ${cached}`,
    );
    return cached;
  }
}

interface HiddenLockEntry {
  readonly name?: string;
  readonly version?: string;
  readonly integrity?: string;
}

/** Every package npm installed, read from its hidden lockfile (`node_modules/.package-lock.json`). */
function installedPackages(prefix: string): { name: string; version: string; integrity: string }[] {
  const lock = JSON.parse(readFileSync(join(prefix, "node_modules", ".package-lock.json"), "utf8")) as {
    packages?: Record<string, HiddenLockEntry>;
  };
  return Object.entries(lock.packages ?? {}).map(([path, entry]) => ({
    // An aliased package (`npm:@openai/codex@0.169.0-linux-x64`) carries its real name in `name`.
    name: entry.name ?? path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length),
    version: entry.version ?? "",
    integrity: entry.integrity ?? "",
  }));
}

/**
 * Fetches one release into the cache and returns its entry: `npm install` (scripts off) into a temp dir
 * beside the entry, every installed package checked against the integrity `npm view` reports, a
 * manifest written, then one rename. A concurrent fetch that finished first wins; ours is discarded.
 */
export async function fetchHarnessPackage(
  pkg: string,
  version: string,
  harnessId: string,
  env: NodeJS.ProcessEnv = process.env,
  notice: CacheNotice = toStderr,
): Promise<HarnessCacheEntry> {
  const dir = harnessCacheDir(pkg, version, env);
  const parent = join(dir, "..");
  mkdirSync(parent, { recursive: true });
  const temp = join(parent, `.fetch-${process.pid}-${randomBytes(4).toString("hex")}`);
  mkdirSync(temp);
  const started = Date.now();
  notice(
    `vigiles: fetching ${pkg}@${version} from the npm registry into ${parent} (often 10–60 s, up to ~450 MB)…`,
  );
  const ticker = setInterval(
    () =>
      notice(`vigiles: still fetching ${pkg}@${version} (${Math.round((Date.now() - started) / 1000)} s)…`),
    15_000,
  );
  try {
    try {
      await runNpm(
        [
          "install",
          "--prefix",
          temp,
          "--no-save",
          "--no-audit",
          "--no-fund",
          "--ignore-scripts",
          "--loglevel=error",
          `${pkg}@${version}`,
        ],
        temp,
        "install",
      );
    } catch (error) {
      throw new HarnessFetchError(pkg, version, (error as Error).message, harnessId);
    }
    const packages = installedPackages(temp).filter((p) => p.version !== "");
    if (!packages.some((p) => p.name === pkg && p.version === version)) {
      throw new HarnessFetchError(pkg, version, "npm installed something else", harnessId);
    }
    await Promise.all(
      packages.map(async (p) => {
        const published = (
          await runNpm(["view", `${p.name}@${p.version}`, "dist.integrity"], temp, "query")
        ).trim();
        if (p.integrity === "" || p.integrity !== published) {
          throw new HarnessIntegrityError(
            `${p.name}@${p.version}`,
            p.integrity || "(none)",
            published || "(none)",
          );
        }
      }),
    );
    const manifest: HarnessCacheManifest = {
      schema: 1,
      package: pkg,
      version,
      fetchedAt: new Date().toISOString(),
      packages,
      files: listFiles(temp),
    };
    writeFileAtomic(join(temp, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    const placed = placeEntry(temp, dir, pkg, version, env);
    const mb = Math.round(manifest.files.reduce((n, f) => n + f.size, 0) / 1e6);
    notice(`vigiles: fetched ${pkg}@${version} (${mb} MB) in ${Math.round((Date.now() - started) / 1000)} s`);
    return placed;
  } finally {
    clearInterval(ticker);
    rmSync(temp, { recursive: true, force: true });
  }
}

/** Renames a finished fetch into place; a whole entry already there wins, a damaged one is replaced. */
function placeEntry(
  temp: string,
  dir: string,
  pkg: string,
  version: string,
  env: NodeJS.ProcessEnv,
): HarnessCacheEntry {
  const existing = readHarnessCacheEntry(pkg, version, env);
  if (existing.status === "ok") return existing.entry;
  if (existing.status === "corrupt") {
    const trash = `${temp}-old`;
    try {
      renameSync(dir, trash);
    } catch {
      // Another process moved it first.
    }
    rmSync(trash, { recursive: true, force: true });
  }
  try {
    renameSync(temp, dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "ENOTEMPTY" && code !== "EEXIST") throw error;
  }
  const placed = readHarnessCacheEntry(pkg, version, env);
  if (placed.status !== "ok") {
    throw new VigilesError(
      "VIGILES_HARNESS_CACHE_RACE",
      `The harness cache entry ${dir} could not be placed (${placed.status}); run the fetch again.`,
    );
  }
  return placed.entry;
}

/**
 * The cached entry of one release, fetched first when `fetch` is allowed and it is missing or damaged.
 * Without `fetch`, a missing entry is {@link HarnessVersionMissingError} and a damaged one
 * {@link HarnessCacheCorruptError}, each naming the command that fetches it.
 */
export async function ensureHarnessPackage(
  pkg: string,
  version: string,
  options: {
    readonly fetch: boolean;
    readonly harnessId: string;
    readonly env?: NodeJS.ProcessEnv;
    readonly notice?: CacheNotice;
  },
): Promise<HarnessCacheEntry> {
  const env = options.env ?? process.env;
  const state = readHarnessCacheEntry(pkg, version, env);
  if (state.status === "ok" || options.fetch) markHarnessUsed(vigilesCacheRoot(env), pkg, version);
  switch (state.status) {
    case "ok":
      return state.entry;
    case "missing":
      if (!options.fetch) throw new HarnessVersionMissingError(pkg, version, state.dir, options.harnessId);
      return fetchHarnessPackage(pkg, version, options.harnessId, env, options.notice);
    case "corrupt":
      if (!options.fetch)
        throw new HarnessCacheCorruptError(state.dir, state.why, options.harnessId, version);
      return fetchHarnessPackage(pkg, version, options.harnessId, env, options.notice);
  }
}
