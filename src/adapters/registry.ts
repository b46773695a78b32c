/**
 * The harness registry: every harness vigiles knows, once. Tools, tiers and the CLI ask it for a
 * harness's id, aliases, dialect, registration reader, project markers, managed-settings dirs,
 * package pin and capabilities; none keeps a list of its own or switches on an id. Adding a harness
 * is its adapter folder (with a `harness.ts`) plus one line here.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { HookDialect } from "../core/dialect.js";
import { closestName } from "../core/did-you-mean.js";
import { VigilesError } from "../core/errors.js";
import { withSurfaceEvents } from "../core/surface.js";
import { claudeCodeHarness } from "./claude-code/harness.js";
import { codexHarness } from "./codex/harness.js";
import { copilotHarness } from "./copilot-cli/harness.js";
import { geminiHarness } from "./gemini-cli/harness.js";
import { qwenHarness } from "./qwen-code/harness.js";
import { openCodeHarness } from "./opencode/harness.js";
import type { HarnessEntry } from "./harness-entry.js";

/** Every registered harness; the first is the default. */
export const HARNESSES: readonly HarnessEntry[] = [
  claudeCodeHarness,
  codexHarness,
  copilotHarness,
  geminiHarness,
  qwenHarness,
  openCodeHarness,
];

/** The default harness (Claude Code). */
export const DEFAULT_HARNESS: HarnessEntry = HARNESSES[0]!;

/** Every id, in registry order. */
export const HARNESS_IDS: readonly string[] = HARNESSES.map((h) => h.id);

/** A name that is no registered harness's id or alias. */
export class UnknownHarnessError extends VigilesError {
  /**
   * @param name the name as given
   * @param subject how the message names it (default `harness "<name>"`; a CLI passes the flag and value as typed)
   */
  constructor(name: string, subject = `harness ${JSON.stringify(name)}`) {
    const hint = closestName(
      name,
      HARNESSES.flatMap((h) => [h.id, ...h.aliases]),
    );
    super(
      "VIGILES_UNKNOWN_HARNESS",
      `${subject} names no harness.${hint !== undefined ? ` Did you mean "${hint}"?` : ""} Use one of ${HARNESS_IDS.join(", ")}.`,
    );
  }
}

/** The harness an id or alias names, or undefined. */
export function findHarness(name: string): HarnessEntry | undefined {
  return HARNESSES.find((h) => h.id === name || h.aliases.includes(name));
}

/** The harness an id or alias names; throws UnknownHarnessError (with a did-you-mean) otherwise. */
export function harnessEntry(name: string, what = "harness"): HarnessEntry {
  const found = findHarness(name);
  if (found === undefined) throw new UnknownHarnessError(name, `${what} ${JSON.stringify(name)}`);
  return found;
}

/** Dialects of releases other than the pinned one, bound by id for the rest of the process. */
const releaseDialects = new Map<string, HookDialect>();

/**
 * Judges a harness's hooks by the dialect of the release actually installed (or named) from now on,
 * or again by the pinned one (`undefined`). `vigiles audit` and `vigiles explain` bind it once at
 * their start (tools/release-dialect.ts), so every rule and reading that asks `dialectOf` agrees.
 */
export function bindReleaseDialect(id: string, dialect: HookDialect | undefined): void {
  if (dialect === undefined) releaseDialects.delete(id);
  else releaseDialects.set(id, dialect);
}

/** The hook dialect of a harness id or alias (default: Claude Code's), of the bound release if any. */
export function dialectOf(name: string | undefined = undefined): HookDialect {
  const entry = name === undefined ? DEFAULT_HARNESS : harnessEntry(name);
  return releaseDialects.get(entry.id) ?? pinnedDialect(entry);
}

/** The pinned dialect with the events its release's surface carries unmodelled (`unpinnedEvents`). */
const pinnedDialects = new Map<string, HookDialect>();
function pinnedDialect(entry: HarnessEntry): HookDialect {
  let dialect = pinnedDialects.get(entry.id);
  if (dialect === undefined) {
    dialect = withSurfaceEvents(entry.dialect, entry.surface?.pinned);
    pinnedDialects.set(entry.id, dialect);
  }
  return dialect;
}

/** Which harness a repository is set up for, with the markers that decided. */
export interface HarnessDetection {
  readonly harness: HarnessEntry;
  readonly evidence: readonly string[];
}

/**
 * The default harness when its own markers are there (or nothing is); else the first harness in
 * registry order with markers of its own; else the first with a weak marker (AGENTS.md).
 */
export function detectHarness(root: string): HarnessDetection {
  const present = (paths: readonly string[]) => paths.filter((m) => existsSync(join(root, m)));
  const strong = HARNESSES.map((h) => ({ harness: h, evidence: present(h.markers) }));
  if (strong[0]!.evidence.length > 0) return strong[0]!;
  const own = strong.find((s) => s.evidence.length > 0);
  if (own !== undefined) return own;
  const weak = HARNESSES.map((h) => ({ harness: h, evidence: present(h.weakMarkers) })).find(
    (w) => w.evidence.length > 0,
  );
  return weak ?? { harness: DEFAULT_HARNESS, evidence: [] };
}

/** Every managed-settings and policy dir of every harness (a confined run masks them all). */
export function managedSettingsDirs(): readonly string[] {
  return HARNESSES.flatMap((h) => h.managedSettingsDirs);
}
