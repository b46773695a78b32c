/** Text helpers for the settings and fixture files an adapter writes into a run's work dir. */
import { InvalidOptionError } from "../../core/errors.js";
import { isRecord } from "../../core/is-record.js";

/**
 * `value` with `{cwd}` in every string replaced by `cwd`, through arrays and objects: specs write
 * absolute paths (a hook command's script) before the run's work dir exists.
 */
export function replaceCwd(value: unknown, cwd: string): unknown {
  if (typeof value === "string") return value.split("{cwd}").join(cwd);
  if (Array.isArray(value)) return value.map((v) => replaceCwd(v, cwd));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceCwd(v, cwd)]));
  }
  return value;
}

/** A fixture's JSON settings file as an object; a named error when it is not valid JSON or not an object. */
export function parseJsonObject(text: string, file: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new InvalidOptionError(
      `${file} is not valid JSON (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  if (!isRecord(parsed)) throw new InvalidOptionError(`${file} must hold a JSON object`);
  return parsed;
}

/** The variable names a dotenv file sets (`KEY=v`, `export KEY=v`, `KEY: v`, as the dotenv parser reads). */
export function dotenvKeys(text: string): string[] {
  const keys: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const m = /^\s*(?:export\s+)?([\w.-]+)(?:\s*=|:\s)/.exec(line);
    if (m?.[1]) keys.push(m[1]);
  }
  return keys;
}
