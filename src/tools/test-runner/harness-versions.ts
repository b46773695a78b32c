/**
 * `vigiles test --harness-version`: the same harness files run once per release of the CLI, and the
 * files whose outcome changed between releases named. A file may declare the releases it is known
 * to hold for, as a test runner's engines field; a pass outside that range is "unverified", never a
 * plain pass. The declaration is a comment, so reading it runs nothing:
 *
 *     // @vigiles-harness claude-code >=2.1.300 <2.2.0
 */
import { readFileSync } from "node:fs";
import semver from "semver";
import { InvalidOptionError } from "../../core/errors.js";
import { findHarness, UnknownHarnessError } from "../../adapters/registry.js";
import { releaseSupport } from "../../adapters/shared/package-pin.js";
import type { TestFileResult } from "./run-files.js";

/** The release one round of files ran against. */
export interface HarnessRelease {
  readonly harness: string;
  readonly version: string;
}

const PRAGMA = /^\s*(?:\/\/|\*|\/\*)\s*@vigiles-harness\s+([a-z][a-z0-9-]*)\s+(.+?)\s*(?:\*\/)?\s*$/gm;

/** The ranges a harness file declares, by harness id (`// @vigiles-harness <id> <semver range>`). */
export function declaredRanges(file: string): ReadonlyMap<string, string> {
  const ranges = new Map<string, string>();
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return ranges;
  }
  for (const m of text.matchAll(PRAGMA)) {
    const [, harness, range] = m;
    if (harness === undefined || range === undefined) continue;
    // A typo would make the declaration apply to nothing, and every pass read as in range.
    const entry = findHarness(harness);
    if (entry === undefined) {
      throw new InvalidOptionError(
        `${file}: "@vigiles-harness ${harness} ${range}": ${new UnknownHarnessError(harness).message}`,
      );
    }
    if (semver.validRange(range) === null) {
      throw new InvalidOptionError(
        `${file}: "@vigiles-harness ${harness} ${range}" is not a semver range (e.g. ">=2.1.300 <2.2.0")`,
      );
    }
    ranges.set(entry.id, range);
  }
  return ranges;
}

/**
 * Why a pass does not count as one on this release, or undefined when it does. The file's own
 * declaration wins over the project's (`harnessRange` in the config).
 */
export function unverifiedReason(
  file: string,
  release: HarnessRelease,
  projectRanges?: Readonly<Record<string, string>>,
): string | undefined {
  const own = declaredRanges(file).get(release.harness);
  const range = own ?? projectRanges?.[release.harness];
  if (range === undefined || semver.satisfies(release.version, range, { includePrerelease: true })) {
    return undefined;
  }
  return `unverified for ${release.harness} ${release.version}: ${own !== undefined ? "the file" : "the config"} declares ${range}`;
}

/**
 * A warning when `release` is outside the range of releases its adapter drives (the adapter's declared
 * supported range, package.json's peer range), else undefined.
 */
export function unsupportedReleaseWarning(release: HarnessRelease): string | undefined {
  const entry = findHarness(release.harness);
  if (entry === undefined || release.version === "") return undefined;
  if (releaseSupport(entry.package, release.version) !== "unsupported") return undefined;
  return (
    `${entry.displayName} ${release.version} is outside the releases this vigiles supports (${entry.package.supported}; ` +
    `validated ${entry.package.version}): a result may not mean what it says. Install a supported release ` +
    `(\`npm install -D -E ${entry.package.name}@${entry.package.version}\`).`
  );
}

/** A file's outcome on each release, for the files whose outcome differs between releases. */
export interface OutcomeChange {
  readonly file: string;
  readonly outcomes: readonly { readonly release: HarnessRelease; readonly status: string }[];
}

/** The files whose status differs between the rounds (one round per release, in run order). */
export function outcomeChanges(
  rounds: readonly { readonly release: HarnessRelease; readonly results: readonly TestFileResult[] }[],
  statusOf: (result: TestFileResult, release: HarnessRelease) => string = (r) => r.status,
): OutcomeChange[] {
  const files = [...new Set(rounds.flatMap((r) => r.results.map((x) => x.file)))];
  const changes: OutcomeChange[] = [];
  for (const file of files) {
    const outcomes = rounds.map(({ release, results }) => {
      const result = results.find((r) => r.file === file);
      return { release, status: result ? statusOf(result, release) : "not run" };
    });
    if (new Set(outcomes.map((o) => o.status)).size > 1) changes.push({ file, outcomes });
  }
  return changes;
}

/** `claude-code 2.1.328: passed → claude-code 2.1.332: failed`. */
export function describeChange(change: OutcomeChange): string {
  return `${change.file}: ${change.outcomes.map((o) => `${o.release.harness} ${o.release.version} ${o.status}`).join(" → ")}`;
}
