/**
 * `expect:` guards of a mock responder (`mocks/<server>/<tool>.md`), as Claude Code 2.1.328 checks
 * them when it reads the mock and when a call arrives. Pure. A guard maps an input path to an allowed
 * value: a literal, a list of literals, a `/regex/` in a small dialect (the CLI bounds its matching
 * cost), a type name, or a nested map (paths joined with dots). At most 32 guards a responder.
 *
 * The reader checks them here and compiles them into flat {@link CompiledGuard}s; the stand-in
 * (runtime/mcp-stand-in.mjs) evaluates the compiled form on each call, in declaration order, and
 * aborts the run on the first violation.
 */

/** Guards one responder may carry (the CLI counts leaves; a list is one). */
export const MAX_EXPECT_GUARDS = 32;
/** The matching budget the CLI gives a `/regex/` guard, and its longest subject. */
const MATCH_BUDGET = 50_000_000;
const LONGEST_SUBJECT = 8192;
const TYPE_NAMES = new Set(["string", "number", "bool", "boolean", "object", "array"]);
const REGEX_VALUE = /^\/(.+)\/([a-z]*)$/s;
const DIALECT =
  'expect: /regex/ guards use a small dialect: literals, ".", escapes, character classes, and quantifiers (* + ? {m,n}) on single atoms, with optional ^ and $; no groups, alternation "|", backreferences or lookaround. Use a list of literals, a type name, or several simpler guards instead';

/** A guard as the declaration holds it, numbers and booleans already read as strings (as the CLI does). */
export type ExpectValue = string | readonly string[] | { readonly [key: string]: ExpectValue };

/** One guard on one input path, ready for the stand-in. */
export type CompiledGuard =
  | { readonly path: string; readonly kind: "one-of"; readonly values: readonly string[] }
  | {
      readonly path: string;
      readonly kind: "regex";
      readonly source: string;
      readonly flags: string;
      /** A longer subject is a violation (the CLI's matching budget). */
      readonly maxSubject: number;
    }
  | { readonly path: string; readonly kind: "type"; readonly type: string }
  | { readonly path: string; readonly kind: "literal"; readonly value: string };

/**
 * The guard map read from YAML: scalars become strings, lists lists of strings, maps recurse.
 * Returns a message when the shape is not one the CLI accepts.
 */
export function readExpect(raw: unknown): { readonly expect: ExpectValue } | { readonly problem: string } {
  const read = (value: unknown, at: string): ExpectValue | string => {
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean")
      return String(value);
    if (Array.isArray(value)) {
      const items: string[] = [];
      for (const item of value) {
        if (typeof item !== "string" && typeof item !== "number" && typeof item !== "boolean")
          return `problem:expect${at}: a list holds literals only`;
        items.push(String(item));
      }
      return items;
    }
    if (typeof value === "object" && value !== null) {
      const out: Record<string, ExpectValue> = {};
      for (const [key, inner] of Object.entries(value)) {
        const r = read(inner, `${at}.${key}`);
        if (typeof r === "string" && r.startsWith("problem:")) return r;
        out[key] = r;
      }
      return out;
    }
    return `problem:expect${at}: a guard is a literal, a list, a /regex/, a type name or a map`;
  };
  if (typeof raw !== "object" || raw === null || Array.isArray(raw))
    return { problem: "expect: must be a map of input paths to guards" };
  const result = read(raw, "");
  if (typeof result === "string" && result.startsWith("problem:")) return { problem: result.slice(8) };
  return { expect: result };
}

/** Leaves of a guard map (a list counts once), stopping past the cap as the CLI does. */
function countGuards(map: { readonly [key: string]: ExpectValue }): number {
  let count = 0;
  for (const value of Object.values(map)) {
    count += typeof value === "object" && !Array.isArray(value) ? countGuards(value as never) : 1;
    if (count > MAX_EXPECT_GUARDS) break;
  }
  return count;
}

/**
 * What is wrong with a guard map, in the CLI's order (empty when it loads): more than 32 guards, an
 * empty list, a regex with flags other than `i` and `s`, outside the dialect, or invalid.
 */
export function expectProblems(map: { readonly [key: string]: ExpectValue }, prefix = ""): string[] {
  const problems: string[] = [];
  if (prefix === "") {
    const count = countGuards(map);
    if (count > MAX_EXPECT_GUARDS)
      return [
        `expect: ${count} guards is more than the ${MAX_EXPECT_GUARDS} one responder may carry; keep the ones that catch a wrong call`,
      ];
  }
  for (const [key, value] of Object.entries(map)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (Array.isArray(value)) {
      if (value.length === 0)
        problems.push(
          `expect.${path}: an empty list of allowed values can never be satisfied; list at least one`,
        );
      continue;
    }
    if (typeof value === "object") {
      problems.push(...expectProblems(value as { readonly [key: string]: ExpectValue }, path));
      continue;
    }
    const regex = REGEX_VALUE.exec(value as string);
    if (regex === null) continue;
    const [, source = "", flags = ""] = regex;
    try {
      new RegExp(source, flags);
    } catch (error) {
      problems.push(
        `expect.${path}: invalid regular expression ${value as string} (${(error as Error).message}); for a literal that starts and ends with a slash, write a one-element list`,
      );
      continue;
    }
    if (!/^[is]*$/.test(flags)) {
      problems.push(
        `expect.${path}: ${value as string}: only the i and s flags are supported in expect: guards`,
      );
      continue;
    }
    const analysis = analyseDialect(source);
    if ("problem" in analysis) problems.push(`expect.${path}: ${value as string}: ${analysis.problem}`);
  }
  return problems;
}

