/**
 * Runs against another release of a harness CLI: a version spec (`2.1.332`, `latest`,
 * `codex@0.171.0`) resolved to a binary in the shared harness cache. Only an explicit fetch
 * (`vigiles fetch-harness`, `vigiles test --harness-version`, `vigiles facts --version`) reaches the
 * registry; a run that merely names a version uses the cache and fails with the fetch command when the
 * version is not there.
 */
import { writeFileSync } from "node:fs";
import type { HarnessAdapter, ResolvedHarness } from "../../adapters/port.js";
import { InvalidOptionError, VigilesError } from "../../core/errors.js";
import { ensureHarnessPackage, resolveDistTag } from "../../runtime/harness-cache.js";
import { HARNESS_ENV } from "./default-adapter.js";

/** Names the releases a run uses, one per harness: `claude-code@2.1.332,<harness>@<version>` (set by `vigiles test`). */
export const HARNESS_VERSION_ENV = "VIGILES_HARNESS_VERSION";

/**
 * A file `vigiles test` names for each harness file; a run that starts a CLI creates it, so a file that
 * never does (a runHook or runScript test) is run once, not once per release of a round.
 */
export const CLI_STARTED_ENV = "VIGILES_CLI_STARTED_FILE";

/** Marks, for `vigiles test`, that this process starts a harness CLI (nothing when not asked). */
export function markCliStarted(env: NodeJS.ProcessEnv = process.env): void {
  const file = env[CLI_STARTED_ENV];
  if (file === undefined || file === "") return;
  try {
    writeFileSync(file, "");
  } catch {
    // The runner's report dir is gone: the file then counts as tied to a release, as before.
  }
}

/** One harness at one version (or dist-tag, before it is resolved). */
export interface HarnessVersionSpec {
  readonly harness: string;
  readonly version: string;
}

/** The cached binary does not answer with the version it was fetched as. */
export class HarnessVersionMismatchError extends VigilesError {
  constructor(wanted: string, found: ResolvedHarness, dir: string) {
    super(
      "VIGILES_HARNESS_VERSION_MISMATCH",
      `Asked for ${found.adapterId} ${wanted}, but the binary found in ${dir} is ${found.path} ` +
        `(version ${found.version}). Remove ${dir} and fetch it again.`,
    );
  }
}

const VERSION = /^(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?|[a-z][a-z0-9-]*)$/;

/**
 * Parses `2.1.332`, `latest`, `codex@0.171.0` or a comma list of them. A bare version belongs to
 * `defaultHarness`. Throws {@link InvalidOptionError} on anything else.
 */
export function parseHarnessVersions(text: string, defaultHarness: string): HarnessVersionSpec[] {
  const specs = text
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "")
    .map((item) => {
      const at = item.lastIndexOf("@");
      const spec =
        at > 0
          ? { harness: item.slice(0, at), version: item.slice(at + 1) }
          : { harness: defaultHarness, version: item };
      if (!VERSION.test(spec.version)) {
        throw new InvalidOptionError(
          `harness version ${JSON.stringify(item)} is not a version or dist-tag (e.g. 2.1.332, latest, <harness>@<version>)`,
        );
      }
      return spec;
    });
  if (specs.length === 0) throw new InvalidOptionError(`no harness version in ${JSON.stringify(text)}`);
  return specs;
}

/** The version this process was told to use for `adapter`, from {@link HARNESS_VERSION_ENV}; undefined = the pinned one. */
export function versionFromEnv(
  adapter: HarnessAdapter,
  env: NodeJS.ProcessEnv = process.env,
): string | undefined {
  const text = env[HARNESS_VERSION_ENV];
  if (!text) return undefined;
  const specs = parseHarnessVersions(text, env[HARNESS_ENV] || "claude-code");
  return specs.find((s) => s.harness === adapter.id)?.version;
}

/**
 * A dist-tag resolved to the version it names now (a version is returned as is); offline, `latest`
 * is the newest cached release, and a line on stderr says so.
 */
