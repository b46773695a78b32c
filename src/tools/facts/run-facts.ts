/**
 * `vigiles facts`: re-runs the probes behind every pinned harness fact against one release of a CLI
 * and says, per fact, whether it holds, changed (with what the release did instead), or could not run.
 * Each report is kept in the cache (`<cache>/facts/<harness>@<version>.json`) so `vigiles doctor`
 * can say which facts were re-checked for an unvalidated version.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import pLimit from "p-limit";
import type { FactProbe, FactProbeRun } from "../../adapters/port.js";
import type { HarnessAdapter, ResolvedHarness } from "../../adapters/port.js";
import { writeFileAtomic } from "../../runtime/atomic-write.js";
import { vigilesCacheRoot } from "../../runtime/harness-cache.js";
import { requestContains } from "../../tiers/harness/availability.js";
import { runHarnessTest } from "../../tiers/harness/run-harness-test.js";
import type { SurfaceDiffReport } from "./surface-report.js";
import { compareReleases } from "./release-surface.js";
import { harnessEntry } from "../../adapters/registry.js";
import { VigilesError } from "../../core/errors.js";

export type FactStatus = "holds" | "changed" | "cannot-run";

export interface FactResult {
  readonly id: string;
  readonly fact: string;
  readonly status: FactStatus;
  /** What the run showed (holds, changed), or why it could not run. */
  readonly observed: string;
  readonly rules: readonly string[];
  readonly folding: readonly string[];
  /**
   * Checks of a harness test that read what this probe's judge read: a judge that read the hook
   * records rests on the hook events of the stream, as `hookFired()` does.
   */
  readonly checks: readonly string[];
  readonly pinnedBy: string;
  readonly durationMs: number;
}

export interface FactsReport {
  readonly schema: 1;
  readonly harness: string;
  readonly version: string;
  /** The version vigiles was validated with: where every fact holds by construction. */
  readonly validated: string;
  readonly binary: string;
  readonly ranAt: string;
  readonly results: readonly FactResult[];
  /** The release's surface against the validated one (absent: the harness has no surface reader). */
  readonly surface?: SurfaceDiffReport;
  /** Why the release's surface could not be read (a wrapper script instead of the CLI's binary). */
  readonly surfaceError?: string;
}

export interface RunFactsOptions {
  /** Only these probe ids. */
  readonly only?: readonly string[];
  /** Probes at once (default 3: each is a real CLI run). */
  readonly concurrency?: number;
  /** Keep the report in the cache for `vigiles doctor` (default true). */
  readonly record?: boolean;
  readonly onResult?: (result: FactResult) => void;
  /** Compare the release's surface with the validated one (default true). */
  readonly surface?: boolean;
}

/** What a probe whose judge read the hook records shares with a harness test's checks. */
const HOOK_RECORD_CHECKS = ["`hookFired()` (hook events in the stream)", "`blocked()`", "`r.hooks`"];

function writePlugin(files: Readonly<Record<string, string>>): string {
  const dir = mkdtempSync(join(tmpdir(), "vigiles-fact-plugin-"));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  return dir;
}

