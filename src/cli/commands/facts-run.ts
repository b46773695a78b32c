/** What `vigiles facts` does once its arguments are parsed (./facts.ts declares the command). */
import type { FactsCommandArgs } from "./facts-options.js";
import { CliUsageError, oneOf } from "../command.js";
import { HARNESS_IDS } from "../../tiers/harness/default-adapter.js";
import { harnessNamed } from "../harness-named.js";
import {
  parseHarnessVersions,
  resolveHarnessVersion,
  type HarnessVersionSpec,
} from "../../tiers/harness/harness-version.js";
import { closestName } from "../../core/did-you-mean.js";
import type { HarnessAdapter } from "../../adapters/port.js";
import { runFacts, type FactResult, type FactsReport } from "../../tools/facts/run-facts.js";
import { VigilesError } from "../../core/errors.js";
import { DEFAULT_HARNESS } from "../../adapters/registry.js";
import { formatSurfaceDiff } from "../../tools/facts/surface-report.js";
import { runFactsCompare } from "./facts-compare.js";

const MARK: Record<FactResult["status"], string> = { holds: "✓", changed: "✗", "cannot-run": "-" };

function printReport(report: FactsReport): void {
  const label = `${report.harness} ${report.version}${report.version === report.validated ? " (validated)" : ` (validated: ${report.validated})`}`;
  process.stdout.write(`\n${label}\n`);
  for (const r of report.results) {
    const status = r.status === "holds" ? "holds" : r.status === "changed" ? "CHANGED" : "cannot run";
    process.stdout.write(`  ${MARK[r.status]} ${r.id}: ${status}\n      ${r.fact}\n`);
    if (r.status !== "holds") process.stdout.write(`      observed: ${r.observed}\n`);
    if (r.status === "changed") {
      const deps = [
        ...r.rules.map((rule) => `audit rule \`${rule}\``),
        ...r.folding.map((row) => `folding row "${row}"`),
        ...(r.checks ?? []).map((check) => `check ${check}`),
      ];
      process.stdout.write(
        `      depends on it: ${deps.length ? deps.join("; ") : "no audit rule, folding row or check"}\n`,
      );
      process.stdout.write(`      pinned by: ${r.pinnedBy}\n`);
    }
  }
  const count = (s: FactResult["status"]) => report.results.filter((r) => r.status === s).length;
  process.stdout.write(
    `  ${count("holds")} hold, ${count("changed")} changed, ${count("cannot-run")} cannot run\n`,
  );
  if (report.surface !== undefined) process.stdout.write(formatSurfaceDiff(report.surface));
  if (report.surfaceError !== undefined)
    process.stdout.write(`  surface: not read (${report.surfaceError})\n`);
}

/** The --version specs, each naming one of the harnesses this run checks (else a CliUsageError). */
async function versionsOf(
  text: string,
  owner: string,
  adapters: readonly HarnessAdapter[],
): Promise<HarnessVersionSpec[]> {
  const specs = parseHarnessVersions(text, owner);
  const out: HarnessVersionSpec[] = [];
  for (const spec of specs) {
    const adapter = await harnessNamed(spec.harness, `--version "${spec.harness}@${spec.version}"`);
    if (!adapters.some((a) => a.id === adapter.id)) {
      throw new CliUsageError(
        `--version "${spec.harness}@${spec.version}" is a release of ${adapter.id}, which --harness ${adapters.map((a) => a.id).join(",")} leaves out: add ${adapter.id} to --harness or drop that version.`,
      );
    }
    out.push({ harness: adapter.id, version: spec.version });
  }
  return out;
}

/** The harnesses whose CLI is installed here (resolves), in registry order. */
async function installed(adapters: readonly HarnessAdapter[]): Promise<HarnessAdapter[]> {
  const found = await Promise.all(
    adapters.map((a) =>
      a.resolve().then(
        () => a,
        () => undefined,
      ),
    ),
  );
  return found.filter((a): a is HarnessAdapter => a !== undefined);
}