export async function concreteVersion(
  adapter: HarnessAdapter,
  version: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string> {
  return /^\d/.test(version)
    ? version
    : resolveDistTag(adapter.pinnedPackage.name, version, adapter.id, { env });
}

/**
 * The adapter's CLI at `version`, from the harness cache (fetched first when `fetch` is set). The binary
 * is looked up below the cache entry only, and must report the version asked for.
 */
export async function resolveHarnessVersion(
  adapter: HarnessAdapter,
  version: string,
  options: { readonly fetch: boolean; readonly env?: NodeJS.ProcessEnv } = { fetch: false },
): Promise<ResolvedHarness> {
  const concrete = await concreteVersion(adapter, version, options.env);
  if (concrete === adapter.pinnedPackage.version) {
    const pinned = await adapter.resolve();
    if (pinned.version === concrete) return pinned;
  }
  const entry = await ensureHarnessPackage(adapter.pinnedPackage.name, concrete, {
    fetch: options.fetch,
    harnessId: adapter.id,
    ...(options.env ? { env: options.env } : {}),
  });
  const found = await adapter.resolve({ cwd: entry.dir });
  // The lookup also walks up to vigiles' own node_modules: a cached binary that does not answer must
  // not be replaced silently by the pinned one.
  if (found.version !== concrete || !found.path.startsWith(entry.dir)) {
    throw new HarnessVersionMismatchError(concrete, found, entry.dir);
  }
  return found;
}

/**
 * A run inside a round that names releases ({@link HARNESS_VERSION_ENV}, set by `vigiles test
 * --harness-version` and `vigiles eval --harness-version`) would run a CLI the round does not name:
 * its adapter is another harness's, or its explicit `harnessPath` answers another version. The round's
 * report would carry the named release's label over another CLI's outcome, so the run is refused.
 */
export class HarnessRoundMismatchError extends VigilesError {
  constructor(named: string, ran: string, why: string) {
    super(
      "VIGILES_HARNESS_ROUND_MISMATCH",
      `This run belongs to a round of ${named} (${HARNESS_VERSION_ENV}), but it would run ${ran}: ${why}. ` +
        "Let the round choose the harness (pass no adapter or harnessPath), or name that release with --harness-version.",
    );
  }
}

/**
 * The CLI one run uses: an explicit path wins; else a version (the spec's, or this process's
 * {@link HARNESS_VERSION_ENV}) from the cache, never fetched here; else the pinned install. Inside a
 * round that names releases, the CLI must be one the round names ({@link HarnessRoundMismatchError}).
 */
export async function resolveRunHarness(
  adapter: HarnessAdapter,
  options: { readonly harnessPath?: string; readonly harnessVersion?: string },
  env: NodeJS.ProcessEnv = process.env,
): Promise<ResolvedHarness> {
  markCliStarted(env);
  const round = env[HARNESS_VERSION_ENV]
    ? parseHarnessVersions(env[HARNESS_VERSION_ENV], env[HARNESS_ENV] || "claude-code")
    : [];
  const named = round.find((s) => s.harness === adapter.id);
  if (round.length > 0 && named === undefined) {
    throw new HarnessRoundMismatchError(
      round.map((s) => `${s.harness} ${s.version}`).join(", "),
      adapter.id,
      `the run's adapter is ${adapter.id}'s`,
    );
  }
  if (options.harnessPath !== undefined) {
    const found = await adapter.resolve({ path: options.harnessPath });
    // A dist-tag in the variable was resolved by whoever set it; only a concrete version is compared.
    if (named !== undefined && /^\d/.test(named.version) && found.version !== named.version) {
      throw new HarnessRoundMismatchError(
        `${named.harness} ${named.version}`,
        `${adapter.id} ${found.version}`,
        `its harnessPath ${options.harnessPath} answers ${found.version}`,
      );
    }
    return found;
  }
  if (
    named !== undefined &&
    options.harnessVersion !== undefined &&
    options.harnessVersion !== named.version
  ) {
    throw new HarnessRoundMismatchError(
      `${named.harness} ${named.version}`,
      `${adapter.id} ${options.harnessVersion}`,
      `its harnessVersion is ${options.harnessVersion}`,
    );
  }
  const version = options.harnessVersion ?? named?.version;
  return version !== undefined ? resolveHarnessVersion(adapter, version) : adapter.resolve();
}
