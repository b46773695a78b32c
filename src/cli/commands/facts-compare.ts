/**
 * `vigiles facts --compare <a> <b>`: the release surfaces of two releases of one harness, side by
 * side: what `b` adds, removes and changes against `a`, each entry with what depends on it. A release
 * is `<harness>@<version>`, a bare version (of the one `--harness`, else the default harness),
 * `pinned` (the validated release's committed surface) or `installed`; one not cached is fetched.
 */
import type { HarnessAdapter, ResolvedHarness } from "../../adapters/port.js";
import { parseHarnessVersions, resolveHarnessVersion } from "../../tiers/harness/harness-version.js";
import { compareReleases } from "../../tools/facts/release-surface.js";
import { formatSurfaceDiff, surfaceBreaks } from "../../tools/facts/surface-report.js";
import { CliUsageError } from "../command.js";
import { harnessNamed } from "../harness-named.js";

interface ReleaseRef {
  readonly adapter: HarnessAdapter;
  readonly version: string;
}

async function refOf(text: string, owner: string): Promise<ReleaseRef> {
  const specs = parseHarnessVersions(text, owner);
  if (specs.length !== 1) throw new CliUsageError(`--compare takes one release a side, got "${text}".`);
  const spec = specs[0]!;
  return { adapter: await harnessNamed(spec.harness, `--compare "${text}"`), version: spec.version };
}

async function resolveRef(ref: ReleaseRef): Promise<ResolvedHarness | "pinned"> {
  if (ref.version === "pinned") return "pinned";
  if (ref.version === "installed") return ref.adapter.resolve();
  return resolveHarnessVersion(ref.adapter, ref.version, { fetch: true });
}

/** Runs the compare; exit 1 when an entry something depends on was removed or changed. */
export async function runFactsCompare(
  a: string,
  b: string | undefined,
  owner: string,
  format: "text" | "json",
): Promise<number> {
  if (b === undefined) throw new CliUsageError("--compare takes two releases: --compare <a> <b>.");
  const [from, to] = await Promise.all([refOf(a, owner), refOf(b, owner)]);
  if (from.adapter.id !== to.adapter.id) {
    throw new CliUsageError(`--compare ${a} ${b} names two harnesses: compare releases of one.`);
  }
  const report = await compareReleases(from.adapter.id, await resolveRef(from), await resolveRef(to));
  if (format === "json")
    process.stdout.write(`${JSON.stringify({ version: 1, compare: report }, null, 2)}\n`);
  else process.stdout.write(`${report.harness}\n${formatSurfaceDiff(report)}`);
  return surfaceBreaks(report) ? 1 : 0;
}