/** A guard map (already free of {@link expectProblems}) as flat guards in declaration order. */
export function compileExpect(map: { readonly [key: string]: ExpectValue }, prefix = ""): CompiledGuard[] {
  const guards: CompiledGuard[] = [];
  for (const [key, value] of Object.entries(map)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (Array.isArray(value)) {
      guards.push({ path, kind: "one-of", values: [...(value as readonly string[])] });
      continue;
    }
    if (typeof value === "object") {
      guards.push(...compileExpect(value as { readonly [key: string]: ExpectValue }, path));
      continue;
    }
    const text = value as string;
    const regex = REGEX_VALUE.exec(text);
    if (regex !== null) {
      const analysis = analyseDialect(regex[1] ?? "");
      const maxSubject = "maxSubject" in analysis ? analysis.maxSubject : 0;
      guards.push({ path, kind: "regex", source: regex[1] ?? "", flags: regex[2] ?? "", maxSubject });
    } else if (TYPE_NAMES.has(text))
      guards.push({ path, kind: "type", type: text === "boolean" ? "bool" : text });
    else guards.push({ path, kind: "literal", value: text });
  }
  return guards;
}

/**
 * The CLI's check of a `/regex/` guard's source: the dialect (no groups, alternation,
 * backreferences; quantifiers on single atoms; `^` first and `$` last only) and the longest
 * subject whose matching stays within its budget (at least 16 characters, or the guard is refused).
 */
export function analyseDialect(
  source: string,
): { readonly maxSubject: number } | { readonly problem: string } {
  let unbounded = 0;
  let choices = 1;
  let fixed = 0;
  let anchored = false;
  let atom = false;
  let afterQuantifier = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === "(" || c === ")" || c === "|") return { problem: DIALECT };
    if (c === "^") {
      if (i !== 0) return { problem: DIALECT };
      anchored = true;
      atom = false;
      afterQuantifier = false;
      continue;
    }
    if (c === "$") {
      if (i !== source.length - 1) return { problem: DIALECT };
      continue;
    }
    let quantifier: { lo: number; hi: number } | undefined;
    if (c === "*") quantifier = { lo: 0, hi: Infinity };
    else if (c === "+") quantifier = { lo: 1, hi: Infinity };
    else if (c === "?") {
      // A `?` right after a quantifier makes it lazy: no new repeat.
      if (afterQuantifier) {
        afterQuantifier = false;
        continue;
      }
      quantifier = { lo: 0, hi: 1 };
    } else if (c === "{") {
      const braces = /^\{(\d+)(?:,(\d*))?\}/.exec(source.slice(i));
      if (braces) {
        const lo = Number(braces[1]);
        const hi = braces[2] === undefined ? lo : braces[2] === "" ? Infinity : Number(braces[2]);
        if (hi < lo) return { problem: `quantifier ${braces[0]} has max < min` };
        quantifier = { lo, hi };
        i += braces[0].length - 1;
      }
    }
    if (quantifier !== undefined) {
      if (!atom) return { problem: "a quantifier must follow a single character, escape, or class" };
      fixed += (quantifier.hi === Infinity ? quantifier.lo : quantifier.hi) - 1;
      if (quantifier.hi === Infinity) unbounded++;
      else choices *= quantifier.hi - quantifier.lo + 1;
      atom = false;
      afterQuantifier = true;
      continue;
    }
    afterQuantifier = false;
    if (c === "\\") {
      const next = source[i + 1];
      if (next === undefined) return { problem: "pattern ends with a lone backslash" };
      if (/[1-9]/.test(next) || next === "k") return { problem: DIALECT };
      atom = next !== "b" && next !== "B";
      if (atom) fixed++;
      i++;
      continue;
    }
    if (c === "[") {
      i++;
      while (i < source.length && source[i] !== "]") {
        if (source[i] === "\\") i++;
        i++;
      }
      if (i >= source.length) return { problem: "unterminated character class" };
      atom = true;
      fixed++;
      continue;
    }
    atom = true;
    fixed++;
  }
  if (choices > MATCH_BUDGET) return { problem: "too many optional/bounded repeats for an expect: guard" };
  const cost = (n: number): number => {
    let f = 1;
    for (let b = 1; b <= unbounded; b++) f = (f * (n + b)) / b;
    return (anchored ? 1 : Math.max(1, n)) * f * choices * (n + fixed);
  };
  let lo = 0;
  let hi = LONGEST_SUBJECT;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (cost(mid) <= MATCH_BUDGET) lo = mid;
    else hi = mid - 1;
  }
  if (lo < 16)
    return {
      problem:
        "this combination of repeats leaves no useful subject length under the matching budget; use fewer quantifiers",
    };
  return { maxSubject: lo };
}
