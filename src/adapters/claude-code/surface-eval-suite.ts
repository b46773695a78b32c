/**
 * The `claude plugin eval` suite format as a release's binary spells it: the case schema (every key
 * at the top, in `context` and in `execution`, each with its zod chain: type checks, limits,
 * default), the grader union (each type and its keys), the highest `schema_version` major it reads,
 * and the caps of its reader (bytes of a case file, files in a `graders/`). vigiles restates the
 * pinned release's format in core/plugin-eval/schema.ts and limits.ts; these entries are how
 * `vigiles facts` sees another release read suites differently.
 *
 * What the binary holds (2.1.328): the case object `{schema_version:ke(),name:ke().min(1),…}`, the
 * union `X("type",[Y({type:Z("regex"),…}).strict(),…])`, `schema_version "…" requires a newer
 * Claude Code (this binary supports up to ${N}.x)`, `return R(e,N,"prose .md")` and
 * `.md entries (cap: ${N})`. The zod constructors are minified per release (`ke()` is a string in
 * one release, another name in the next), so a chain is compared with each name written `z`: a key
 * whose type changes while its chain stays the same is not seen; a changed limit, default, enum
 * value, key or grader type is.
 */
import type { SurfaceEntry } from "../../core/surface.js";
import { closeOf, keyValue, returnHelpers, stableSpelling, topLevelParts } from "../shared/minified-js.js";

const CASE_OBJECT = /\{schema_version:[\w$]+\(\),name:/;
const GRADER_UNION = /"type",\[[\w$]+\(\{type:[\w$]+\("regex"\)/;
const SCHEMA_MAJOR = /supports up to \$\{([\w$]+)\}\.x\)/;
const CASE_FILE_BYTES = /return [\w$]+\([\w$]+,([\w$]+),"prose \.md"\)/;
const GRADER_FILES = /\.md entries \(cap: \$\{([\w$]+)\}\)/;
/** How far around the case schema its helpers, readers and constants are looked for. */
const WINDOW = 40_000;

const entry = (name: string, detail: string): SurfaceEntry => ({ kind: "eval-suite", name, detail });

/** The object literal an object-schema call wraps (`Y({…}).strict()` → `{…}` and `z({…}).strict()`). */
function objectCall(
  value: string,
  helpers: ReadonlyMap<string, string>,
): { readonly body: string; readonly chain: string } | undefined {
  const m = /^[\w$]+\(\{/.exec(value);
  if (m === null) return undefined;
  const open = m[0].length - 1;
  const close = closeOf(value, open);
  if (close < 0) return undefined;
  const body = value.slice(open, close + 1);
  return { body, chain: stableSpelling(`${value.slice(0, open)}{…}${value.slice(close + 1)}`, helpers) };
}

/** One entry per key of an object schema, nested objects one level down, under `prefix`. */
function objectEntries(
  body: string,
  prefix: string,
  helpers: ReadonlyMap<string, string>,
  nested: boolean,
): SurfaceEntry[] {
  const out: SurfaceEntry[] = [];
  for (const part of topLevelParts(body)) {
    const kv = keyValue(part);
    if (kv === undefined) continue;
    const inner = nested ? objectCall(kv.value, helpers) : undefined;
    if (inner === undefined) {
      out.push(entry(`${prefix}.${kv.key}`, stableSpelling(kv.value, helpers)));
      continue;
    }
    out.push(entry(`${prefix}.${kv.key}`, inner.chain));
    out.push(...objectEntries(inner.body, `${prefix}.${kv.key}`, helpers, false));
  }
  return out;
}

/** Each grader type (its object's chain, `.strict()` or not) and each of its keys but `type`. */
function graderEntries(text: string, at: number, helpers: ReadonlyMap<string, string>): SurfaceEntry[] {
  const open = text.indexOf("[", at);
  const close = closeOf(text, open);
  if (close < 0) return [];
  const out: SurfaceEntry[] = [];
  for (const part of topLevelParts(text.slice(open, close + 1))) {
    const grader = objectCall(part, helpers);
    const type = grader === undefined ? undefined : /^\{type:[\w$]+\("([^"]+)"\)/.exec(grader.body)?.[1];
    if (grader === undefined || type === undefined) continue;
    out.push(entry(`grader.${type}`, grader.chain));
    const keys = objectEntries(grader.body, `grader.${type}`, helpers, false);
    out.push(...keys.filter((e) => e.name !== `grader.${type}.type`));
  }
  return out;
}

/**
 * The number a minified constant holds (`N=256`), when the window binds the name to exactly one
 * number (two modules' locals of one name are ambiguous: no entry, never a wrong one).
 */
function constantOf(window: string, pattern: RegExp): string | undefined {
  const name = pattern.exec(window)?.[1];
  if (name === undefined) return undefined;
  const escaped = name.replace(/\$/g, "\\$");
  const values = new Set(
    [...window.matchAll(new RegExp(`(?<![\\w$.])${escaped}=(\\d+)(?![\\w$])`, "g"))].map((m) => m[1]!),
  );
  return values.size === 1 ? [...values][0] : undefined;
}

/** The suite format's entries, or none when the release's files hold no suite schema. */
export function evalSuiteEntries(text: string): SurfaceEntry[] {
  const caseAt = CASE_OBJECT.exec(text)?.index;
  if (caseAt === undefined) return [];
  const window = text.slice(Math.max(0, caseAt - WINDOW), caseAt + WINDOW);
  const helpers = returnHelpers(window);
  const caseClose = closeOf(text, caseAt);
  if (caseClose < 0) return [];
  const caseBody = text.slice(caseAt, caseClose + 1);
  const graderMatch = GRADER_UNION.exec(window);
  const limits: [string, RegExp][] = [
    ["limit.schema_version_major", SCHEMA_MAJOR],
    ["limit.case_file_bytes", CASE_FILE_BYTES],
    ["limit.grader_files", GRADER_FILES],
  ];
  return [
    ...objectEntries(caseBody, "case", helpers, true),
    ...(graderMatch === null ? [] : graderEntries(window, graderMatch.index, helpers)),
    ...limits.flatMap(([name, pattern]) => {
      const value = constantOf(window, pattern);
      return value === undefined ? [] : [entry(name, value)];
    }),
  ];
}
