/**
 * STAND-IN release files for surface tests (each test using them says so): a small file holding the
 * text shapes Claude Code's binary carries (its hook event catalogue, its canonical tool list before
 * the legacy-name map, the flags, variables, settings keys and stream events the adapter relies on,
 * the `claude plugin eval` suite schema as zod calls), built from a surface, with the changes a test
 * asks for. Never run: only read by the extractor.
 */
import { chmodSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ReleaseSurface, SurfaceEntry } from "../../src/core/surface.js";

export interface SurfaceChanges {
  readonly addEvents?: readonly string[];
  readonly dropEvents?: readonly string[];
  readonly dropTools?: readonly string[];
  readonly dropOther?: readonly string[];
  /** The suite format's entries as the release should spell them (default: the surface's). */
  readonly suite?: (entries: readonly SurfaceEntry[]) => readonly SurfaceEntry[];
}

/**
 * The suite schema's text from its entries: the case object (its nested objects filled in where the
 * entry reads `{…}`), the grader union, and the constants the reader's messages name. Each minified
 * constructor is spelt `z`, as the entries spell it.
 */
function suiteSchemaText(entries: readonly SurfaceEntry[]): string {
  if (entries.length === 0) return "";
  const detail = (name: string): string => entries.find((e) => e.name === name)?.detail ?? "";
  const children = (prefix: string): SurfaceEntry[] =>
    entries.filter((e) => e.name.startsWith(`${prefix}.`) && !e.name.slice(prefix.length + 1).includes("."));
  const object = (prefix: string, skip: string[] = []): string =>
    `{${children(prefix)
      .filter((e) => !skip.includes(e.name.slice(prefix.length + 1)))
      .map((e) => {
        const key = e.name.slice(prefix.length + 1);
        // A function the entry spells `…` is written as one (the binary's text is read as latin1).
        const value = (e.detail ?? "").replaceAll("(…)", "(()=>{})");
        return `${key}:${value.includes("{…}") ? value.replace("{…}", object(e.name)) : value}`;
      })
      .join(",")}}`;
  const graders = children("grader").map((g) => {
    const type = g.name.slice("grader.".length);
    const body = object(g.name).replace(/^\{/, `{type:z(${JSON.stringify(type)}),`);
    return (g.detail ?? "").replace("{…}", body);
  });
  const limit = (name: string) => detail(`limit.${name}`);
  return [
    `var Yc=p(()=>z(${object("case")}));`,
    `var zc=p(()=>z("type",[${graders.join(",")}]));`,
    `var Es=${limit("schema_version_major")};if(o>Es)return{ok:!1,error:\`schema_version "\${r}" requires a newer Claude Code (this binary supports up to \${Es}.x)\`};`,
    `var Zc=${limit("case_file_bytes")};async function Is(e){return tn(e,Zc,"prose .md")}`,
    `var Ns=${limit("grader_files")};fail(\`has \${o.length} .md entries (cap: \${Ns})\`);`,
  ].join("\n");
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
  const others = entries
    .filter((e) => e.kind !== "hook-event" && e.kind !== "tool" && e.kind !== "eval-suite")
    .map((e) => e.name);
  const suite = entries.filter((e) => e.kind === "eval-suite");
  const schema = suiteSchemaText(changes.suite?.(suite) ?? suite);
  return `${events.join(",")};var t=[${tools.join(",")}],m={Task:"Agent"};\n${others.join("\n")}\n${schema}\n`;
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
