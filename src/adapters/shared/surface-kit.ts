/**
 * What every harness's surface extractor shares: the text of a release's installed files (a native
 * binary read byte for byte, or a JS bundle's files), and the "which of these names does the release
 * still carry" reading for the names an adapter relies on (the flags it passes, the variables it sets,
 * the stream events and settings keys it reads). Each harness's own surface.ts adds what its package
 * lets it read as a whole list (Claude Code's event catalogue, Codex's hook schemas).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { VigilesError } from "../../core/errors.js";
import type { ReleaseSurface, SurfaceEntry, SurfaceKind } from "../../core/surface.js";

/** The names an adapter relies on, each looked for in a release's files. */
export type SurfaceCandidates = Partial<Readonly<Record<SurfaceKind, readonly string[]>>>;

/** A release whose files hold no hook event or none of the flags its adapter passes: the wrong files were read. */
export class SurfaceUnreadableError extends VigilesError {
  constructor(harness: string, version: string, where: string) {
    super(
      "VIGILES_SURFACE_UNREADABLE",
      `could not read the surface of ${harness} ${version} from ${where}: no hook event, or none of the flags vigiles passes, is in it (a wrapper script, not the CLI). Point VIGILES_*_BIN at the CLI's own binary or bundle.`,
    );
  }
}

const SCRIPT = /\.(?:c|m)?js$/;

function scriptsUnder(dir: string, out: string[]): void {
  for (const name of readdirSync(dir)) {
    if (name === "node_modules") continue;
    const path = join(dir, name);
    const stat = statSync(path);
    if (stat.isDirectory()) scriptsUnder(path, out);
    else if (SCRIPT.test(name)) out.push(path);
  }
}

/**
 * The files a release's surface is read from: a JS entry means every script of its folder (a bundle
 * split in chunks), anything else is the native binary itself.
 */
export function releaseFiles(entryPath: string): readonly string[] {
  if (!SCRIPT.test(entryPath)) return [entryPath];
  const out: string[] = [];
  scriptsUnder(dirname(entryPath), out);
  return out.sort();
}

/** The files' bytes as one latin1 string (one char per byte: offsets match, nothing fails to decode). */
export function releaseText(files: readonly string[]): string {
  return files.map((f) => readFileSync(f).toString("latin1")).join("\n");
}

function needleOf(kind: SurfaceKind, name: string): string {
  if (kind === "tool") return `"${name}"`;
  return kind === "cli-flag" ? name.replace(/^-+/, "") : name;
}

/**
 * The candidates of each kind the text carries, as presence entries. A tool name is looked for as a
 * string literal (`"read"`), so a short name is not found inside every other word; a flag without its
 * dashes, as argument parsers declare them (`"output-format"` for yargs, clap's `long` names).
 */
export function presentCandidates(text: string, candidates: SurfaceCandidates): SurfaceEntry[] {
  const out: SurfaceEntry[] = [];
  for (const [kind, names] of Object.entries(candidates) as [SurfaceKind, readonly string[]][]) {
    for (const name of names) {
      if (text.includes(needleOf(kind, name))) out.push({ kind, name });
    }
  }
  return out;
}

/** Every string literal in a JS array or object source (`"a",...x,"b"` → a, b). */
export function stringLiterals(source: string): string[] {
  return [...source.matchAll(/"([^"\\]*)"/g)].map((m) => m[1]!);
}

/**
 * A surface from the entries a harness's reader found plus its candidates' presence; refuses a
 * reading that found no hook event or none of the flags (the files were not the CLI's).
 */
export function assembleSurface(
  harness: string,
  version: string,
  text: string,
  read: { readonly entries: readonly SurfaceEntry[]; readonly presenceOnly: readonly SurfaceKind[] },
  candidates: SurfaceCandidates,
  where: string,
): ReleaseSurface {
  const present = presentCandidates(text, candidates);
  const noFlag = (candidates["cli-flag"]?.length ?? 0) > 0 && !present.some((e) => e.kind === "cli-flag");
  const noEvent = ![...read.entries, ...present].some((e) => e.kind === "hook-event");
  if (noFlag || noEvent) {
    throw new SurfaceUnreadableError(harness, version, where);
  }
  const seen = new Set(read.entries.map((e) => `${e.kind}:${e.name}`));
  const entries = [...read.entries, ...present.filter((e) => !seen.has(`${e.kind}:${e.name}`))];
  return { harness, version, presenceOnly: read.presenceOnly, entries };
}

/** The members of a TypeScript string enum as a bundler emits it (`Name2["X"] = "X"`), in order. */
export function enumMembers(text: string, enumName: string): string[] {
  const member = new RegExp(`\\b${enumName}\\d*\\["([A-Za-z]+)"\\] = "\\1"`, "g");
  return [...new Set([...text.matchAll(member)].map((m) => m[1]!))];
}

/** Names as entries of one kind. */
export const entriesOf = (kind: SurfaceKind, names: Iterable<string>): SurfaceEntry[] =>
  [...names].map((name) => ({ kind, name }));

/** The distinct first groups of a global regex's matches, in order. */
export const firstGroups = (text: string, pattern: RegExp): string[] => [
  ...new Set([...text.matchAll(pattern)].map((m) => m[1]!)),
];

/** How one harness reads a release whose hook events are a list its files spell out. */
export interface EventListReading {
  readonly harness: string;
  readonly candidates: SurfaceCandidates;
  /** Kinds among the candidates read only by presence (a release's additions there are not seen). */
  readonly presenceOnly: readonly SurfaceKind[];
  /** The hook events the release's text names. */
  events(text: string): Iterable<string>;
}

/** The surface of a release read from `files` the way `reading` says. */
export function readEventListSurface(
  reading: EventListReading,
  files: readonly string[],
  version: string,
  where: string,
): ReleaseSurface {
  const text = releaseText(files);
  const read = { entries: entriesOf("hook-event", reading.events(text)), presenceOnly: reading.presenceOnly };
  return assembleSurface(reading.harness, version, text, read, reading.candidates, where);
}
