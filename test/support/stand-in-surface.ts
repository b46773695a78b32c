/**
 * STAND-IN release files for surface tests (each test using them says so): a small file holding the
 * text shapes Claude Code's binary carries (its hook event catalogue, its canonical tool list before
 * the legacy-name map, the flags, variables, settings keys and stream events the adapter relies on),
 * built from a surface, with the changes a test asks for. Never run: only read by the extractor.
 */
import { chmodSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ReleaseSurface, SurfaceEntry } from "../../src/core/surface.js";

export interface SurfaceChanges {
  readonly addEvents?: readonly string[];
  readonly dropEvents?: readonly string[];
  readonly dropTools?: readonly string[];
  readonly dropOther?: readonly string[];
}

function catalogueEntry(e: SurfaceEntry): string {
  const detail = e.detail?.replace(/^matcher values: /, "");
  if (detail === undefined) return `${e.name}:{summary:"s",description:\`d\`}`;
  const literal = detail === "(none listed)" ? [] : detail.split(",").filter((v) => v !== "…");
  const spliced = detail.endsWith("…") ? ",...X" : "";
  const values = `[${literal.map((v) => JSON.stringify(v)).join(",")}${literal.length === 0 ? spliced.slice(1) : spliced}]`;
  return `${e.name}:{summary:"s",description:\`d\`,matcherMetadata:{values:${detail === "…" ? "e" : values}}}`;
}

/** The text a stand-in Claude Code binary carries for `surface` with `changes`. */
function standInText(surface: ReleaseSurface, changes: SurfaceChanges): string {
  const keep = (e: SurfaceEntry): boolean =>
    !(e.kind === "hook-event" && changes.dropEvents?.includes(e.name)) &&
    !(e.kind === "tool" && changes.dropTools?.includes(e.name)) &&
    !(e.kind !== "hook-event" && e.kind !== "tool" && changes.dropOther?.includes(e.name));
  const entries = surface.entries.filter(keep);
  const events = [
    ...entries.filter((e) => e.kind === "hook-event"),
    ...(changes.addEvents ?? []).map((n): SurfaceEntry => ({ kind: "hook-event", name: n })),
  ].map(catalogueEntry);
  const tools = entries.filter((e) => e.kind === "tool").map((e) => JSON.stringify(e.name));
  const others = entries.filter((e) => e.kind !== "hook-event" && e.kind !== "tool").map((e) => e.name);
  return `${events.join(",")};var t=[${tools.join(",")}],m={Task:"Agent"};\n${others.join("\n")}\n`;
}

/** Writes a stand-in Claude Code binary carrying `surface` with `changes`; returns its path. */
export function standInClaudeBinary(
  dir: string,
  name: string,
  surface: ReleaseSurface,
  changes: SurfaceChanges = {},
): string {
  const path = join(dir, name);
  writeFileSync(path, `\u0000STAND-IN ${standInText(surface, changes)}`);
  return path;
}

/**
 * The same as an executable that answers `--version` with `version` and exits 0 for anything else
 * (the surface text sits after its `exit`, never read by the shell), for `VIGILES_CLAUDE_BIN`.
 */
export function standInClaudeCli(
  dir: string,
  version: string,
  surface: ReleaseSurface,
  changes: SurfaceChanges = {},
): string {
  const path = join(dir, `claude-${version}`);
  writeFileSync(
    path,
    `#!/bin/sh\n# STAND-IN Claude Code ${version}: read by the surface extractor, never run as a CLI.\n` +
      `if [ "$1" = "--version" ]; then echo "${version} (Claude Code)"; fi\nexit 0\n${standInText(surface, changes)}`,
  );
  chmodSync(path, 0o755);
  return path;
}