/**
 * A bare dist-tag (`latest`) names that release of every harness checked: those named with
 * --harness, else every harness installed here; a bare version stays the one harness's.
 */
export function expandTags(text: string, adapters: readonly Pick<HarnessAdapter, "id">[]): string {
  return text
    .split(",")
    .map((s) => s.trim())
    .flatMap((item) =>
      /^[A-Za-z]/.test(item) && !item.includes("@") ? adapters.map((a) => `${a.id}@${item}`) : [item],
    )
    .join(",");
}

/** Every --only id must name a probe of a harness this run checks. */
function checkProbeIds(only: readonly string[], adapters: readonly HarnessAdapter[]): void {
  const known = adapters.flatMap((a) => (a.factProbes ?? []).map((p) => p.id));
  for (const id of only) {
    if (known.includes(id)) continue;
    const guess = closestName(id, known);
    throw new CliUsageError(
      `--only "${id}" names no probe of ${adapters.map((a) => a.id).join(", ")}.` +
        (guess !== undefined ? ` Did you mean "${guess}"?` : " The probe ids are in docs/harness-facts.md."),
    );
  }
}

/** Runs `vigiles facts` with parsed arguments; resolves to the exit code. */
export async function runFactsCommand({ values, positionals }: FactsCommandArgs): Promise<number> {
  const format = oneOf("format", values.format, ["text", "json"]);
  const concurrency = values.concurrency === undefined ? 3 : Number(values.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new CliUsageError(`--concurrency must be a positive integer, got "${values.concurrency}".`);
  }
  const only = values.only
    ?.split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const ids = values.harness
    ? values.harness
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
    : [...HARNESS_IDS];
  if (ids.length === 0) throw new CliUsageError(`--harness "${values.harness}" names no harness.`);
  const adapters = await Promise.all(ids.map((id) => harnessNamed(id, `--harness "${id}"`)));
  // A bare version belongs to the one harness named, else to the default harness.
  const owner = adapters.length === 1 && adapters[0] !== undefined ? adapters[0].id : DEFAULT_HARNESS.id;
  if (values.compare !== undefined) return runFactsCompare(values.compare, positionals[0], owner, format);
  if (positionals.length > 0) throw new CliUsageError(`unexpected argument "${positionals[0]}".`);
  const versionText =
    values.version === undefined
      ? undefined
      : await expandTags(values.version, values.harness === undefined ? await installed(adapters) : adapters);
  const wanted = versionText ? await versionsOf(versionText, owner, adapters) : undefined;
  if (only !== undefined) checkProbeIds(only, adapters);
  const reports: FactsReport[] = [];
  let exit = 0;
  for (const adapter of adapters) {
    // No --version: the installed CLI (node_modules, its env variable, PATH), whatever its version.
    const versions: (string | undefined)[] = wanted
      ? wanted.filter((v) => v.harness === adapter.id).map((v) => v.version)
      : [undefined];
    // Only --only's probes of this harness; one named for another harness leaves this one out.
    if (only !== undefined && !(adapter.factProbes ?? []).some((p) => only.includes(p.id))) continue;
    for (const version of versions) {
      try {
        const harness =
          version === undefined
            ? await adapter.resolve()
            : await resolveHarnessVersion(adapter, version, { fetch: true });
        const report = await runFacts(adapter, harness, { concurrency, ...(only ? { only } : {}) });
        reports.push(report);
        if (format === "text") printReport(report);
        if (report.results.length === 0 || report.results.some((r) => r.status !== "holds")) exit = 1;
      } catch (error) {
        if (!(error instanceof VigilesError)) throw error;
        process.stderr.write(`vigiles facts: ${adapter.id} ${version ?? "(installed)"}: ${error.message}\n`);
        exit = 1;
      }
    }
  }
  if (format === "json") process.stdout.write(`${JSON.stringify({ version: 1, reports }, null, 2)}\n`);
  // A run that ran no probe checked no fact: never a pass.
  if (!reports.some((r) => r.results.length > 0)) {
    process.stderr.write("vigiles facts: no probe ran, so no fact was checked.\n");
    return 1;
  }
  return exit;
}