async function runProbe(
  adapter: HarnessAdapter,
  harness: ResolvedHarness,
  probe: FactProbe,
): Promise<FactResult> {
  const started = performance.now();
  const { session } = probe;
  const pluginDir = session.pluginFiles ? writePlugin(session.pluginFiles) : undefined;
  let readHooks = false;
  const done = (status: FactStatus, observed: string): FactResult => ({
    id: probe.id,
    fact: probe.fact,
    status,
    observed,
    rules: probe.rules,
    folding: probe.folding,
    checks: readHooks ? HOOK_RECORD_CHECKS : [],
    pinnedBy: probe.pinnedBy,
    durationMs: Math.round(performance.now() - started),
  });
  try {
    const r = await runHarnessTest(
      {
        prompt: session.prompt,
        model: session.model,
        ...(session.files ? { files: session.files } : {}),
        ...(session.settings ? { settings: session.settings } : {}),
        ...(session.skills ? { skills: session.skills } : {}),
        ...(pluginDir ? { pluginDir } : {}),
        transcript: true,
        // The probe's hook fails on purpose: the crash is what is observed, not a reason to refuse.
        ...(session.hooksMayCrash ? { allowHookCrashes: true } : {}),
        // A probe observes where the CLI stops (a blocked prompt, a stop that ends the loop): its
        // judge reads the run, so turns it never asked for are part of the observation.
        allowUnservedTurns: true,
        harnessPath: harness.path,
        timeoutMs: 120_000,
      },
      { adapter: probe.adapter ?? adapter },
    );
    try {
      const run: FactProbeRun = {
        toolCalls: r.toolCalls,
        // Noted when read: a verdict drawn from hook records depends on the stream's hook events.
        get hooks() {
          readHooks = true;
          return r.hooks ?? [];
        },
        output: r.output,
        modelRequests: r.modelRequests,
        events: r.events,
        file: (p) => r.file(p),
        requestContains: (text) => requestContains(r, text),
      };
      const verdict = probe.judge(run);
      return done(verdict.holds ? "holds" : "changed", verdict.observed);
    } finally {
      r.cleanup();
    }
  } catch (error) {
    const e = error as { code?: string; message?: string };
    return done("cannot-run", `${e.code ?? "error"}: ${(e.message ?? String(error)).split("\n")[0]}`);
  } finally {
    if (pluginDir) rmSync(pluginDir, { recursive: true, force: true });
  }
}

/** Where the report of one harness release is kept. */
export function factsReportPath(
  harness: string,
  version: string,
  env: NodeJS.ProcessEnv = process.env,
): string {
  return join(vigilesCacheRoot(env), "facts", `${harness}@${version}.json`);
}

/** The kept report of one release, or undefined when its facts were never re-checked here. */
export function readFactsReport(
  harness: string,
  version: string,
  env: NodeJS.ProcessEnv = process.env,
): FactsReport | undefined {
  try {
    const report = JSON.parse(readFileSync(factsReportPath(harness, version, env), "utf8")) as FactsReport;
    return report.schema === 1 ? report : undefined;
  } catch {
    return undefined;
  }
}

/** The release's surface against the pinned one, or why it could not be read. */
async function surfaceSection(
  id: string,
  harness: ResolvedHarness,
): Promise<{ surface: SurfaceDiffReport } | { surfaceError: string } | undefined> {
  if (harnessEntry(id).surface === undefined) return undefined;
  try {
    return { surface: await compareReleases(id, "pinned", harness) };
  } catch (error) {
    if (!(error instanceof VigilesError)) throw error;
    return { surfaceError: error.message };
  }
}

/** Runs the adapter's probes against `harness` (a resolved CLI of any release). */
export async function runFacts(
  adapter: HarnessAdapter,
  harness: ResolvedHarness,
  options: RunFactsOptions = {},
): Promise<FactsReport> {
  const probes = (adapter.factProbes ?? []).filter((p) => !options.only || options.only.includes(p.id));
  const limit = pLimit(options.concurrency ?? 3);
  const results = await Promise.all(
    probes.map((probe) =>
      limit(async () => {
        const result = await runProbe(adapter, harness, probe);
        options.onResult?.(result);
        return result;
      }),
    ),
  );
  const surface = options.surface === false ? undefined : await surfaceSection(adapter.id, harness);
  const report: FactsReport = {
    schema: 1,
    harness: adapter.id,
    version: harness.version,
    validated: adapter.pinnedPackage.version,
    binary: harness.path,
    ranAt: new Date().toISOString(),
    results,
    ...surface,
  };
  if (options.record !== false && options.only === undefined) {
    writeFileAtomic(factsReportPath(adapter.id, harness.version), `${JSON.stringify(report, null, 2)}\n`);
  }
  return report;
}
