/** `vigiles cache list|prune`: what the harness release cache holds, and removing what is not used. */
import { CliUsageError, defineCommand, type CliCommand } from "../command.js";
import { vigilesCacheRoot } from "../../runtime/harness-cache.js";
import { listHarnessCache, pruneHarnessCache, type CachedRelease } from "../../runtime/harness-cache-list.js";

const HELP = `Usage: vigiles cache list
       vigiles cache prune [--older-than <days>] [--all] [--dry-run]

The harness release cache (VIGILES_CACHE_DIR, default ~/.cache/vigiles/harnesses) holds the releases
\`vigiles fetch-harness\`, \`vigiles test --harness-version\` and \`vigiles facts --version\` fetched
(100–450 MB each).

  list                  every cached release: size, when fetched, when a run last used it
  prune                 remove releases no run used for 30 days, and damaged entries
    --older-than <days> another limit than 30 days
    --all               remove every cached release
    --dry-run           say what would go, remove nothing
`;

function size(bytes: number): string {
  return bytes >= 1e9 ? `${(bytes / 1e9).toFixed(1)} GB` : `${Math.round(bytes / 1e6)} MB`;
}

function day(date: Date | undefined): string {
  return date === undefined ? "never" : date.toISOString().slice(0, 16).replace("T", " ");
}

function line(r: CachedRelease): string {
  const state = r.status === "ok" ? "" : "  (damaged)";
  return `${`${r.package}@${r.version}`.padEnd(40)} ${size(r.bytes).padStart(8)}  fetched ${day(r.fetchedAt)}  last used ${day(r.lastUsed)}${state}\n`;
}

function total(releases: readonly CachedRelease[]): string {
  return size(releases.reduce((n, r) => n + r.bytes, 0));
}

export const cacheCommand: CliCommand = defineCommand({
  name: "cache",
  summary: "list or prune the harness release cache (sizes, last used)",
  help: HELP,
  options: {
    "older-than": { type: "string" },
    all: { type: "boolean" },
    "dry-run": { type: "boolean" },
  },
  positionals: true,
  run({ values, positionals }) {
    const [action, ...rest] = positionals;
    if (rest.length > 0 || (action !== "list" && action !== "prune"))
      throw new CliUsageError("name one action: `vigiles cache list` or `vigiles cache prune`.");
    if (action === "list") {
      const releases = listHarnessCache();
      for (const r of releases) process.stdout.write(line(r));
      process.stdout.write(`${releases.length} release(s), ${total(releases)} in ${vigilesCacheRoot()}\n`);
      return Promise.resolve(0);
    }
    const days = values["older-than"] === undefined ? undefined : Number(values["older-than"]);
    if (days !== undefined && !(Number.isFinite(days) && days >= 0))
      throw new CliUsageError(`--older-than takes a number of days, got "${values["older-than"]}".`);
    const { removed, kept } = pruneHarnessCache({
      ...(days !== undefined ? { olderThanDays: days } : {}),
      ...(values.all === true ? { all: true } : {}),
      ...(values["dry-run"] === true ? { dryRun: true } : {}),
    });
    const verb = values["dry-run"] === true ? "would remove" : "removed";
    for (const r of removed) process.stdout.write(`${verb} ${line(r)}`);
    process.stdout.write(
      `${verb} ${removed.length} release(s), ${total(removed)}; kept ${kept.length}, ${total(kept)}\n`,
    );
    return Promise.resolve(0);
  },
});
