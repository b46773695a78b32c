/**
 * `--harness-version` of `vigiles audit` and `vigiles explain`, and what they do without it: bind
 * the dialect of the release each harness they read actually has installed (tools/release-dialect.ts)
 * before any rule runs, and say so on stderr when that release is not the validated one.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { HarnessEntry } from "../adapters/harness-entry.js";
import { DEFAULT_HARNESS, HARNESSES, harnessEntry } from "../adapters/registry.js";
import { parseHarnessVersions } from "../tiers/harness/harness-version.js";
import { bindInstalledReleases } from "../tools/release-dialect.js";
import { CliUsageError } from "./command.js";

/** The harnesses a command reads in `dir`: those with markers there, else the default one. */
function harnessesIn(dir: string): HarnessEntry[] {
  const marked = HARNESSES.filter((h) => h.markers.some((m) => existsSync(join(dir, m))));
  return marked.length > 0 ? marked : [DEFAULT_HARNESS];
}

/**
 * Binds the installed release's rules for the harnesses `command` reads (`only`, else those marked
 * in `dir`), and `named` (`--harness-version`: `<harness>@<version>` or a bare version of `only` or
 * the default harness, read from the harness cache).
 */
export async function bindReleasesFor(
  command: string,
  dir: string,
  named: string | undefined,
  only?: HarnessEntry,
): Promise<void> {
  const owner = only ?? DEFAULT_HARNESS;
  const specs = named === undefined ? [] : parseHarnessVersions(named, owner.id);
  if (specs.length > 1) throw new CliUsageError(`--harness-version takes one release, got "${named}".`);
  const spec = specs[0] && {
    entry: harnessEntry(specs[0].harness, "--harness-version"),
    version: specs[0].version,
  };
  const installed = (only ? [only] : harnessesIn(dir)).filter((h) => h.id !== spec?.entry.id);
  const bound = [
    ...(await bindInstalledReleases(installed)),
    ...(spec ? await bindInstalledReleases([spec.entry], spec.version) : []),
  ];
  const unvalidated = bound.filter((b) => b.version !== undefined && !b.note.endsWith("(validated)"));
  if (unvalidated.length > 0) {
    process.stderr.write(
      `vigiles ${command}: judged by the rules of ${unvalidated.map((b) => b.note).join(", ")}\n`,
    );
  }
}
