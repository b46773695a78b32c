/**
 * A release surface: what one release of a harness CLI offers that vigiles relies on (hook events
 * with their matcher values, tool names, the CLI flags the adapter passes, stream event types,
 * settings keys, environment variables), as read from the installed package by the harness's own
 * extractor (src/adapters/<harness>/surface.ts). Pure: comparing two surfaces, and the dialect a
 * release's surface makes of the pinned one, so the audit and explain judge a project by the release
 * actually installed, not by the release vigiles was validated with.
 */
import type { DialectEvent, HookDialect } from "./dialect.js";
import { NO_EFFECT } from "./hook-decision/event-rules.js";

export type SurfaceKind =
  | "hook-event"
  | "tool"
  | "cli-flag"
  | "stream-event"
  | "settings-key"
  | "env-var"
  /**
   * The harness's own eval-suite format (where its CLI has one: a plugin eval command): a case key,
   * a grader type or key, a limit, each with what the release's schema says of it as its detail.
   */
  | "eval-suite";

export const SURFACE_KINDS: readonly SurfaceKind[] = [
  "hook-event",
  "tool",
  "cli-flag",
  "stream-event",
  "settings-key",
  "env-var",
  "eval-suite",
];

/** One thing a release offers; `detail` is what may change while the name stays (matcher values). */
export interface SurfaceEntry {
  readonly kind: SurfaceKind;
  readonly name: string;
  readonly detail?: string;
}

export interface ReleaseSurface {
  readonly harness: string;
  readonly version: string;
  /**
   * Kinds read only as "which of the names vigiles relies on are still there": a name the release
   * adds cannot show up in them (a JS bundle without an event catalogue to read).
   */
  readonly presenceOnly: readonly SurfaceKind[];
  readonly entries: readonly SurfaceEntry[];
}

export interface SurfaceChange {
  readonly kind: SurfaceKind;
  readonly name: string;
  readonly from: string;
  readonly to: string;
}

export interface SurfaceDiff {
  readonly from: string;
  readonly to: string;
  readonly added: readonly SurfaceEntry[];
  readonly removed: readonly SurfaceEntry[];
  readonly changed: readonly SurfaceChange[];
}

const keyOf = (e: Pick<SurfaceEntry, "kind" | "name">): string => `${e.kind}\u0000${e.name}`;

/** What `b` adds, removes and changes against `a`, in kind order then name order. */
export function compareSurfaces(a: ReleaseSurface, b: ReleaseSurface): SurfaceDiff {
  const before = new Map(a.entries.map((e) => [keyOf(e), e]));
  const after = new Map(b.entries.map((e) => [keyOf(e), e]));
  const order = (x: SurfaceEntry, y: SurfaceEntry): number =>
    SURFACE_KINDS.indexOf(x.kind) - SURFACE_KINDS.indexOf(y.kind) || x.name.localeCompare(y.name);
  const added = b.entries.filter((e) => !before.has(keyOf(e))).sort(order);
  const removed = a.entries.filter((e) => !after.has(keyOf(e))).sort(order);
  const changed: SurfaceChange[] = [];
  for (const e of [...a.entries].sort(order)) {
    const other = after.get(keyOf(e));
    if (other !== undefined && (other.detail ?? "") !== (e.detail ?? "")) {
      changed.push({ kind: e.kind, name: e.name, from: e.detail ?? "", to: other.detail ?? "" });
    }
  }
  return { from: a.version, to: b.version, added, removed, changed };
}

/** The names of one kind in a surface. */
export function surfaceNames(surface: ReleaseSurface, kind: SurfaceKind): readonly string[] {
  return surface.entries.filter((e) => e.kind === kind).map((e) => e.name);
}

/**
 * The dialect with `unpinnedEvents`: the hook events the release's surface lists that the dialect
 * does not model (a pinned binary can carry events vigiles has not pinned yet).
 */
export function withSurfaceEvents(dialect: HookDialect, surface: ReleaseSurface | undefined): HookDialect {
  if (surface === undefined) return dialect;
  const modelled = new Set(dialect.events.map((e) => e.name));
  const unpinned = surfaceNames(surface, "hook-event").filter((name) => !modelled.has(name));
  return unpinned.length === 0 ? dialect : { ...dialect, unpinnedEvents: unpinned };
}

/**
 * The dialect of another release: the pinned dialect with the events and tools the release's surface
 * adds or removes against the pinned surface. An added event is known (a hook on it is not "never
 * runs"), but what a hook may do there was never pinned: its rules are none, and explain says so.
 */
export function dialectForSurface(
  dialect: HookDialect,
  pinned: ReleaseSurface,
  installed: ReleaseSurface,
): HookDialect {
  if (installed.version === pinned.version) return withSurfaceEvents(dialect, installed);
  const diff = compareSurfaces(pinned, installed);
  const names = (list: readonly SurfaceEntry[], kind: SurfaceKind) =>
    new Set(list.filter((e) => e.kind === kind).map((e) => e.name));
  const goneEvents = names(diff.removed, "hook-event");
  const newEvents = [...names(diff.added, "hook-event")];
  const goneTools = names(diff.removed, "tool");
  const newTools = [...names(diff.added, "tool")];
  const unpinned = new Set(newEvents);
  const events: DialectEvent[] = [
    ...dialect.events.filter((e) => !goneEvents.has(e.name)),
    ...newEvents.map((name) => ({ name, rules: NO_EFFECT })),
  ];
  const release: HookDialect = {
    ...dialect,
    displayName: `${dialect.displayName} ${installed.version}`,
    events,
    ...(dialect.knownTools !== undefined
      ? { knownTools: [...dialect.knownTools.filter((t) => !goneTools.has(t)), ...newTools] }
      : {}),
    verdictMeaning: (event, timeout) =>
      unpinned.has(event)
        ? `${event} is new in ${installed.version}: what a hook's exit code or answer does there is not pinned`
        : dialect.verdictMeaning(event, timeout),
  };
  return withSurfaceEvents(release, installed);
}
