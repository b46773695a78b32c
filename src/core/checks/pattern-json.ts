/** Strings and regular expressions as JSON, for checks that take either. */
import { InvalidOptionError } from "../errors.js";
import type { TextPattern } from "../predicates/text-match.js";
import type { JsonValue } from "./types.js";

/** `"done"` stays a string; `/done/i` becomes `{ regex: "done", flags: "i" }`. */
export function patternToJSON(pattern: TextPattern): JsonValue {
  return typeof pattern === "string" ? pattern : { regex: pattern.source, flags: pattern.flags };
}

/** The inverse of `patternToJSON`; throws on anything else. */
export function patternFromJSON(value: JsonValue | undefined, where: string): TextPattern {
  if (typeof value === "string") return value;
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    const { regex, flags } = value as { regex?: JsonValue; flags?: JsonValue };
    if (typeof regex === "string" && (flags === undefined || typeof flags === "string")) {
      return new RegExp(regex, flags ?? "");
    }
  }
  throw new InvalidOptionError(
    `${where}: expected a string or { regex, flags }, got ${JSON.stringify(value)}. Serialise patterns with the check's toJSON().`,
  );
}
