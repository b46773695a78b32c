/**
 * The release-surface section of `vigiles facts` and `vigiles facts --compare`: what one release adds,
 * removes and changes against another (core/surface.ts), each entry with what in vigiles depends on
 * it: the audit rules that read the harness's event or tool list, the folding row of an event, the
 * fact probes that register a hook on it, and the checks of a harness test that read it (a `hookFired`
 * check reads hook events from the stream; a run passes every flag, variable and settings key the
 * adapter relies on).
 */
import type { HookDialect } from "../../core/dialect.js";
import { dialectEvent } from "../../core/dialect.js";
import {
  compareSurfaces,
  type ReleaseSurface,
  type SurfaceDiff,
  type SurfaceEntry,
  type SurfaceKind,
} from "../../core/surface.js";
import type { FactProbe } from "../../adapters/port.js";

/** What a harness offers the dependents reading: its dialect, probes and the stream checks it declares. */
export interface SurfaceContext {
  readonly dialect: HookDialect;
  readonly probes: readonly FactProbe[];
  /** Checks that read a stream event, by the event's name (the adapter's `streamChecks`). */
  readonly streamChecks: Readonly<Record<string, readonly string[]>>;
}

export interface SurfaceDiffReport extends SurfaceDiff {
  readonly harness: string;
  /** Kinds either side read only by presence (a release's additions there cannot be seen). */
  readonly presenceOnly: readonly SurfaceKind[];
  /** `kind:name` → what depends on that entry. */
  readonly dependents: Readonly<Record<string, readonly string[]>>;
}

const EVERY_RUN: Partial<Record<SurfaceKind, string>> = {
  "cli-flag": "every harness run (the adapter passes this flag)",
  "settings-key": "every harness run (the adapter writes or refuses this settings key)",
  "env-var": "every harness run (the adapter sets or reads this variable)",
};

/**
 * What reads a suite as the pinned release's format does (core/plugin-eval/schema.ts and limits.ts
 * restate it): a release that reads it otherwise grades, defaults or refuses cases otherwise.
 */
const SUITE_READERS: readonly string[] = [
  "the plugin eval suite reader (`vigiles eval <plugin dir>`, `runPluginSuite`)",
  "audit rule `plugin-eval-case-refused`",
  "audit rule `plugin-eval-unknown-case-key`",
];

function probesNaming(probes: readonly FactProbe[], name: string): string[] {
  return probes
    .filter((p) => JSON.stringify({ ...p.session, judge: undefined }).includes(JSON.stringify(name)))
    .map((p) => `fact \`${p.id}\``);
}

/** What in vigiles depends on one surface entry. */
export function surfaceDependents(entry: Pick<SurfaceEntry, "kind" | "name">, ctx: SurfaceContext): string[] {
  switch (entry.kind) {
    case "hook-event": {
      const known = dialectEvent(ctx.dialect, entry.name) !== undefined;
      return [
        "audit rule `unknown-event`",
        ...(known ? ["audit rule `matcher-ignored`"] : []),
        ...(known ? [`folding row "${ctx.dialect.verdictMeaning(entry.name, undefined)}"`] : []),
        ...probesNaming(ctx.probes, entry.name),
        `check \`hookFired("${entry.name}")\``,
      ];
    }
    case "tool":
      return [
        "audit rule `matcher-unknown-tool`",
        "audit rule `matcher-matches-nothing`",
        `check \`tool("${entry.name}")\``,
      ];
    case "stream-event":
      return (ctx.streamChecks[entry.name] ?? []).map((c) => `check ${c}`);
    case "cli-flag":
    case "settings-key":
    case "env-var":
      return [EVERY_RUN[entry.kind]!];
    case "eval-suite":
      return [...SUITE_READERS];
  }
}

/** The compare report of two surfaces of one harness, with every entry's dependents. */
export function surfaceDiffReport(
  a: ReleaseSurface,
  b: ReleaseSurface,
  ctx: SurfaceContext,
): SurfaceDiffReport {
  const diff = compareSurfaces(a, b);
  const dependents: Record<string, readonly string[]> = {};
  for (const e of [...diff.added, ...diff.removed, ...diff.changed]) {
    dependents[`${e.kind}:${e.name}`] = surfaceDependents(e, ctx);
  }
  const presenceOnly = [...new Set([...a.presenceOnly, ...b.presenceOnly])];
  return { harness: b.harness, ...diff, presenceOnly, dependents };
}

/** A removed or changed entry something depends on: what breaks a drift job. */
export function surfaceBreaks(report: SurfaceDiffReport): boolean {
  return [...report.removed, ...report.changed].some(
    (e) => (report.dependents[`${e.kind}:${e.name}`]?.length ?? 0) > 0,
  );
}

const dependsLine = (report: SurfaceDiffReport, e: Pick<SurfaceEntry, "kind" | "name">): string => {
  const deps = report.dependents[`${e.kind}:${e.name}`] ?? [];
  return `      depends on it: ${deps.length > 0 ? deps.join("; ") : "nothing in vigiles"}\n`;
};

/** The section as text (what `vigiles facts` prints). */
export function formatSurfaceDiff(report: SurfaceDiffReport): string {
  const head = `  surface ${report.from} → ${report.to}: ${report.added.length} added, ${report.removed.length} removed, ${report.changed.length} changed\n`;
  let out = head;
  for (const e of report.added)
    out += `    + ${e.kind} ${e.name}${e.detail ? ` (${e.detail})` : ""}\n${dependsLine(report, e)}`;
  for (const e of report.removed) out += `    - ${e.kind} ${e.name}\n${dependsLine(report, e)}`;
  for (const e of report.changed) {
    out += `    ~ ${e.kind} ${e.name}: ${e.from || "(none)"} → ${e.to || "(none)"}\n${dependsLine(report, e)}`;
  }
  if (report.presenceOnly.length > 0) {
    out += `    (${report.presenceOnly.join(", ")} read by presence of the known names: additions there are not seen)\n`;
  }
  return out;
}
